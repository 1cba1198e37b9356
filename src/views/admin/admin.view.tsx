import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import type { User } from '../../../src-core/domain/user';
import { useBackend, useRouteDataCache } from '../../lib/backend.context';
import { ADMIN_KEY_PREFIX } from './admin.queries';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { ActivitySection } from './account/activity-section';
import { DevicesSection } from './account/devices-section';
import { PasswordSection } from './account/password-section';
import { TrustedBrowsersSection } from './account/trusted-browsers-section';
import { TwoStepSection } from './account/two-step-section';
import { AdminGuard } from './admin-guard';
import { AdminNav, useAdminPagesHere } from './admin-nav';
import { adminPage, type AdminPageId } from '../../../src-core/domain/admin-pages';
import { StoppedUploadNote } from './upload-guard';
import { DeleteFilesSection } from './delete-files-section';
import { DetailsSection } from './details-section';
import { EventsSection } from './events-section';
import { useHeadingFocusAfterNavigation } from './heading-focus.hook';
import { InboxActorProvider } from './inbox-actor';
import { InboxSection } from './inbox-section';
import { KeptElsewhereSection } from './kept-elsewhere-section';
import { MemberMailPage } from './member-mail/member-mail-page';
import { ApplicationsPage } from './members/applications-page';
import { ImportPage } from './members/import-page';
import { MemberPage } from './members/member-page';
import { MembersPage } from './members/members-page';
import { RenewalsPage } from './members/renewals-page';
import { ContentManagerNote, PostsSection } from './posts-section';
import { SpaceWarning } from './space-warning';
import { UploadSection } from './upload-section';
import { VisitsPage } from './visits/visits-page';
import { TeamPage } from './team/team-page';
import { BranchLimitProvider } from './branch-limit';
import { OwnBranchPage } from './own-branch-page';
import { ROLE_HOME, ROLE_NAMES, mayUsePage, roleOf, type StaffRole } from '../../../src-core/domain/roles';
import './admin-forms.css';
import './admin.css';

/** `/admin` itself: the spec's three upload forms, 'Delete Files' and, on the hosted backend, the note on the CMS. */
function FilesPage() {
  const { contentEditor } = useBackend();
  return (
    <>
      <StoppedUploadNote />
      <SpaceWarning />
      <UploadSection />
      <DeleteFilesSection />
      {contentEditor === undefined && <ContentManagerNote />}
      <KeptElsewhereSection />
    </>
  );
}

/** `twoStepShown`: the set-up just done above keeps its place, so it is not shown twice. */
function AccountPage({ twoStepShown }: { readonly twoStepShown: boolean }) {
  return (
    <>
      {twoStepShown ? null : <TwoStepSection required={false} />}
      <DevicesSection />
      <TrustedBrowsersSection />
      <PasswordSection />
    </>
  );
}

function PageContent({ page, twoStepShown }: { readonly page: AdminPageId; readonly twoStepShown: boolean }) {
  switch (page) {
    case 'files':
      return <FilesPage />;
    case 'news':
      return <PostsSection />;
    case 'events':
      return <EventsSection />;
    case 'branch':
      return <OwnBranchPage />;
    case 'inbox':
      return <InboxSection />;
    case 'applications':
      return <ApplicationsPage />;
    case 'members':
      return <MembersPage />;
    case 'member':
      return <MemberPage />;
    case 'member-import':
      return <ImportPage />;
    case 'renewals':
      return <RenewalsPage />;
    case 'email':
      return <MemberMailPage />;
    case 'details':
      return <DetailsSection />;
    case 'visits':
      return <VisitsPage />;
    case 'team':
      return <TeamPage />;
    case 'account':
      return <AccountPage twoStepShown={twoStepShown} />;
    case 'activity':
      return <ActivitySection />;
  }
}

/** A page outside the role: one clear sentence, with the navigation to the pages it has above. */
function NotInYourRole({ role }: { readonly role: StaffRole }) {
  return (
    <p className="status status--warning" role="status">
      This page is not part of your role ({ROLE_NAMES[role].toLowerCase()}). Please choose one of the pages above, or ask an administrator if you need this one.
    </p>
  );
}

function AdminPage({ user, page }: { readonly user: User; readonly page: AdminPageId }) {
  const { auth, account } = useBackend();
  const here = useAdminPagesHere();
  useHeadingFocusAfterNavigation();
  // A site that requires two-step sign-in (ADMIN_REQUIRE_2FA) offers only setting it up until it is on.
  const setUpFirst = user.mustSetUpTwoStep === true && account !== undefined;
  // The set-up keeps its place on the page where it was done once the rest appears, so its
  // recovery codes stay on screen; another admin page shows the area as usual.
  const [setUpOn, setSetUpOn] = useState<AdminPageId | null>(null);
  if (setUpFirst && setUpOn !== page) setSetUpOn(page);
  const settingUp = setUpOn === page;
  // An address for a page this backend does not have (e.g. the inbox on the hosted one) leads to /admin.
  if (!here.has(page)) return <Navigate to="/admin" replace />;
  // The guard lets in only a user with a role. '/admin' (where signing in leads) takes a role
  // without its files to the page it starts on.
  const role = roleOf(user);
  if (role === undefined) return <Navigate to="/login" replace />;
  const allowed = mayUsePage(role, page);
  if (!allowed && page === 'files') return <Navigate to={adminPage(ROLE_HOME[role]).path} replace />;
  return (
    <div className="admin">
      <div className="admin__top">
        <PageHeading>{page === 'files' || setUpFirst ? 'Admin' : adminPage(page).name}</PageHeading>
        <div className="admin__account">
          <p>
            Signed in as <strong>{user.email}</strong>
          </p>
          <button type="button" className="button button--secondary" onClick={() => void auth.signOut()}>
            Sign out
          </button>
        </div>
      </div>
      {settingUp && <TwoStepSection required={setUpFirst} />}
      {setUpFirst ? null : (
        <InboxActorProvider allowed={mayUsePage(role, 'inbox')}>
          <BranchLimitProvider user={user}>
            <AdminNav role={role} />
            {allowed ? <PageContent page={page} twoStepShown={settingUp} /> : <NotInYourRole role={role} />}
          </BranchLimitProvider>
        </InboxActorProvider>
      )}
    </div>
  );
}

export function AdminView({ page }: { readonly page: AdminPageId }) {
  const cache = useRouteDataCache();
  // What only an administrator may read leaves the browser's memory when the admin area closes
  // (signing out leads to the login page), so the next person at this browser never sees it.
  useEffect(() => () => cache.invalidate(ADMIN_KEY_PREFIX), [cache]);
  usePageTitle(page === 'files' ? pageTitle('admin') : pageTitle('admin', adminPage(page).name));
  return (
    <AdminGuard>
      {(user) => <AdminPage user={user} page={page} />}
    </AdminGuard>
  );
}
