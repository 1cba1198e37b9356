import { useMachine } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../src-core/domain/validation';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useAfterRender } from '../../../lib/after-render.hook';
import { focusById, focusFirstInvalidField } from '../../../lib/focus';
import { FormField } from '../../../components/form-field';

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
  const { values, fieldErrors, errorMessage } = state.context;
  const submitting = state.matches('submitting');

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    send({ type: 'form.submit', values: formValues(event.currentTarget) });
  }

  return (
    <section aria-labelledby={headingId} className="admin-card admin-password">
      <h2 id={headingId}>Change password</h2>
      {state.matches('changed') && (
        <div id={noticeId} tabIndex={-1} role="status" className="status status--success">
          <p>Your password has been changed. Every other device you were signed in on has been signed out.</p>
        </div>
      )}
      {errorMessage !== null && (
        <div id={failureId} tabIndex={-1} role="alert" className="status status--error">
          <p>{errorMessage}</p>
        </div>
      )}
      <form id={formId} className="admin-form" noValidate onSubmit={onSubmit}>
        <FormField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          error={fieldErrors.currentPassword}
          readOnly={submitting}
          onChange={(value) => send({ type: 'field.changed', field: 'currentPassword', value })}
        />
        <FormField
          label="New password"
          name="newPassword"
          type={showNew ? 'text' : 'password'}
          autoComplete="new-password"
          hint={`At least ${LIMITS.passwordMin} characters. A few unrelated words make a good one.`}
          maxLength={LIMITS.passwordMax}
          value={values.newPassword}
          error={fieldErrors.newPassword}
          readOnly={submitting}
          onChange={(value) => send({ type: 'field.changed', field: 'newPassword', value })}
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
