import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { LIMITS } from '../../../../src-core/domain/validation';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useFormFocus } from '../../../lib/form-focus.hook';
import { FormField, fieldBinding } from '../../../components/form-field';
import { FormActions } from '../../../components/form-actions';
import { FailureMessage, StatusMessage } from '../../../components/status-message';
import { submitHandler } from '../../../lib/form-values';
import { AdminCard } from '../admin-card';

/** Changing the administrator's own password: the current one first; every other device is signed out. */
export function PasswordSection() {
  const focus = useFormFocus();
  const machines = useAdminMachines();
  const [machine] = useState(() => machines.password(focus.actions));
  const [state, send] = useMachine(machine);
  // Typed once, so it can be checked by eye: shown on request rather than typed a second time.
  const [showNew, setShowNew] = useState(false);
  const showId = useId();
  const { errorMessage } = state.context;
  const submitting = state.matches('submitting');
  const field = fieldBinding(state.context, send, submitting);

  return (
    <AdminCard title="Change password" className="admin-password">
      {state.matches('changed') && (
        <StatusMessage tone="success" id={focus.noticeId}>Your password has been changed. Every other device you were signed in on has been signed out.</StatusMessage>
      )}
      <FailureMessage id={focus.failureId} message={errorMessage} />
      <form id={focus.formId} className="admin-form" noValidate onSubmit={submitHandler(send, ['currentPassword', 'newPassword'])}>
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
        <FormActions submit="Change password" busy={submitting} busyText="Changing your password..." />
      </form>
    </AdminCard>
  );
}
