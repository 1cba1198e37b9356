/**
 * The admin area's pages, each at its own address under /admin. Only these names and paths are in
 * the code every visitor downloads (the route table); the pages themselves load with the admin chunk.
 * `/admin` itself keeps the upload forms and 'Delete Files' (docs/behaviour.md#uploads).
 */
export const ADMIN_PAGES = [
  { id: 'files', path: '/admin', name: 'Files' },
  { id: 'news', path: '/admin/news', name: 'News' },
  { id: 'events', path: '/admin/events', name: 'Events' },
  // A branch officer's own branch's page; the others change every branch under Members.
  { id: 'branch', path: '/admin/branch', name: 'Branch page' },
  { id: 'inbox', path: '/admin/inbox', name: 'Inbox' },
  // Joining online and the member list: applications to decide, the list itself (with one page
  // per member and the import of an existing list, reached from it, not from the navigation) and
  // the renewals.
  { id: 'applications', path: '/admin/applications', name: 'Applications' },
  { id: 'members', path: '/admin/members', name: 'Members' },
  { id: 'member', path: '/admin/members/:number', name: 'Member details' },
  { id: 'member-import', path: '/admin/members/import', name: 'Import members' },
  { id: 'renewals', path: '/admin/renewals', name: 'Renewals' },
  { id: 'email', path: '/admin/email', name: 'E-mail to members' },
  { id: 'details', path: '/admin/details', name: 'Association details' },
  { id: 'visits', path: '/admin/visits', name: 'Visits' },
  { id: 'team', path: '/admin/team', name: 'Team' },
  { id: 'account', path: '/admin/account', name: 'Account' },
  { id: 'activity', path: '/admin/activity', name: 'Activity' },
] as const;

export type AdminPageId = (typeof ADMIN_PAGES)[number]['id'];

export function adminPage(id: AdminPageId): (typeof ADMIN_PAGES)[number] {
  // Every id is in the list: the type says so.
  return ADMIN_PAGES.find((page) => page.id === id) ?? ADMIN_PAGES[0];
}
