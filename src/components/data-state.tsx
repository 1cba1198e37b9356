import type { ReactNode } from 'react';
import type { RouteData } from '../lib/route-data.hook';
import './data-state.css';

export interface DataStateProps<T> {
  readonly data: RouteData<T>;
  /** The fixed texts of docs/behaviour.md#news-cards, e.g. 'Loading posts...'. */
  readonly loadingText: string;
  /** Says in plain words that there is nothing yet; without it, what loaded is always shown. */
  readonly emptyText?: string;
  /** Says what could not be loaded; the backend's own explanation follows it. */
  readonly failureText: string;
  /** Whether there is nothing to show; by default, a list with no items. */
  readonly isEmpty?: (data: T) => boolean;
  readonly children: (data: T) => ReactNode;
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/** The four faces of every list: loading, failed (with a way to try again), empty, and the list itself. */
export function DataState<T>({ data, loadingText, emptyText, failureText, isEmpty, children }: DataStateProps<T>) {
  if (data.status === 'loading') {
    return (
      <p role="status" className="data-state data-state--loading">
        {loadingText}
      </p>
    );
  }
  if (data.status === 'error') {
    return (
      <LoadFailure retry={data.retry}>
        {failureText} {data.error.message}
      </LoadFailure>
    );
  }
  if (emptyText !== undefined && (isEmpty ?? isEmptyList)(data.data)) return <p className="status">{emptyText}</p>;
  return <>{children(data.data)}</>;
}

/**
 * A load that failed: what could not be loaded and the backend's reason (the children), then 'Try
 * again'. The markup of StatusMessage's error tone (status-message.tsx), written here so a public
 * page's first load does not bring the forms' messages with it.
 */
export function LoadFailure({ children, retry, secondary = false }: { readonly children: ReactNode; readonly retry: () => void; readonly secondary?: boolean }) {
  return (
    <div role="alert" className="status status--error">
      <p>{children}</p>
      <button type="button" className={secondary ? 'button button--secondary' : 'button'} onClick={retry}>
        Try again
      </button>
    </div>
  );
}
