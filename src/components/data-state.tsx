import type { ReactNode } from 'react';
import type { RouteData } from '../lib/route-data.hook';
import { LoadFailure } from './status-message';
import './data-state.css';

export interface DataStateProps<T> {
  readonly data: RouteData<T>;
  /** The fixed texts of docs/behaviour.md#news-cards, e.g. 'Loading posts...'. */
  readonly loadingText: string;
  /** Says in plain words that there is nothing yet. */
  readonly emptyText: string;
  /** Says what could not be loaded; the backend's own explanation follows it. */
  readonly failureText: string;
  readonly isEmpty: (data: T) => boolean;
  readonly children: (data: T) => ReactNode;
}

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
  if (isEmpty(data.data)) return <p className="status">{emptyText}</p>;
  return <>{children(data.data)}</>;
}
