import { useMachine } from '@xstate/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { LIMITS } from '../../../src-core/domain/validation';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { focusById, focusFirstInvalidField } from '../../lib/focus';
import { FormField, fieldBinding } from '../../components/form-field';
import { SecondStepForm } from './second-step-form';

function formValues(form: HTMLFormElement): { email: string; password: string } {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { email: text('email'), password: text('password') };
}

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
  const formId = useId();
  const secondStepFormId = useId();
  const failureId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  // After a refused submit, focus goes to the first field to fix; after a failed sign-in, to the message.
  const [machine] = useState(() =>
    machines.login({
      showAdminArea: onAdministrator,
      showSecondStep: () => afterRender(() => document.getElementById(secondStepFormId)?.querySelector('input')?.focus()),
      showPasswordStep: () => afterRender(() => document.getElementById(formId)?.querySelector('input')?.focus()),
      focusFieldToFix: () => afterRender(() => focusFirstInvalidField(formId)),
      focusFailure: () => afterRender(() => focusById(failureId)),
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

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    // Password managers may fill the fields without telling React, so the form's own values count.
    send({ type: 'form.submit', values: formValues(event.currentTarget) });
  }

  return (
    <>
      {intro}
      <form id={formId} className="admin-form login-form" noValidate onSubmit={onSubmit}>
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
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={submitting}>
            Login
          </button>
          {submitting && (
            <p role="status" className="admin-form__busy">
              Signing in...
            </p>
          )}
        </div>
      </form>
    </>
  );
}
