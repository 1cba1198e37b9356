import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { INVITATION_PARAMETER } from '../../../src-core/domain/team';
import { InvitationView } from './invitation.view';
import { pageTitle } from '../../../src-core/domain/navigation';
import { useBackend } from '../../lib/backend.context';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { useCurrentUser } from '../admin/current-user.hook';
import { useHeadingFocusAfterNavigation } from '../admin/heading-focus.hook';
import { cameFromSigningOut } from '../admin/signed-out';
import { LoginForm } from './login-form';
import { contactNameInSentence, mailtoHref, telHref } from '../../../src-core/domain/association-details';
import { useAssociationDetails } from '../../components/association/association-details.hook';
import '../admin/admin-forms.css';

/** Who a locked-out or forgetful volunteer asks, from the association's details. */
function WhoToAsk() {
  const details = useAssociationDetails();
  const phone = details?.phone ?? '';
  const email = details?.email ?? '';
  return (
    <section aria-labelledby="login-help" className="login__help">
      <h2 id="login-help">Cannot sign in?</h2>
      <p>
        After several wrong passwords the sign-in waits a while before it lets you try again. If you have forgotten
        your password, ask whoever looks after the website to set a new one for you: nobody here can see your old
        one.
      </p>
      {(phone !== '' || email !== '') && (
        <p>
          Not sure who that is? Ask {details?.contactName === '' || details === undefined ? 'the association' : contactNameInSentence(details.contactName)}
          {phone !== '' && (
            <>
              {' '}
              on <a href={telHref(phone)}>{phone}</a>
            </>
          )}
          {phone !== '' && email !== '' && ' or'}
          {email !== '' && (
            <>
              {' '}
              at <a href={mailtoHref(email, 'Help signing in to the website')}>{email}</a>
            </>
          )}
          .
        </p>
      )}
    </section>
  );
}

/**
 * The sign-in page, or in its place the invitation its link carries (invitation.view.tsx): one
 * page in the route table that every visitor downloads, rather than two.
 */
export function LoginView() {
  const [params] = useSearchParams();
  const invitation = params.get(INVITATION_PARAMETER);
  return invitation === null ? <SignIn /> : <InvitationView token={invitation} />;
}

/** The sign-in. Someone signed in with a role goes straight on to the admin area. */
function SignIn() {
  usePageTitle(pageTitle('login'));
  const { auth } = useBackend();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const signedOut = cameFromSigningOut(useLocation().state);
  useHeadingFocusAfterNavigation();

  if (user?.administrator) return <Navigate to="/admin" replace />;

  return (
    <>
      <PageHeading>Administrator Login</PageHeading>
      <LoginForm
        onAdministrator={() => void navigate('/admin', { replace: true })}
        intro={
          <>
            {signedOut && !user && (
              <div role="status" className="status status--success login__signed-out">
                <p>You have been signed out. Sign in again to make more changes.</p>
              </div>
            )}
            <p className="lead">Sign in with your administrator e-mail address and password to upload and delete files.</p>
            {user && (
              <div role="alert" className="status status--warning login__not-admin">
                <p>
                  You are signed in as {user.email}, but this account cannot use the admin area because it is not an
                  administrator account. Sign in below with an administrator account, or sign out.
                </p>
                <button type="button" className="button button--secondary" onClick={() => void auth.signOut()}>
                  Sign out
                </button>
              </div>
            )}
          </>
        }
      />
      <WhoToAsk />
    </>
  );
}
