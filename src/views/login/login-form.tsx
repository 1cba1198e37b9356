import { useMachine } from '@xstate/react';
import { useId, useState, type ReactNode } from 'react';
import { LIMITS } from '../../../src-core/domain/validation';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useFormFocus } from '../../lib/form-focus.hook';
import { submitHandler } from '../../lib/form-values';
import { FormActions } from '../../components/form-actions';
import { FormField, fieldBinding } from '../../components/form-field';
import { SecondStepForm } from './second-step-form';

/**
 * E-mail, password and 'Login', on the login machine with the backend's sign-in. The machine
 * decides where a sign-in leads: an administrator to the admin area, an account with two-step
 * sign-in to the code (SecondStepForm), anyone else back to an empty form while the page
 * explains why.
 */
export function LoginForm({
  onAdministrator,
  intro,
}: {
  readonly onAdministrator: () => void;
  /** What the page says before the password step only (the signed-out note, how to sign in): the second step has its own words. */
  readonly intro?: ReactNode;
}) {
  const { formId, failureId, afterRender, actions } = useFormFocus();
  const secondStepFormId = useId();
  const machines = useAdminMachines();
  // After a refused submit, focus goes to the first field to fix; after a failed sign-in, to the message.
  const [machine] = useState(() =>
    machines.login({
      showAdminArea: onAdministrator,
      showSecondStep: () => afterRender(() => document.getElementById(secondStepFormId)?.querySelector('input')?.focus()),
      showPasswordStep: () => afterRender(() => document.getElementById(formId)?.querySelector('input')?.focus()),
      focusFieldToFix: actions.focusFieldToFix,
      focusFailure: actions.focusFailure,
    }),
  );
  const [state, send] = useMachine(machine);
  const { errorMessage } = state.context;
  const submitting = state.matches('submitting');
  const field = fieldBinding(state.context, send, submitting);

  if (state.matches('secondStep')) {
    return (
      <SecondStepForm formId={secondStepFormId} onAdministrator={onAdministrator} onStartAgain={() => send({ type: 'second-step.cancel' })} />
    );
  }

  return (
    <>
      {intro}
      <form id={formId} className="admin-form login-form" noValidate onSubmit={submitHandler(send, ['email', 'password'])}>
        {errorMessage !== null && (
          <div id={failureId} tabIndex={-1} role="alert" className="status status--error login-form__failure">
            <p>{errorMessage}</p>
          </div>
        )}
        <FormField
          label="E-mail"
          type="email"
          autoComplete="username"
          maxLength={LIMITS.email}
          {...field('email')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...field('password')}
        />
        <FormActions submit="Login" busy={submitting} busyText="Signing in..." />
      </form>
    </>
  );
}
