import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { LIMITS } from '../../../src-core/domain/validation';
import { loginMachine } from '../../../src-core/machines/login.machine';
import type { Credentials, User } from '../../../src-core/domain/user';
import { useBackend } from '../../lib/backend.context';
import { FormField } from '../../components/form-field';

function formValues(form: HTMLFormElement): { email: string; password: string } {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { email: text('email'), password: text('password') };
}

/** E-mail, password and 'Login', on the login machine with the backend's sign-in. */
export function LoginForm({ onSignedIn }: { readonly onSignedIn: (user: User) => void }) {
  const { auth } = useBackend();
  const [machine] = useState(() =>
    loginMachine.provide({
      actors: { signIn: fromPromise<User, Credentials>(({ input }) => auth.signIn(input)) },
      actions: { onSignedIn: (_, { user }) => onSignedIn(user) },
    }),
  );
  const [state, send] = useMachine(machine);
  const { values, fieldErrors, errorMessage } = state.context;
  const submitting = state.matches('submitting');
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [submitCount, setSubmitCount] = useState(0);

  // After a refused submit, focus goes to the first field to fix; after a failed sign-in, to the message.
  useEffect(() => {
    if (submitCount === 0) return;
    if (state.matches('failure')) {
      failureRef.current?.focus();
      return;
    }
    const first = (['email', 'password'] as const).find((field) => fieldErrors[field] !== undefined);
    if (first !== undefined) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    // Only a finished attempt moves focus, not each keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount, state.value]);

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    // Password managers may fill the fields without telling React, so the form's own values count.
    send({ type: 'login.submit', values: formValues(event.currentTarget) });
    setSubmitCount((count) => count + 1);
  }

  return (
    <form ref={formRef} className="admin-form login-form" noValidate onSubmit={onSubmit}>
      {errorMessage !== null && (
        <div ref={failureRef} tabIndex={-1} role="alert" className="status status--error login-form__failure">
          <p>{errorMessage}</p>
        </div>
      )}
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        maxLength={LIMITS.email}
        value={values.email}
        error={fieldErrors.email}
        readOnly={submitting}
        onChange={(value) => send({ type: 'field.changed', field: 'email', value })}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={fieldErrors.password}
        readOnly={submitting}
        onChange={(value) => send({ type: 'field.changed', field: 'password', value })}
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
  );
}
