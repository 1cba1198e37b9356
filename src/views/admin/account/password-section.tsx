import { useMachine } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../src-core/domain/validation';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useAfterRender } from '../../../lib/after-render.hook';
import { focusById, focusFirstInvalidField } from '../../../lib/focus';
import { FormField, fieldBinding } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';

function formValues(form: HTMLFormElement): { currentPassword: string; newPassword: string } {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { currentPassword: text('currentPassword'), newPassword: text('newPassword') };
}

/** Changing the administrator's own password: the current one first; every other device is signed out. */
export function PasswordSection() {
  const headingId = useId();
  const formId = useId();
  const failureId = useId();
  const noticeId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.password({
      focusFieldToFix: () => afterRender(() => focusFirstInvalidField(formId)),
      focusFailure: () => afterRender(() => focusById(failureId)),
      focusNotice: () => afterRender(() => focusById(noticeId)),
    }),
  );
  const [state, send] = useMachine(machine);
  // Typed once, so it can be checked by eye: shown on request rather than typed a second time.
  const [showNew, setShowNew] = useState(false);
  const showId = useId();
  const { errorMessage } = state.context;
  const submitting = state.matches('submitting');
  const field = fieldBinding(state.context, send, submitting);

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    send({ type: 'form.submit', values: formValues(event.currentTarget) });
  }

  return (
    <section aria-labelledby={headingId} className="admin-card admin-password">
      <h2 id={headingId}>Change password</h2>
      {state.matches('changed') && (
        <StatusMessage tone="success" id={noticeId}>Your password has been changed. Every other device you were signed in on has been signed out.</StatusMessage>
      )}
      {errorMessage !== null && (
        <StatusMessage tone="error" id={failureId}>{errorMessage}</StatusMessage>
      )}
      <form id={formId} className="admin-form" noValidate onSubmit={onSubmit}>
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <FormField
          label="New password"
          type={showNew ? 'text' : 'password'}
          autoComplete="new-password"
          hint={`At least ${LIMITS.passwordMin} characters. A few unrelated words make a good one.`}
          maxLength={LIMITS.passwordMax}
          {...field('newPassword')}
        />
        <div className="admin-check">
          <input id={showId} type="checkbox" checked={showNew} onChange={(event) => setShowNew(event.target.checked)} />
          <label htmlFor={showId}>Show the new password as I type it</label>
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={submitting}>
            Change password
          </button>
          {submitting && (
            <p role="status" className="admin-form__busy">
              Changing your password...
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
