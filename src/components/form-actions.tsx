import type { ReactNode } from 'react';

export interface FormActionsProps {
  /** The submit button's words. */
  readonly submit: ReactNode;
  /** While the form is sent: the buttons are disabled and `busyText` says what is happening. */
  readonly busy: boolean;
  readonly busyText: string;
  /** Buttons after the submit button, such as 'Start again'. */
  readonly children?: ReactNode;
}

/** A form's submit button, any others beside it, and what the form is doing while it is sent (read out as a status). */
export function FormActions({ submit, busy, busyText, children }: FormActionsProps) {
  return (
    <div className="admin-form__actions">
      <button type="submit" className="button" disabled={busy}>
        {submit}
      </button>
      {children}
      {busy && (
        <p role="status" className="admin-form__busy">
          {busyText}
        </p>
      )}
    </div>
  );
}
