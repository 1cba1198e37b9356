import type { ReactNode } from 'react';

export interface FormActionsProps {
  /** The submit button's words. */
  readonly submit: ReactNode;
  /** While the form is sent: the submit button is disabled and `busyText` says what is happening. */
  readonly busy: boolean;
  readonly busyText: string;
  /** Whether the submit button is disabled, where that is not only while the form is sent. */
  readonly disabled?: boolean;
  /** A public page's form (the classes form-actions and form-sending), not the admin area's. */
  readonly publicForm?: boolean;
  /** Buttons after the submit button, such as 'Start again'. */
  readonly children?: ReactNode;
}

/** A form's submit button, any others beside it, and what the form is doing while it is sent (read out as a status). */
export function FormActions({ submit, busy, busyText, disabled = busy, publicForm = false, children }: FormActionsProps) {
  return (
    <div className={publicForm ? 'form-actions' : 'admin-form__actions'}>
      <button type="submit" className="button" disabled={disabled}>
        {submit}
      </button>
      {children}
      {busy && (
        <p role="status" className={publicForm ? 'form-sending' : 'admin-form__busy'}>
          {busyText}
        </p>
      )}
    </div>
  );
}
