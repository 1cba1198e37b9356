import { pageTitle } from '../../../src-core/domain/navigation';
import type { User } from '../../../src-core/domain/user';
import { useBackend } from '../../lib/backend.context';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
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
  const { auth } = useBackend();
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
      <SpaceWarning />
      <UploadSection />
      <DeleteFilesSection />
      <PostsSection />
      <InboxSection />
    </div>
  );
}

export function AdminView() {
  usePageTitle(pageTitle('admin'));
  return <AdminGuard>{(user) => <AdminPage user={user} />}</AdminGuard>;
}
