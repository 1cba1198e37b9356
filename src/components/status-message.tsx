import type { ReactNode } from 'react';

export interface StatusMessageProps {
  /** 'error' is read out at once (role alert); 'success' when the reader is free (role status). */
  readonly tone: 'success' | 'error';
  /** Given when a machine's focus action moves focus to the message (src/lib/view-actions.ts). */
  readonly id?: string;
  /** What happened, as one paragraph. */
  readonly children: ReactNode;
  /** A button under the words, such as 'Try again'. */
  readonly action?: ReactNode;
}

/** How something went, in the site's status colours: one block every form and list uses. */
export function StatusMessage({ tone, id, children, action }: StatusMessageProps) {
  return (
    <div id={id} tabIndex={id === undefined ? undefined : -1} role={tone === 'error' ? 'alert' : 'status'} className={`status status--${tone}`}>
      <p>{children}</p>
      {action}
    </div>
  );
}

/** A form's or job's refusal, where the machine's focus action finds it (its id); nothing while there is none. */
export function FailureMessage({ id, message }: { readonly id: string; readonly message: string | null }) {
  return message === null ? null : (
    <StatusMessage tone="error" id={id}>
      {message}
    </StatusMessage>
  );
}

/** Where a machine's notice shows after a save: always drawn, so focus can move to it, and read out when it changes. */
export function NoticeArea({ id, notice }: { readonly id: string; readonly notice: string | null }) {
  return (
    <div id={id} tabIndex={-1} role="status" className="admin-notice">
      {notice !== null && <p className="status status--success">{notice}</p>}
    </div>
  );
}
