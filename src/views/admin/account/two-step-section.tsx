import { useMachine } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useAfterRender } from '../../../lib/after-render.hook';
import { focusById, focusFirstInvalidField } from '../../../lib/focus';
import { formValues } from '../../../lib/form-values';
import { FormField, fieldBinding } from '../../../components/form-field';
import { RecoveryCodeActions } from './recovery-code-actions';
import { LoadFailure } from '../../../components/data-state';
import { StatusMessage } from '../../../components/status-message';
import { AdminCard } from '../admin-card';

function qrImage(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Two-step sign-in for the signed-in administrator (self-hosted): set it up with a QR code or a
 * typed key, confirm with a code from the app, see the ten recovery codes once, turn it off.
 * `required`: the site requires it and this administrator has not set it up yet.
 */
export function TwoStepSection({ required }: { readonly required: boolean }) {
  const statusId = useId();
  const failureId = useId();
  const enrolmentId = useId();
  const codeFormId = useId();
  const codesId = useId();
  const turnOffFormId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.twoStep({
      focusEnrolment: () => afterRender(() => focusById(enrolmentId)),
      focusFieldToFix: () =>
        afterRender(() => {
          // Only one of the two forms is on the page at a time.
          focusFirstInvalidField(codeFormId);
          focusFirstInvalidField(turnOffFormId);
        }),
      focusFailure: () => afterRender(() => focusById(failureId)),
      focusRecoveryCodes: () => afterRender(() => focusById(codesId)),
      focusStatus: () => afterRender(() => focusById(statusId)),
      focusTurnOff: () => afterRender(() => document.getElementById(turnOffFormId)?.querySelector('input')?.focus()),
    }),
  );
  const [state, send] = useMachine(machine);
  const { context } = state;
  const enabled = context.state?.enabled === true;
  const busy = state.matches('starting') || state.matches('confirming') || state.matches('turningOff');
  const field = fieldBinding(state.context, send, busy);

  const failure = context.errorMessage !== null && !state.matches('loadFailed') && (
    <StatusMessage tone="error" id={failureId}>{context.errorMessage}</StatusMessage>
  );

  function onCode(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    send({ type: 'code.submit', code: formValues(event.currentTarget, ['code']).code });
  }

  function onTurnOff(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    send({ type: 'turnOff.submit', password: formValues(event.currentTarget, ['password']).password });
  }

  return (
    <AdminCard title="Two-step sign-in" className="admin-two-step">
      {required && !enabled && (
        <div role="status" className="status status--warning">
          <p>This website requires two-step sign-in for administrators. Please set it up below before using the admin area.</p>
        </div>
      )}
      <p>
        With two-step sign-in, signing in needs your password and a 6-digit code from an authenticator app on your phone
        (for example Google Authenticator, Microsoft Authenticator or 2FAS), so a stolen password alone is not enough.
      </p>

      {state.matches('loading') && (
        <p role="status" className="admin-checking">
          Loading...
        </p>
      )}
      {state.matches('loadFailed') && (
        <LoadFailure secondary retry={() => send({ type: 'retry' })}>
          Your two-step sign-in settings could not be loaded. {context.errorMessage}
        </LoadFailure>
      )}

      {(state.matches('ready') || state.matches('starting') || state.matches('confirmingTurnOff') || state.matches('turningOff')) && (
        <>
          <p id={statusId} tabIndex={-1} className="admin-two-step__status">
            {enabled
              ? `Two-step sign-in is on. You have ${context.state?.recoveryCodesLeft ?? 0} unused recovery codes.`
              : 'Two-step sign-in is off.'}
          </p>
          {failure}
          {!state.matches('confirmingTurnOff') && !state.matches('turningOff') && (
            <div className="admin-form__actions">
              <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'two-step.start' })}>
                {enabled ? 'Set up a new phone' : 'Set up two-step sign-in'}
              </button>
              {enabled && !(context.state?.required ?? false) && (
                <button type="button" className="button button--secondary" disabled={busy} onClick={() => send({ type: 'turnOff.begin' })}>
                  Turn off two-step sign-in
                </button>
              )}
              {state.matches('starting') && (
                <p role="status" className="admin-form__busy">
                  Making a new key...
                </p>
              )}
            </div>
          )}
        </>
      )}

      {(state.matches('confirmingTurnOff') || state.matches('turningOff')) && (
        <form id={turnOffFormId} className="admin-form" noValidate onSubmit={onTurnOff}>
          <FormField
            label="Your password"
            type="password"
            autoComplete="current-password"
            hint="To turn off two-step sign-in, type your password."
            {...field('password')}
          />
          <div className="admin-form__actions">
            <button type="submit" className="button" disabled={busy}>
              Turn off
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => send({ type: 'turnOff.cancel' })}>
              Cancel
            </button>
          </div>
        </form>
      )}

      {(state.matches('enrolling') || state.matches('confirming')) && context.enrolment !== null && (
        <div className="admin-two-step__enrolment">
          <h3 id={enrolmentId} tabIndex={-1}>
            Add this website to your authenticator app
          </h3>
          <ol>
            <li>Open the authenticator app on your phone and choose to add an account.</li>
            <li>Scan this QR code with it, or type the key below the code.</li>
            <li>Type the 6-digit code the app then shows, and choose Confirm.</li>
          </ol>
          <img className="admin-two-step__qr" src={qrImage(context.enrolment.qrSvg)} alt="QR code holding the key for your authenticator app" width={200} height={200} />
          <p>
            Key to type: <code className="admin-two-step__key">{context.enrolment.key}</code>
          </p>
          {failure}
          <form id={codeFormId} className="admin-form" noValidate onSubmit={onCode}>
            <FormField
              label="Code from the app"
              autoComplete="one-time-code"
              maxLength={20}
              {...field('code')}
            />
            <div className="admin-form__actions">
              <button type="submit" className="button" disabled={busy}>
                Confirm
              </button>
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => send({ type: 'enrolment.cancel' })}>
                Cancel
              </button>
              {state.matches('confirming') && (
                <p role="status" className="admin-form__busy">
                  Checking the code...
                </p>
              )}
            </div>
          </form>
        </div>
      )}

      {state.matches('showingCodes') && (
        <div className="admin-two-step__codes">
          <h3 id={codesId} tabIndex={-1}>
            Two-step sign-in is on: your recovery codes
          </h3>
          <p>
            If you lose your phone, each of these codes signs you in once instead of a code from the app. Print, copy or
            download them now and keep them somewhere safe: they are shown only this once.
          </p>
          <ul className="admin-two-step__code-list">
            {context.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <RecoveryCodeActions codes={context.recoveryCodes} />
          <button type="button" className="button" onClick={() => send({ type: 'codes.saved' })}>
            I have saved my recovery codes
          </button>
        </div>
      )}
    </AdminCard>
  );
}
