import { pageTitle } from '../../../src-core/domain/navigation';
import type { User } from '../../../src-core/domain/user';
import { useBackend } from '../../lib/backend.context';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { ActivitySection } from './account/activity-section';
import { DevicesSection } from './account/devices-section';
import { PasswordSection } from './account/password-section';
import { TwoStepSection } from './account/two-step-section';
import { AdminGuard } from './admin-guard';
import { DeleteFilesSection } from './delete-files-section';
import { useHeadingFocusAfterNavigation } from './heading-focus.hook';
import { InboxSection } from './inbox-section';
import { PostsSection } from './posts-section';
import { SpaceWarning } from './space-warning';
import { UploadSection } from './upload-section';
import './admin-forms.css';
import './admin.css';

function AdminPage({ user }: { readonly user: User }) {
  const { auth, account } = useBackend();
  // A site that requires two-step sign-in (ADMIN_REQUIRE_2FA) offers only setting it up until it
  // is on. Every section keeps its place, so the set-up in progress stays when the rest appears.
  const everything = user.mustSetUpTwoStep !== true;
  useHeadingFocusAfterNavigation();
  return (
    <div className="admin">
      <div className="admin__top">
        <PageHeading>Admin</PageHeading>
        <div className="admin__account">
          <p>
            Signed in as <strong>{user.email}</strong>
          </p>
          <button type="button" className="button button--secondary" onClick={() => void auth.signOut()}>
            Sign out
          </button>
        </div>
      </div>
      {everything ? <SpaceWarning /> : null}
      {everything ? <UploadSection /> : null}
      {everything ? <DeleteFilesSection /> : null}
      {everything ? <PostsSection /> : null}
      {everything ? <InboxSection /> : null}
      {account === undefined ? null : <TwoStepSection required={!everything} />}
      {account !== undefined && everything ? <DevicesSection /> : null}
      {account !== undefined && everything ? <PasswordSection /> : null}
      {everything ? <ActivitySection /> : null}
    </div>
  );
}

export function AdminView() {
  usePageTitle(pageTitle('admin'));
  return <AdminGuard>{(user) => <AdminPage user={user} />}</AdminGuard>;
}
