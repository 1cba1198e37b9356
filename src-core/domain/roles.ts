import type { AdminPageId } from './admin-pages';
import type { Folder } from './stored-file';

/**
 * The roles an account of the admin area can have. One table below says what each may use; the
 * server enforces it on every admin API route (server/plugins/auth.plugin.ts) and the admin area
 * shows only the pages it allows, so the two never disagree.
 *
 * A branch officer is limited to one branch: the account keeps that branch's id beside the role
 * (an officer without one cannot exist), and `mayUse` takes the record's branch as well.
 */
export const STAFF_ROLES = ['administrator', 'editor', 'membership-secretary', 'branch-officer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_NAMES: Readonly<Record<StaffRole, string>> = {
  administrator: 'Administrator',
  editor: 'Editor',
  'membership-secretary': 'Membership secretary',
  'branch-officer': 'Branch officer',
};

/** What each role is for, in one line the Team page shows beside the choice. */
export const ROLE_DUTIES: Readonly<Record<StaffRole, string>> = {
  administrator: 'Everything, including the team, settings and activity.',
  editor: 'News, files, events and bookings.',
  'membership-secretary': 'Members, applications, subscribers and e-mail to members.',
  'branch-officer': "One branch's page, its news and its events with their bookings.",
};

/**
 * The parts of the admin area a permission is given for:
 * - news-and-events: news, events (uploading and deleting their files too) and their bookings,
 *   and pictures for the news;
 * - content: the other files (important documents, newsletters), and the booking settings and
 *   booking records of the whole site;
 * - branch-pages: a branch's page (where and when it meets, its contact and description);
 * - membership: applications, members, renewals, subscribers, e-mail to members, adding and
 *   removing branches, and the membership settings;
 * - site: the association's details, the inbox, visits, the activity record and the team;
 * - own-account: one's own password, two-step sign-in and devices.
 */
export type AdminArea = 'news-and-events' | 'content' | 'branch-pages' | 'membership' | 'site' | 'own-account';

/** @internal Outside this file only tests use it. */
export const ROLE_AREAS: Readonly<Record<StaffRole, readonly AdminArea[]>> = {
  administrator: ['news-and-events', 'content', 'branch-pages', 'membership', 'site', 'own-account'],
  editor: ['news-and-events', 'content', 'own-account'],
  'membership-secretary': ['membership', 'branch-pages', 'own-account'],
  'branch-officer': ['news-and-events', 'branch-pages', 'own-account'],
};

/** The roles that use their areas for the records of one branch only, the account's own. */
const ONE_BRANCH_ROLES: ReadonlySet<StaffRole> = new Set(['branch-officer']);

/** Whether the role is limited to one branch, so its account must name one. */
export function isOneBranchRole(role: StaffRole): boolean {
  return ONE_BRANCH_ROLES.has(role);
}

/** Who asks: the role, and for a role limited to one branch, the account's branch. */
export interface StaffMember {
  readonly role?: StaffRole;
  readonly branchId?: string;
}

const PAGE_AREAS: Readonly<Record<AdminPageId, AdminArea>> = {
  files: 'content',
  news: 'news-and-events',
  events: 'news-and-events',
  branch: 'branch-pages',
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

/**
 * The one branch whose records a user reads and changes: undefined for a role that has every
 * branch, null for a role limited to one whose account names none (it then has nothing).
 */
export function branchLimitOf(who: StaffMember | null | undefined): string | null | undefined {
  if (who?.role === undefined || !isOneBranchRole(who.role)) return undefined;
  return who.branchId ?? null;
}

/** Where each role lands after signing in: a page it can use, never an empty one. */
export const ROLE_HOME: Readonly<Record<StaffRole, AdminPageId>> = {
  administrator: 'files',
  editor: 'files',
  'membership-secretary': 'members',
  'branch-officer': 'news',
};

/** The role a signed-in user has in the admin area; none for a user who may not use it. */
export function roleOf(user: { readonly administrator: boolean; readonly role?: StaffRole } | null): StaffRole | undefined {
  if (user === null || !user.administrator) return undefined;
  return user.role ?? 'administrator';
}

/**
 * Whether the role may use the area; with `record`, whether it may read or change that record:
 * a role limited to one branch only the records of its own branch (`branchId` null is a
 * national record, which is not any branch's).
 */
export function mayUse(who: StaffMember | StaffRole | undefined, area: AdminArea, record?: { readonly branchId: string | null }): boolean {
  const { role, branchId } = typeof who === 'string' ? { role: who, branchId: undefined } : (who ?? {});
  if (role === undefined || !ROLE_AREAS[role].includes(area)) return false;
  if (record === undefined || !isOneBranchRole(role)) return true;
  return branchId !== undefined && record.branchId === branchId;
}

/**
 * The part of the admin area uploading or deleting a file of `folder` belongs to: an event's file
 * is the event itself, so a branch officer adds and removes their own branch's; the others are content.
 */
export function fileArea(folder: Folder): AdminArea {
  return folder === 'events' ? 'news-and-events' : 'content';
}

/** The areas the files routes belong to between them, one for each folder. */
export const FILE_AREAS: readonly AdminArea[] = ['content', 'news-and-events'];

/** Pages for a role limited to one branch only: the others have every branch elsewhere (Members). */
const ONE_BRANCH_PAGES: ReadonlySet<AdminPageId> = new Set(['branch']);

export function mayUsePage(role: StaffRole | undefined, page: AdminPageId): boolean {
  if (ONE_BRANCH_PAGES.has(page) && (role === undefined || !isOneBranchRole(role))) return false;
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
