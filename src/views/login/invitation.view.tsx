import { useMachine } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import { ROLE_DUTIES, ROLE_NAMES } from '../../../src-core/domain/roles';
import { LIMITS } from '../../../src-core/domain/validation';
import { FormField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { StatusMessage } from '../../components/status-message';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { focusById } from '../../lib/focus';
import { useHeadingFocusAfterNavigation } from '../admin/heading-focus.hook';
import '../admin/admin-forms.css';

/**
 * The page an invitation e-mail links to (the sign-in page's address, with the invitation's
 * token; src-core/domain/team.ts): who it is for, and a button that makes the account
 * with the password chosen (opening the link changes nothing). Then the admin area, which lands
 * each role on a page it can use and asks for two-step sign-in where the site requires it.
 */
export function InvitationView({ token }: { readonly token: string }) {
  usePageTitle(pageTitle('login', 'Join the website team'));
  useHeadingFocusAfterNavigation();
  const navigate = useNavigate();
  const machines = useAdminMachines();
  const afterRender = useAfterRender();
  const failureId = useId();
  const showId = useId();
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [machine] = useState(() =>
    machines.invitation({
      accepted: () => void navigate('/admin', { replace: true }),
      focusFailure: () => afterRender(() => focusById(failureId)),
    }),
  );
  const [state, send] = useMachine(machine, { input: { token } });
  const { details, errorMessage, passwordError } = state.context;

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    send({ type: 'invitation.accept', password });
  }

  return (
    <>
      <PageHeading>Join the website team</PageHeading>
      {state.matches('checking') && <p role="status">Checking your invitation...</p>}
      {state.matches('refused') && (
        <>
          <div className="admin-message">
            <StatusMessage tone="error">{errorMessage}</StatusMessage>
          </div>
          <p>
            If you already accepted it, <Link to="/login">sign in here</Link>.
          </p>
        </>
      )}
      {details !== null && !state.matches('refused') && (
        <>
          <p className="lead">
            You are invited as <strong>{ROLE_NAMES[details.role].toLowerCase()}</strong>
            {details.branchName === undefined ? '' : ` of ${details.branchName}`}: {ROLE_DUTIES[details.role].toLowerCase()}
          </p>
          <p>
            Your e-mail address for signing in is <strong>{details.email}</strong>. Choose a password to accept.
          </p>
          {errorMessage !== null && (
            <div className="admin-message">
              <StatusMessage tone="error" id={failureId}>
                {errorMessage}
              </StatusMessage>
            </div>
          )}
          <form className="admin-form" noValidate onSubmit={onSubmit}>
            <FormField
              label="Choose a password"
              name="password"
              type={show ? 'text' : 'password'}
              autoComplete="new-password"
              hint={`At least ${LIMITS.passwordMin} characters. A few unrelated words make a good one.`}
              maxLength={LIMITS.passwordMax}
              value={password}
              onChange={setPassword}
              error={passwordError ?? undefined}
            />
            <div className="admin-check">
              <input id={showId} type="checkbox" checked={show} onChange={(event) => setShow(event.target.checked)} />
              <label htmlFor={showId}>Show the password as I type it</label>
            </div>
            <div className="admin-form__actions">
              <button type="submit" className="button" disabled={!state.matches('ready')}>
                Accept and sign in
              </button>
              {state.matches('accepting') && (
                <p role="status" className="admin-form__busy">
                  Setting up your account...
                </p>
              )}
            </div>
          </form>
        </>
      )}
    </>
  );
}
