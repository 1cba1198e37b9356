import type { AdminPageId } from './admin-pages';

/**
 * The roles an account of the admin area can have. One table below says what each may use; the
 * server enforces it on every admin API route (server/plugins/auth.plugin.ts) and the admin area
 * shows only the pages it allows, so the two never disagree.
 *
 * Room for a role limited to one branch: such a role would be a name here plus a branch id kept
 * on the account beside the role, and `mayUse` would take the record's branch as well. The areas
 * it covers stay in this table.
 */
export const STAFF_ROLES = ['administrator', 'editor', 'membership-secretary'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_NAMES: Readonly<Record<StaffRole, string>> = {
  administrator: 'Administrator',
  editor: 'Editor',
  'membership-secretary': 'Membership secretary',
};

/** What each role is for, in one line the Team page shows beside the choice. */
export const ROLE_DUTIES: Readonly<Record<StaffRole, string>> = {
  administrator: 'Everything, including the team, settings and activity.',
  editor: 'News, files, events and bookings.',
  'membership-secretary': 'Members, applications, subscribers and e-mail to members.',
};

/**
 * The parts of the admin area a permission is given for:
 * - content: news, files, events and their bookings;
 * - membership: applications, members, renewals, subscribers, e-mail to members, branches and
 *   the membership settings;
 * - site: the association's details, the inbox, visits, the activity record and the team;
 * - own-account: one's own password, two-step sign-in and devices.
 */
export type AdminArea = 'content' | 'membership' | 'site' | 'own-account';

/** @internal Outside this file only tests use it. */
export const ROLE_AREAS: Readonly<Record<StaffRole, readonly AdminArea[]>> = {
  administrator: ['content', 'membership', 'site', 'own-account'],
  editor: ['content', 'own-account'],
  'membership-secretary': ['membership', 'own-account'],
};

const PAGE_AREAS: Readonly<Record<AdminPageId, AdminArea>> = {
  files: 'content',
  news: 'content',
  events: 'content',
  inbox: 'site',
  applications: 'membership',
  members: 'membership',
  member: 'membership',
  'member-import': 'membership',
  renewals: 'membership',
  email: 'membership',
  details: 'site',
  visits: 'site',
  team: 'site',
  account: 'own-account',
  activity: 'site',
};

/** Where each role lands after signing in: a page it can use, never an empty one. */
export const ROLE_HOME: Readonly<Record<StaffRole, AdminPageId>> = {
  administrator: 'files',
  editor: 'files',
  'membership-secretary': 'members',
};

/** The role a signed-in user has in the admin area; none for a user who may not use it. */
export function roleOf(user: { readonly administrator: boolean; readonly role?: StaffRole } | null): StaffRole | undefined {
  if (user === null || !user.administrator) return undefined;
  return user.role ?? 'administrator';
}

export function mayUse(role: StaffRole | undefined, area: AdminArea): boolean {
  return role !== undefined && ROLE_AREAS[role].includes(area);
}

export function mayUsePage(role: StaffRole | undefined, page: AdminPageId): boolean {
  return mayUse(role, PAGE_AREAS[page]);
}

/** How long an invitation link works after it was sent. */
export const INVITATION_HOURS = 48;

/**
 * How long an expired invitation (an address and a role) is kept, shown on the Team page as
 * expired so an administrator sees it lapsed and can invite again; then it is deleted. The
 * privacy page quotes it.
 */
export const EXPIRED_INVITATION_KEPT_DAYS = 7;
