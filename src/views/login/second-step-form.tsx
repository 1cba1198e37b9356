import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useBackend } from '../../lib/backend.context';
import { useFormFocus } from '../../lib/form-focus.hook';
import { submitHandler } from '../../lib/form-values';
import { FormActions } from '../../components/form-actions';
import { FormField, fieldBinding } from '../../components/form-field';

export interface SecondStepFormProps {
  /** The form's id: the login form focuses its field as it appears. */
  readonly formId: string;
  readonly onAdministrator: () => void;
  readonly onStartAgain: () => void;
}

/**
 * The second step of signing in: the 6-digit code from the authenticator app, or a recovery
 * code, on the second-step machine with the backend's completeSecondStep.
 */
export function SecondStepForm({ formId, onAdministrator, onStartAgain }: SecondStepFormProps) {
  const { failureId, actions } = useFormFocus(formId);
  const headingId = useId();
  const trustId = useId();
  const machines = useAdminMachines();
  // Recovery codes are the self-hosted server's, which also has the account settings.
  const recoveryCodes = useBackend().account !== undefined;
  const [machine] = useState(() =>
    machines.secondStep({
      showAdminArea: onAdministrator,
      // Read from the form as it is submitted: the machine only carries the code.
      trustBrowser: () => (document.getElementById(trustId) as HTMLInputElement | null)?.checked === true,
      focusFieldToFix: actions.focusFieldToFix,
      focusFailure: actions.focusFailure,
    }),
  );
  const [state, send] = useMachine(machine);
  const { errorMessage } = state.context;
  const submitting = state.matches('submitting');
  const field = fieldBinding(state.context, send, submitting);

  return (
    <form id={formId} className="admin-form login-form" noValidate aria-labelledby={headingId} onSubmit={submitHandler(send, ['code'])}>
      <h2 id={headingId}>Two-step sign-in</h2>
      <p>
        Your password was right. Now open the authenticator app on your phone and type the 6-digit code it shows for
        this website.
        {recoveryCodes && ' If you do not have your phone with you, type one of your recovery codes instead.'}
      </p>
      {errorMessage !== null && (
        <div id={failureId} tabIndex={-1} role="alert" className="status status--error login-form__failure">
          <p>{errorMessage}</p>
        </div>
      )}
      <FormField
        label="Code"
        autoComplete="one-time-code"
        maxLength={40}
        {...field('code')}
      />
      {recoveryCodes && (
        <div className="admin-check">
          <input id={trustId} type="checkbox" name="trustBrowser" disabled={submitting} aria-describedby={`${trustId}-hint`} />
          <label htmlFor={trustId}>Trust this browser for 30 days</label>
        </div>
      )}
      {recoveryCodes && (
        <p id={`${trustId}-hint`} className="form-field__hint login-form__trust-hint">
          Signing in again in this browser will then ask only for your password. Only choose this on your own computer or
          phone. You can stop trusting it on the Account page.
        </p>
      )}
      <FormActions submit="Continue" busy={submitting} busyText="Checking the code...">
        <button type="button" className="button button--secondary" disabled={submitting} onClick={onStartAgain}>
          Start again
        </button>
      </FormActions>
    </form>
  );
}
