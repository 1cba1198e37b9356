import { NO_TEAM_HERE } from '../../../src-core/domain/team';
import type { AuditKind } from '../../../src-core/domain/audit';
import type { ApplicationState, MemberFilters } from '../../../src-core/domain/membership-admin';
import { searchFromFilters } from '../../../src-core/domain/member-records';
import { portOf, type Backend } from '../../../src-core/ports/backend';
import { defineQuery } from '../../lib/route-data.cache';

// The admin area's data, read with useRouteData like every page's. Its keys start with 'admin:':
// the admin area is never rendered on a server, so none of it is ever put into a page, and the
// area forgets it all when it closes (admin.view.tsx). Each loads afresh on every visit
// (maxAgeMs 0) while what was shown stays on screen.
export const ADMIN_KEY_PREFIX = 'admin:';
const FRESH_EACH_VISIT = { maxAgeMs: 0 } as const;

/** The upload forms' limit, and the zone the events form writes times in (the events listing names it). */
export const uploadFormsQuery = () =>
  defineQuery(
    'admin:upload-forms',
    async (backend, signal) => {
      const [maxBytes, listing] = await Promise.all([backend.storage.getMaxUploadBytes(), backend.events.listEvents({ signal })]);
      return { maxBytes, timeZone: listing.timeZone };
    },
    FRESH_EACH_VISIT,
  );

export const storageSpaceQuery = () =>
  defineQuery(
    'admin:space',
    async (backend) => ({ freeBytes: await backend.storage.getFreeSpace(), maxBytes: await backend.storage.getMaxUploadBytes() }),
    FRESH_EACH_VISIT,
  );

/**
 * The association's details for their form: its own key, which a save leaves alone (the save
 * refreshes the footer's 'association'), so what the administrator typed is never replaced.
 */
export const detailsFormQuery = () => defineQuery('admin:details', (backend, signal) => backend.association.getDetails({ signal }), FRESH_EACH_VISIT);

/** The browsers trusted to skip the second step (self-hosted). */
export const trustedBrowsersQuery = () =>
  defineQuery(
    'admin:trusted-browsers',
    async (backend) => portOf(backend, 'account', 'This website keeps no trusted browsers.').listTrustedBrowsers(),
    FRESH_EACH_VISIT,
  );

export interface ActivityFilter {
  readonly actor: string;
  readonly kind: AuditKind | '';
}

export const activityQuery = ({ actor, kind }: ActivityFilter) =>
  defineQuery(
    `admin:activity:${kind}:${actor}`,
    async (backend) =>
      portOf(backend, 'audit', 'This website keeps no activity list.').listAudit({ ...(actor === '' ? {} : { actor }), ...(kind === '' ? {} : { kind }) }),
    FRESH_EACH_VISIT,
  );

export const teamQuery = () => defineQuery('admin:team', async (backend) => portOf(backend, 'team', NO_TEAM_HERE).list(), FRESH_EACH_VISIT);

/** Every search of the subscriber list: a change to the list loads them all again. */
export const SUBSCRIBERS_KEY = 'admin:subscribers';

export const subscribersQuery = (search: string) =>
  defineQuery(
    `${SUBSCRIBERS_KEY}:${search}`,
    async (backend) => portOf(backend, 'memberMail', 'This website cannot send e-mail to members yet.').listSubscribers(search),
    FRESH_EACH_VISIT,
  );

/** Every list of the 'Members' page: a change to one person or branch loads them all again. */
export const MEMBERSHIP_KEY = 'admin:membership';
const membershipOf = (backend: Backend) => portOf(backend, 'membershipAdmin', 'This website cannot take applications to join online yet.');

export const applicationsQuery = (state: ApplicationState) =>
  defineQuery(`${MEMBERSHIP_KEY}:applications:${state}`, async (backend) => membershipOf(backend).listApplications(state), FRESH_EACH_VISIT);

/**
 * One page of the member list, as its filters choose (the page's address keeps them), with the
 * link to the same list as CSV. The link is asked for with the page: until the admin area's
 * adapters have loaded, every method of the port answers a promise (src/app/deferred-backend.ts).
 */
export const membersQuery = (filters: MemberFilters) =>
  defineQuery(
    `${MEMBERSHIP_KEY}:members:${searchFromFilters(filters)}`,
    async (backend) => {
      const port = membershipOf(backend);
      const [page, csvHref] = await Promise.all([port.listMembers(filters), port.membersCsvHref(filters)]);
      return { ...page, csvHref };
    },
    FRESH_EACH_VISIT,
  );

/** New members without e-mail, waiting for their welcome letter. */
export const welcomeLettersQuery = () =>
  defineQuery(`${MEMBERSHIP_KEY}:welcome-letters`, async (backend) => membershipOf(backend).listMembers({ welcomeLetterToPost: true }), FRESH_EACH_VISIT);

/**
 * One member with their payments: its own key, outside the lists', so a change reloads it in
 * place (refresh) while the forms on its page keep what they show.
 */
export const memberQuery = (number: number) =>
  defineQuery(`admin:member-record:${number}`, async (backend) => membershipOf(backend).getMember(number), FRESH_EACH_VISIT);

/** The membership year and renewals: its own key, so a save never replaces what is being typed. */
export const membershipSettingsQuery = () => defineQuery('admin:renewal-settings', async (backend) => membershipOf(backend).getSettings(), FRESH_EACH_VISIT);

/** Members without e-mail whose renewal is due, with the link to them as CSV (as membersQuery). */
export const renewalLettersQuery = () =>
  defineQuery(
    `${MEMBERSHIP_KEY}:renewal-letters`,
    async (backend) => {
      const port = membershipOf(backend);
      const [members, csvHref] = await Promise.all([port.listRenewalLetters(), port.membersCsvHref({ renewalDue: true, hasEmail: false })]);
      return { members, csvHref };
    },
    FRESH_EACH_VISIT,
  );

export const adminBranchesQuery = () => defineQuery(`${MEMBERSHIP_KEY}:branches`, async (backend) => membershipOf(backend).listBranches(), FRESH_EACH_VISIT);

/** What the server counted, for the 'Visits' page (self-hosted). */
export const visitsQuery = () =>
  defineQuery(
    'admin:visits',
    async (backend) => portOf(backend, 'visits', 'This website does not count visits.').getReport(),
    FRESH_EACH_VISIT,
  );

const contentEditorOf = (backend: Backend) => portOf(backend, 'contentEditor', 'This backend cannot edit posts.');

/** Every post with its status (drafts and scheduled ones too), and the zone scheduled times are written in. */
export const allPostsQuery = () => defineQuery('admin:posts', async (backend) => contentEditorOf(backend).listAllPosts(), FRESH_EACH_VISIT);
