import { pageTitle } from '../../../src-core/domain/navigation';
import type { User } from '../../../src-core/domain/user';
import { useBackend } from '../../lib/backend.context';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { ActivitySection } from './account/activity-section';
import { DevicesSection } from './account/devices-section';
import { PasswordSection } from './account/password-section';
import { TwoStepSection } from './account/two-step-section';
import { ADMIN_PARTS, AdminContents } from './admin-contents';
import { AdminGuard } from './admin-guard';
import { StoppedUploadNote } from './upload-guard';
import { DeleteFilesSection } from './delete-files-section';
import { DetailsSection } from './details-section';
import { useHeadingFocusAfterNavigation } from './heading-focus.hook';
import { InboxActorProvider } from './inbox-actor';
import { InboxSection } from './inbox-section';
import { KeptElsewhereSection } from './kept-elsewhere-section';
import { PostsSection } from './posts-section';
import { SpaceWarning } from './space-warning';
import { UploadSection } from './upload-section';
import './admin-forms.css';
import './admin.css';

function AdminPage({ user }: { readonly user: User }) {
  const { auth, account, audit } = useBackend();
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
      {everything ? (
        <InboxActorProvider>
          <AdminContents />
          <StoppedUploadNote />
          <SpaceWarning />
          <div id={ADMIN_PARTS.upload} className="admin__part">
            <UploadSection />
          </div>
          <div id={ADMIN_PARTS.delete} className="admin__part">
            <DeleteFilesSection />
          </div>
          <div id={ADMIN_PARTS.posts} className="admin__part">
            <PostsSection />
          </div>
          <div id={ADMIN_PARTS.messages} className="admin__part">
            <InboxSection />
          </div>
          <div id={ADMIN_PARTS.details} className="admin__part">
            <DetailsSection />
          </div>
        </InboxActorProvider>
      ) : null}
      {account === undefined ? null : (
        <div id={ADMIN_PARTS.account} className="admin__part">
          <TwoStepSection required={!everything} />
          {everything ? <DevicesSection /> : null}
          {everything ? <PasswordSection /> : null}
        </div>
      )}
      {everything && audit !== undefined ? (
        <div id={ADMIN_PARTS.activity} className="admin__part">
          <ActivitySection />
        </div>
      ) : null}
      {everything ? <KeptElsewhereSection /> : null}
    </div>
  );
}

export function AdminView() {
  usePageTitle(pageTitle('admin'));
  return <AdminGuard>{(user) => <AdminPage user={user} />}</AdminGuard>;
}
