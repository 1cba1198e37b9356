/**
 * MSW stand-in for the self-hosted server's API, for view tests and `npm run dev` without a
 * server. It speaks the wire format of contract/wire.ts and responds with the server's own
 * texts, keeping its state in memory. Error cases are added in a test with `server.use()`.
 */
import { http, HttpResponse, type DefaultBodyType, type HttpHandler, type HttpResponseResolver, type PathParams } from 'msw';
import { API_MESSAGES } from '../contract/api-messages';
import { SAMPLE_MEMBERSHIP_SETTINGS, membershipHandlers, sampleBranch, type MembershipState } from './membership-api';
import { sampleVisitsReport, visitsHandlers, type VisitsState } from './visits-api';
import { bookingsHandlers, type BookingsState } from './bookings-api';
import { BOOKING_DEFAULTS } from '../src-core/domain/bookings';
import {
  API_PATHS,
  ERROR_STATUS,
  FILES_PREFIX,
  associationDetailsSchema,
  contactMessageChangeSchema,
  contactRequestSchema,
  credentialsSchema,
  errorBody,
  eventDetailsBodySchema,
  fileDownloadPath,
  folderSchema,
  passwordChangeSchema,
  postDraftSchema,
  secondStepCodeSchema,
  twoStepDisableSchema,
  uploadQuerySchema,
  type accountSessionsSchema,
  type trustedBrowsersSchema,
  type auditListSchema,
  type WireErrorKind,
  type WirePost,
  type WireReceivedContactMessage,
  type WireStoredFile,
  type WireUser,
} from '../contract/wire';
import {
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PATHS,
  addSubscriberSchema,
  createMailingSchema,
  type WireMailing,
  type WireSubscriber,
} from '../contract/subscriptions';
import { cleanDetails, validateDetails, type AssociationDetails } from '../src-core/domain/association-details';
import { SAMPLE_DETAILS } from '../src-core/domain/sample-details';
import { isAdministrator, normaliseEmail } from '../src-core/domain/administrator';
import { branchLimitOf, fileArea, isOneBranchRole, mayUse, type AdminArea, type StaffRole } from '../src-core/domain/roles';
import type { BranchLink } from '../src-core/domain/branches';
import type { InvitationDetails, TeamMember } from '../src-core/domain/team';
import { TEAM_PATHS, acceptInvitationSchema, inviteSchema, removalSchema, roleChangeSchema, suspensionSchema } from '../contract/team';
import { SIGNATURE_BYTES, acceptedKind, contentTypeOf, describeAllowedKinds } from '../src-core/domain/file-types';
import { folderOfPath, formatBytes, fullPathFor } from '../src-core/domain/files';
import { sortNewestFirst } from '../src-core/domain/news';
import type { PostVersion, Publication } from '../src-core/domain/post';
import { articlePath } from '../src-core/domain/navigation';
import { hasErrors, validateContact, validateInvitationEmail, validateLogin, validatePassword } from '../src-core/domain/validation';
import { validatePost } from '../src-core/domain/post-validation';
import type { EventDetails } from '../src-core/domain/event-details';
import { eventSearchables, fileSearchable, postSearchable, searchListed } from '../src-core/domain/search-listed';
import { SEARCHES_INSIDE_FILES } from '../src-core/domain/search';
import { calendarFeedAt } from '../src-core/domain/event-listing';
import type { Folder } from '../src-core/domain/stored-file';
import { DEFAULT_TIME_ZONE } from '../src-core/domain/zoned-time';
import { checkEventDetails, checkEventDetailsText } from '../server/events/event-details.rule';
import { MEMBERSHIP_MESSAGES, MEMBERSHIP_PATHS, applicationRequestSchema, type ApplicationRequest } from '../contract/membership';
import { TICKED, validateJoinForm } from '../src-core/domain/join-form';
import { BRANCH_NOT_SURE } from '../src-core/domain/membership-application';
import { uploadName } from '../server/files/upload-name.rule';
import type { z } from 'zod';

type WireDevice = z.infer<typeof accountSessionsSchema>['sessions'][number];
type WireTrustedBrowser = z.infer<typeof trustedBrowsersSchema>['browsers'][number];
type WireAuditEntry = z.infer<typeof auditListSchema>['entries'][number];

/** The one code the stand-in's 'authenticator app' ever shows. */
export const MOCK_APP_CODE = '123456';
export const MOCK_TWO_STEP_KEY = 'JBSW Y3DP EHPK 3PXP';
/** The recovery codes the stand-in hands out when two-step sign-in is confirmed. */
export const MOCK_RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcd-efgh-${String(index).padStart(4, '0')}`);
const MOCK_QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h2v2H0zM2 2h2v2H2z"/></svg>';

export interface MockAccount {
  readonly email: string;
  readonly password: string;
}

export interface MockFile {
  readonly folder: Folder;
  readonly name: string;
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly updatedAt: string;
  /** For a file in the events folder: its details. */
  readonly details?: EventDetails | null;
  /** For a file in the events folder: the branch holding the event; absent: national. */
  readonly branch?: BranchLink;
}

/** Joining online, the 'Visits' page and bookings keep their parts in mocks/membership-api.ts, visits-api.ts and bookings-api.ts. */
export interface SelfHostedApiState extends MembershipState, VisitsState, BookingsState {
  posts: WirePost[];
  files: MockFile[];
  accounts: MockAccount[];
  adminEmails: string[];
  /** E-mail of the signed-in account, or null. One browser, so one session. */
  signedInAs: string | null;
  maxBytes: number;
  /** What the server's disk has left, told to administrators; undefined leaves it out. */
  freeBytes?: number;
  contactMessages: WireReceivedContactMessage[];
  /** Whether the server has a mail server set up; without one, messages are only stored. */
  emailSetUp: boolean;
  /** The association's details, shown in every page's footer. */
  details: AssociationDetails;
  /** The association's time zone, as the server's TIME_ZONE sets it. */
  timeZone: string;
  /** The server's clock, for 'upcoming' and 'past'. */
  now: () => Date;
  /** The administrator's two-step sign-in (one administrator signs in here at a time). */
  twoStepEnabled: boolean;
  /** ADMIN_REQUIRE_2FA. */
  requireTwoStep: boolean;
  /** Recovery codes not used yet. */
  recoveryCodes: string[];
  /** The key shown for setting up, waiting for its first code. */
  pendingTwoStepKey: string | null;
  /** The e-mail whose password was right and whose sign-in waits for a code. */
  waitingForCode: string | null;
  /** The devices the administrator is signed in on; the one marked current is this browser. */
  devices: WireDevice[];
  /** Browsers trusted to skip the second step; 'mock-this-browser' is the one the tests run in. */
  trustedBrowsers: WireTrustedBrowser[];
  audit: WireAuditEntry[];
  /** E-mail to members: the subscriber list. */
  subscribers: WireSubscriber[];
  /** Mailings written so far; sending one finishes at once here, each confirmed address 'sent'. */
  mailings: WireMailing[];
  /** The addresses a test mailing was sent to, in order. */
  testMailings: { mailingId: string; to: string }[];
  /** What the join form sent, newest last (the honeypot's are dropped, as the server does). */
  joinRequests: ApplicationRequest[];
  /** The role of each account not named in adminEmails (those are administrators); none if missing. */
  roles: Record<string, StaffRole>;
  /** A branch officer's branch, by the account's address. */
  branchOf: Record<string, string>;
  /** The 'Team' page's list (the accounts' roles themselves come from adminEmails and roles). */
  team: TeamMember[];
  /** Invitation links that still work, by token. */
  invitations: Record<string, InvitationDetails>;
}

export type SelfHostedApiSeed = Partial<SelfHostedApiState>;

const encoder = new TextEncoder();

/** Enough of a PDF for the server's content check; not a document anyone opens. */
export function mockPdfBytes(text = 'Sample'): Uint8Array<ArrayBuffer> {
  return encoder.encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);
}

export const MOCK_ADMIN: MockAccount = { email: 'admin@example.org', password: 'correct horse battery staple' };
export const MOCK_MEMBER: MockAccount = { email: 'member@example.org', password: 'another long passphrase' };

export function defaultSeed(): SelfHostedApiState {
  return {
    posts: [
      {
        id: '2',
        title: 'Annual General Meeting',
        body: 'Our AGM takes place in Dublin this spring.\nAll members are welcome.',
        publishedAt: '2026-03-01T10:00:00.000Z',
      },
      {
        id: '1',
        title: 'Welcome to our new website',
        body: 'News from the association will appear here.',
        publishedAt: '2026-01-15T09:30:00.000Z',
      },
    ],
    files: [
      { folder: 'root', name: 'Membership Form.pdf', bytes: mockPdfBytes('form'), updatedAt: '2026-01-10T12:00:00.000Z' },
      { folder: 'events', name: 'Summer Outing.pdf', bytes: mockPdfBytes('event'), updatedAt: '2026-02-10T12:00:00.000Z' },
      { folder: 'newsletters', name: 'Spring Newsletter.pdf', bytes: mockPdfBytes('news'), updatedAt: '2026-03-10T12:00:00.000Z' },
    ],
    accounts: [MOCK_ADMIN, MOCK_MEMBER],
    adminEmails: [MOCK_ADMIN.email],
    roles: {},
    branchOf: {},
    invitations: {},
    team: [{ email: MOCK_ADMIN.email, role: 'administrator', status: 'active', fixed: true, you: true }],
    signedInAs: null,
    maxBytes: 50 * 1024 * 1024,
    contactMessages: [],
    emailSetUp: false,
    details: SAMPLE_DETAILS,
    timeZone: DEFAULT_TIME_ZONE,
    now: () => new Date(),
    twoStepEnabled: false,
    requireTwoStep: false,
    recoveryCodes: [],
    pendingTwoStepKey: null,
    waitingForCode: null,
    trustedBrowsers: [],
    devices: [
      {
        id: 'this-device',
        browser: 'Firefox on Windows',
        address: '192.0.2.10',
        signedInAt: '2026-03-01T09:00:00.000Z',
        lastUsedAt: '2026-03-01T10:00:00.000Z',
        current: true,
      },
      {
        id: 'other-device',
        browser: 'Safari on iPhone',
        address: '198.51.100.7',
        signedInAt: '2026-02-20T18:00:00.000Z',
        lastUsedAt: '2026-02-28T19:30:00.000Z',
        current: false,
      },
    ],
    subscribers: [],
    mailings: [],
    testMailings: [],
    applications: [],
    members: [],
    payments: {},
    membershipSettings: SAMPLE_MEMBERSHIP_SETTINGS,
    branches: [
      sampleBranch('1', 'Sample Branch North', { counties: ['Donegal', 'Leitrim', 'Sligo'] }),
      sampleBranch('2', 'Sample Branch South', { counties: ['Cork', 'Kerry'] }),
    ],
    joinRequests: [],
    visits: sampleVisitsReport(new Date()),
    bookingSettings: {},
    bookings: [],
    cancelledEvents: {},
    bookingGlobalSettings: { reminderTime: BOOKING_DEFAULTS.reminderTime, timeZone: BOOKING_DEFAULTS.timeZone, keepMonths: BOOKING_DEFAULTS.keepMonths },
    audit: [
      { id: '1', at: '2026-02-28T19:30:00.000Z', actor: MOCK_ADMIN.email, kind: 'signed-in', detail: 'with password', address: '198.51.100.7' },
      { id: '2', at: '2026-03-01T09:00:00.000Z', actor: 'secretary@example.org', kind: 'file-uploaded', detail: "'Summer Outing' in Events", address: '192.0.2.20' },
      { id: '3', at: '2026-03-01T09:30:00.000Z', actor: null, kind: 'sign-in-failed', detail: 'someone@example.org', address: '203.0.113.9' },
    ],
  };
}

function fail(kind: WireErrorKind, message: string, status: number, extra: Parameters<typeof errorBody>[2] = {}) {
  return HttpResponse.json(errorBody(kind, message, extra), { status });
}

function invalid(fieldErrors: Record<string, string | undefined>) {
  const present = Object.fromEntries(
    Object.entries(fieldErrors).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const message = Object.values(present)[0] ?? API_MESSAGES.invalidRequest;
  return fail('invalid-input', message, ERROR_STATUS['invalid-input'], { fieldErrors: present });
}

function toStoredFile(file: MockFile): WireStoredFile {
  const fullPath = fullPathFor(file.folder, file.name);
  return {
    name: file.name,
    fullPath,
    url: fileDownloadPath(fullPath),
    size: file.bytes.byteLength,
    updatedAt: file.updatedAt,
    contentType: contentTypeOf(file.name),
  };
}

type Resolver = HttpResponseResolver<PathParams, DefaultBodyType, DefaultBodyType>;

/** What every part of the stand-in (mocks/membership-api.ts, bookings-api.ts, visits-api.ts) uses from here. */
export interface ApiHelpers {
  readonly forAdministrator: (handler: Resolver) => Resolver;
  readonly fail: typeof fail;
  readonly jsonBody: typeof jsonBody;
}

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** Only published posts reach visitors; a scheduled one stays scheduled here, where time does not pass. */
function isPublic(post: WirePost): boolean {
  return (post.status ?? 'published') === 'published';
}

function withoutStatus({ status: _status, ...post }: WirePost): WirePost {
  return post;
}

/** The date and status a save gives a post, as the server decides them (the association's zone is Irish winter time here). */
function publicationIn(existing: WirePost | undefined, publication: Publication | undefined): Pick<WirePost, 'publishedAt' | 'status'> {
  const now = new Date().toISOString();
  const kept = { publishedAt: existing?.publishedAt ?? now, status: existing?.status ?? 'published' } as const;
  switch (publication?.kind) {
    case undefined:
      return kept;
    case 'draft':
      return { publishedAt: kept.publishedAt, status: 'draft' };
    case 'at':
      return { publishedAt: new Date(`${publication.at}:00Z`).toISOString(), status: 'scheduled' };
    case 'now':
      return kept.status === 'published' && existing !== undefined ? kept : { publishedAt: now, status: 'published' };
  }
}

/** The handlers and the state they share, so a test can look at what the screen changed. */
export function createSelfHostedApi(seed: SelfHostedApiSeed = {}): { handlers: HttpHandler[]; state: SelfHostedApiState } {
  const state: SelfHostedApiState = { ...defaultSeed(), ...seed };
  let nextPostId = state.posts.reduce((max, post) => Math.max(max, Number(post.id) || 0), 0) + 1;
  // Pictures are not decoded here: anything sent is a picture of the largest size.
  const preparedPictures = new Set<string>();

  function pictureOf(draft: { picture?: { id: string; alt: string; decorative: boolean } | null }): Pick<WirePost, 'picture'> {
    const picture = draft.picture ?? null;
    if (picture === null || !preparedPictures.has(picture.id)) return {};
    return { picture: { id: picture.id, alt: picture.decorative ? '' : picture.alt.trim(), decorative: picture.decorative, width: 1600, height: 1200 } };
  }
  let nextMessageId = state.contactMessages.length + 1;

  function currentUser(): WireUser | null {
    if (state.signedInAs === null) return null;
    const role = isAdministrator({ email: state.signedInAs }, state.adminEmails) ? 'administrator' : state.roles[state.signedInAs];
    if (role === undefined) return { email: state.signedInAs, administrator: false };
    const branchId = isOneBranchRole(role) ? state.branchOf[state.signedInAs] : undefined;
    if (isOneBranchRole(role) && branchId === undefined) return { email: state.signedInAs, administrator: false };
    const mustSetUpTwoStep = state.requireTwoStep && !state.twoStepEnabled;
    return { email: state.signedInAs, administrator: true, role, ...(branchId === undefined ? {} : { branchId }), ...(mustSetUpTwoStep ? { mustSetUpTwoStep } : {}) };
  }

  function checkPassword(password: string): boolean {
    return state.accounts.some((account) => normaliseEmail(account.email) === state.signedInAs && account.password === password);
  }

  /**
   * Changes one line of the team (null removes it), as the server does, refusing what would
   * leave no active administrator and lines set in the server settings.
   */
  function changeMember(email: string, change: (member: TeamMember) => TeamMember | null) {
    const member = state.team.find((each) => each.email === normaliseEmail(email));
    if (member === undefined) return fail('not-found', API_MESSAGES.accountNotFound, 404);
    if (member.fixed) return fail('conflict', API_MESSAGES.fixedAdministrator, 409);
    const after = state.team.flatMap((each) => (each === member ? [change(each)].filter((changed) => changed !== null) : [each]));
    if (!after.some((each) => each.role === 'administrator' && each.status === 'active')) return fail('conflict', API_MESSAGES.lastAdministrator, 409);
    state.team = after;
    return HttpResponse.json({ members: state.team });
  }

  /** The branch a Team line names for the role, as the server checks it: 'missing' when a branch officer has none. */
  function teamBranch(role: StaffRole, branchId: string | undefined): 'missing' | { branch?: { id: string; name: string } } {
    if (!isOneBranchRole(role)) return {};
    const branch = state.branches.find((each) => each.id === branchId);
    return branch === undefined ? 'missing' : { branch: { id: branch.id, name: branch.name } };
  }

  /** null when the signed-in user's role has the area (src-core/domain/roles.ts), else the refusal to send. */
  function refuseUnlessArea(area: AdminArea) {
    const refusal = refuseUnlessAdministrator();
    if (refusal !== null) return refusal;
    if (!mayUse(currentUser() ?? undefined, area)) return fail('not-authorised', API_MESSAGES.notYourRole, ERROR_STATUS.forbidden);
    return null;
  }

  /**
   * For the files routes, as the server's requireFileArea and requireRecordBranch: null when the
   * signed-in user may upload or delete in `folder` (and, for an existing event, that one), else
   * the refusal to send.
   */
  function refuseUnlessFileArea(folder: Folder | null, event?: MockFile) {
    const user = currentUser();
    if (mayUse(user ?? undefined, fileArea(folder ?? 'root'))) {
      if (event === undefined || mayUse(user ?? undefined, 'news-and-events', { branchId: event.branch?.id ?? null })) return null;
      return fail('not-authorised', API_MESSAGES.notYourBranch, ERROR_STATUS.forbidden);
    }
    const oneBranch = user?.role !== undefined && isOneBranchRole(user.role);
    return fail('not-authorised', oneBranch ? API_MESSAGES.eventFilesOnly : API_MESSAGES.notYourRole, ERROR_STATUS.forbidden);
  }

  /** null when the signed-in user is an administrator, else the refusal to send. */
  function refuseUnlessAdministrator() {
    const user = currentUser();
    if (user === null) return fail('not-authorised', API_MESSAGES.signInRequired, ERROR_STATUS['not-authorised']);
    if (!user.administrator) return fail('not-authorised', API_MESSAGES.forbidden, ERROR_STATUS.forbidden);
    return null;
  }

  /** The handler, run only for a signed-in administrator: anyone else gets the server's refusal. */
  function forAdministrator(handler: Resolver): Resolver {
    return (info) => refuseUnlessAdministrator() ?? handler(info);
  }

  function findPost(id: string | readonly string[] | undefined): WirePost | undefined {
    return state.posts.find((post) => post.id === id);
  }

  // Each save of a post, as the server keeps them (server/repositories/posts.repository.ts);
  // a seeded post is its own first version.
  const versions = new Map<string, PostVersion[]>();
  function versionsOf(post: WirePost): PostVersion[] {
    const saved = versions.get(post.id) ?? [{ number: 1, title: post.title, body: post.body, savedAt: post.updatedAt ?? post.publishedAt }];
    versions.set(post.id, saved);
    return saved;
  }
  function keepVersion(post: WirePost): void {
    const saved = versions.get(post.id);
    if (saved === undefined) versionsOf(post);
    else saved.push({ number: saved.length + 1, title: post.title, body: post.body, savedAt: new Date().toISOString(), ...(state.signedInAs === null ? {} : { savedBy: state.signedInAs }) });
  }

  let nextSubscriberId = state.subscribers.length + 1;
  let nextMailingId = state.mailings.length + 1;

  function subscriberCounts() {
    return {
      confirmed: state.subscribers.filter((subscriber) => subscriber.state === 'confirmed').length,
      pending: state.subscribers.filter((subscriber) => subscriber.state === 'pending').length,
      notWorking: state.subscribers.filter((subscriber) => subscriber.notWorking !== null).length,
    };
  }

  function findMailing(id: string | readonly string[] | undefined): WireMailing | undefined {
    return state.mailings.find((mailing) => mailing.id === id);
  }

  function changeMailing(changed: WireMailing): WireMailing {
    state.mailings = state.mailings.map((mailing) => (mailing.id === changed.id ? changed : mailing));
    return changed;
  }

  const subscriptionHandlers: HttpHandler[] = [
    http.get(`*${SUBSCRIPTION_PATHS.subscribers}`, forAdministrator(({ request }) => {
      const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
      const subscribers = state.subscribers.filter(
        (subscriber) => subscriber.email.toLowerCase().includes(search) || subscriber.name.toLowerCase().includes(search),
      );
      return HttpResponse.json({ subscribers, counts: subscriberCounts(), emailSetUp: state.emailSetUp });
    })),

    http.post(`*${SUBSCRIPTION_PATHS.subscribers}`, forAdministrator(async ({ request }) => {
      const body = addSubscriberSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const email = body.data.email.trim();
      if (validateLogin({ email, password: 'x' }).email !== undefined) return invalid({ email: SUBSCRIPTION_MESSAGES.invalidEmail });
      if (state.subscribers.some((subscriber) => normaliseEmail(subscriber.email) === normaliseEmail(email))) {
        return fail('conflict', SUBSCRIPTION_MESSAGES.alreadySubscribed, 409);
      }
      const at = state.now().toISOString();
      const added: WireSubscriber = {
        id: String(nextSubscriberId++),
        email,
        name: (body.data.name ?? '').trim(),
        state: 'confirmed',
        requestedAt: at,
        confirmedAt: at,
        consent: { at, form: 'admin', wording: body.data.consentNote.trim() },
        notWorking: null,
      };
      state.subscribers = [...state.subscribers, added];
      return HttpResponse.json(added, { status: 201 });
    })),

    http.get(`*${SUBSCRIPTION_PATHS.subscriberExport}`, forAdministrator(() => {
      const rows = ['email,name,state', ...state.subscribers.map((subscriber) => `${subscriber.email},${subscriber.name},${subscriber.state}`)];
      return new HttpResponse(`${rows.join('\r\n')}\r\n`, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    })),

    http.get(`*${SUBSCRIPTION_PATHS.subscriberData}`, forAdministrator(({ params }) => {
      const subscriber = state.subscribers.find((one) => one.id === params.id);
      if (subscriber === undefined) return fail('not-found', SUBSCRIPTION_MESSAGES.subscriberNotFound, 404);
      const mail = state.mailings
        .filter((mailing) => mailing.state !== 'draft' && subscriber.state === 'confirmed')
        .map((mailing) => ({ kind: 'mailing' as const, mailingId: mailing.id, state: 'sent' as const, attempts: 1, createdAt: mailing.createdAt, finishedAt: mailing.createdAt, lastError: null }));
      return HttpResponse.json({ subscriber, mail });
    })),

    http.delete(`*${SUBSCRIPTION_PATHS.subscriberData}`, forAdministrator(({ params }) => {
      if (!state.subscribers.some((one) => one.id === params.id)) return fail('not-found', SUBSCRIPTION_MESSAGES.subscriberNotFound, 404);
      state.subscribers = state.subscribers.filter((one) => one.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    })),

    http.delete(`*${SUBSCRIPTION_PATHS.subscriber}`, forAdministrator(({ params }) => {
      if (!state.subscribers.some((one) => one.id === params.id)) return fail('not-found', SUBSCRIPTION_MESSAGES.subscriberNotFound, 404);
      state.subscribers = state.subscribers.filter((one) => one.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    })),

    http.get(`*${SUBSCRIPTION_PATHS.mailings}`, forAdministrator(() => HttpResponse.json({ mailings: state.mailings, emailSetUp: state.emailSetUp }))),

    http.post(`*${SUBSCRIPTION_PATHS.mailings}`, forAdministrator(async ({ request }) => {
      const body = createMailingSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const { source, ref } = body.data;
      const post = source === 'news' ? findPost(ref) : undefined;
      const file = source === 'newsletter' ? state.files.find((one) => one.folder === 'newsletters' && one.name === ref) : undefined;
      if (post === undefined && file === undefined) return fail('not-found', SUBSCRIPTION_MESSAGES.sourceNotFound, 404);
      const title = ref.replace(/\.pdf$/i, '');
      const mailing: WireMailing = {
        id: String(nextMailingId++),
        source: { kind: source, ref },
        subject: post === undefined ? `New newsletter: ${title}` : post.title,
        link: post === undefined ? fileDownloadPath(`newsletters/${ref}`) : articlePath(post.id),
        state: 'draft',
        createdAt: state.now().toISOString(),
        createdBy: state.signedInAs,
        progress: { sent: 0, failed: 0, waiting: 0 },
      };
      state.mailings = [...state.mailings, mailing];
      return HttpResponse.json(mailing, { status: 201 });
    })),

    http.get(`*${SUBSCRIPTION_PATHS.mailingPreview}`, forAdministrator(({ params }) => {
      const mailing = findMailing(params.id);
      if (mailing === undefined) return fail('not-found', SUBSCRIPTION_MESSAGES.mailingNotFound, 404);
      const body = mailing.source.kind === 'news' ? (findPost(mailing.source.ref)?.body ?? '') : 'Our new newsletter is ready to read on our website.';
      const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      return HttpResponse.json({
        subject: mailing.subject,
        html: `<!doctype html><html lang="en"><head><title>${escape(mailing.subject)}</title></head><body><h1>${escape(mailing.subject)}</h1><p>${escape(body)}</p></body></html>`,
        text: `${mailing.subject}\n\n${body}\n\nRead it on our website: ${mailing.link}`,
      });
    })),

    http.post(`*${SUBSCRIPTION_PATHS.mailingTest}`, forAdministrator(({ params }) => {
      const mailing = findMailing(params.id);
      if (mailing === undefined) return fail('not-found', SUBSCRIPTION_MESSAGES.mailingNotFound, 404);
      if (!state.emailSetUp) return fail('conflict', SUBSCRIPTION_MESSAGES.emailNotSetUp, 409);
      state.testMailings = [...state.testMailings, { mailingId: mailing.id, to: state.signedInAs ?? '' }];
      return new HttpResponse(null, { status: 202 });
    })),

    http.post(`*${SUBSCRIPTION_PATHS.mailingSend}`, forAdministrator(({ params }) => {
      const mailing = findMailing(params.id);
      if (mailing === undefined) return fail('not-found', SUBSCRIPTION_MESSAGES.mailingNotFound, 404);
      if (!state.emailSetUp) return fail('conflict', SUBSCRIPTION_MESSAGES.emailNotSetUp, 409);
      if (mailing.state === 'paused') return fail('conflict', SUBSCRIPTION_MESSAGES.isPaused, 409);
      // The stand-in's mail server is instant: every confirmed address that works is sent to at once.
      const confirmed = state.subscribers.filter((subscriber) => subscriber.state === 'confirmed');
      const failed = confirmed.filter((subscriber) => subscriber.notWorking !== null).length;
      const progress = { sent: confirmed.length - failed, failed, waiting: 0 };
      return HttpResponse.json(changeMailing({ ...mailing, state: 'finished', progress }), { status: 202 });
    })),

    http.post(`*${SUBSCRIPTION_PATHS.mailingPause}`, forAdministrator(({ params }) => {
      const mailing = findMailing(params.id);
      if (mailing === undefined) return fail('not-found', SUBSCRIPTION_MESSAGES.mailingNotFound, 404);
      if (mailing.state !== 'sending') return fail('conflict', SUBSCRIPTION_MESSAGES.notSending, 409);
      return HttpResponse.json(changeMailing({ ...mailing, state: 'paused' }));
    })),

    http.post(`*${SUBSCRIPTION_PATHS.mailingResume}`, forAdministrator(({ params }) => {
      const mailing = findMailing(params.id);
      if (mailing === undefined) return fail('not-found', SUBSCRIPTION_MESSAGES.mailingNotFound, 404);
      if (!state.emailSetUp) return fail('conflict', SUBSCRIPTION_MESSAGES.emailNotSetUp, 409);
      if (mailing.state !== 'paused') return fail('conflict', SUBSCRIPTION_MESSAGES.notPaused, 409);
      return HttpResponse.json(changeMailing({ ...mailing, state: 'sending' }));
    })),

    http.get(`*${SUBSCRIPTION_PATHS.mailing}`, forAdministrator(({ params }) => {
      const mailing = findMailing(params.id);
      if (mailing === undefined) return fail('not-found', SUBSCRIPTION_MESSAGES.mailingNotFound, 404);
      return HttpResponse.json(mailing);
    })),
  ];

  // The public side of joining; the admin side and the branch list are in mocks/membership-api.ts.
  const joinHandlers: HttpHandler[] = [
    http.post(`*${MEMBERSHIP_PATHS.applications}`, async ({ request }) => {
      const body = applicationRequestSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const application = body.data;
      // The page's own rules, then the one the page cannot know: whether the branch exists.
      const errors = validateJoinForm({
        name: application.name,
        address: application.address,
        eircode: application.eircode ?? '',
        phone: application.phone ?? '',
        email: application.email ?? '',
        background: application.background,
        nmbiPin: application.nmbiPin ?? '',
        branch: application.branch,
        newsletter: application.newsletter === true ? TICKED : '',
        consent: application.consent ? TICKED : '',
      });
      if (application.branch !== BRANCH_NOT_SURE && !state.branches.some((branch) => branch.id === application.branch)) {
        errors.branch = MEMBERSHIP_MESSAGES.branch;
      }
      if (hasErrors(errors)) {
        return fail('invalid-input', MEMBERSHIP_MESSAGES.checkFields, ERROR_STATUS['invalid-input'], {
          fieldErrors: Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined)),
        });
      }
      if ((application.website ?? '') === '') state.joinRequests = [...state.joinRequests, application];
      return new HttpResponse(null, { status: 202 });
    }),
  ];

  const handlers: HttpHandler[] = [
    ...subscriptionHandlers,
    ...membershipHandlers(state, { forAdministrator, fail, jsonBody }),
    ...visitsHandlers(state, { forAdministrator, fail, jsonBody }),
    ...joinHandlers,
    ...bookingsHandlers(state, {
      forAdministrator,
      fail,
      jsonBody,
      events: () =>
        state.files
          .filter((file) => file.folder === 'events')
          .map((file) => ({ path: fullPathFor(file.folder, file.name), event: { file: toStoredFile(file), details: file.details ?? null } })),
      timeZone: () => state.timeZone,
    }),
    http.get(`*${API_PATHS.posts}`, () => HttpResponse.json({ posts: sortNewestFirst(state.posts.filter(isPublic)).map(withoutStatus) })),

    http.get(`*${API_PATHS.allPosts}`, () => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      // A branch officer's list is their branch's news only, as the server's.
      const branch = branchLimitOf(currentUser());
      const posts = branch === undefined ? state.posts : state.posts.filter((post) => post.branch?.id === branch);
      return HttpResponse.json({ posts: sortNewestFirst(posts).map((post) => ({ ...post, status: post.status ?? 'published' })), timeZone: state.timeZone });
    }),

    http.get(`*${API_PATHS.postVersions}`, ({ params }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const post = findPost(params.id);
      if (post === undefined) return fail('not-found', API_MESSAGES.postNotFound, 404);
      return HttpResponse.json({ versions: [...versionsOf(post)].reverse() });
    }),

    http.post(`*${API_PATHS.postRestore}`, ({ params }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const post = findPost(params.id);
      const version = post === undefined ? undefined : versionsOf(post).find((saved) => saved.number === Number(params.number));
      if (post === undefined || version === undefined) return fail('not-found', API_MESSAGES.postVersionNotFound, 404);
      const restored: WirePost = { ...post, title: version.title, body: version.body, updatedAt: new Date().toISOString() };
      state.posts = state.posts.map((listed) => (listed.id === post.id ? restored : listed));
      keepVersion(restored);
      return HttpResponse.json(withoutStatus(restored));
    }),

    http.get(`*${API_PATHS.post}`, ({ params }) => {
      const post = findPost(params.id);
      return post === undefined || !isPublic(post) ? fail('not-found', API_MESSAGES.postNotFound, 404) : HttpResponse.json(withoutStatus(post));
    }),

    http.post(`*${API_PATHS.posts}`, forAdministrator(async ({ request }) => {
      const draft = postDraftSchema.safeParse(await jsonBody(request));
      if (!draft.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const errors = validatePost(draft.data);
      if (hasErrors(errors)) return invalid(errors);
      const post: WirePost = {
        id: String(nextPostId++),
        title: draft.data.title.trim(),
        body: draft.data.body.trim(),
        ...publicationIn(undefined, draft.data.publication),
        ...pictureOf(draft.data),
      };
      state.posts = [post, ...state.posts];
      keepVersion(post);
      return HttpResponse.json(withoutStatus(post), { status: 201 });
    })),

    http.put(`*${API_PATHS.post}`, forAdministrator(async ({ request, params }) => {
      const existing = findPost(params.id);
      if (existing === undefined) return fail('not-found', API_MESSAGES.postNotFound, 404);
      const draft = postDraftSchema.safeParse(await jsonBody(request));
      if (!draft.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const errors = validatePost(draft.data);
      if (hasErrors(errors)) return invalid(errors);
      const { picture: _replaced, ...earlier } = existing;
      const updated: WirePost = {
        ...earlier,
        title: draft.data.title.trim(),
        body: draft.data.body.trim(),
        updatedAt: new Date().toISOString(),
        ...publicationIn(existing, draft.data.publication),
        ...pictureOf(draft.data),
      };
      versionsOf(existing);
      state.posts = state.posts.map((post) => (post.id === existing.id ? updated : post));
      keepVersion(updated);
      return HttpResponse.json(withoutStatus(updated));
    })),

    http.post(`*${API_PATHS.pictures}`, forAdministrator(async ({ request }) => {
      if ((await request.arrayBuffer()).byteLength === 0) return fail('invalid-input', API_MESSAGES.emptyFile, 400);
      const id = (preparedPictures.size + 1).toString(16).padStart(24, '0');
      preparedPictures.add(id);
      return HttpResponse.json({ id, state: 'ready', width: 1600, height: 1200 }, { status: 201 });
    })),

    http.delete(`*${API_PATHS.post}`, forAdministrator(({ params }) => {
      const existing = findPost(params.id);
      if (existing === undefined) return fail('not-found', API_MESSAGES.postNotFound, 404);
      state.posts = state.posts.filter((post) => post !== existing);
      return new HttpResponse(null, { status: 204 });
    })),

    http.get(`*${API_PATHS.fileLimits}`, () =>
      HttpResponse.json({
        maxBytes: state.maxBytes,
        ...(state.freeBytes !== undefined && currentUser()?.administrator === true ? { freeBytes: state.freeBytes } : {}),
      }),
    ),

    http.get(`*${API_PATHS.files}`, ({ request }) => {
      const folder = folderSchema.safeParse(new URL(request.url).searchParams.get('folder'));
      if (!folder.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const files = state.files
        .filter((file) => file.folder === folder.data)
        .map(toStoredFile)
        .sort((a, b) => a.name.localeCompare(b.name));
      return HttpResponse.json({ files });
    }),

    http.post(`*${API_PATHS.files}`, forAdministrator(async ({ request }) => {
      const query = uploadQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const { folder } = query.data;
      const refusal = refuseUnlessFileArea(folder);
      if (refusal !== null) return refusal;
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (bytes.byteLength > state.maxBytes) {
        return fail('invalid-input', API_MESSAGES.fileTooLarge(formatBytes(state.maxBytes)), ERROR_STATUS['payload-too-large']);
      }
      if (bytes.byteLength === 0) return fail('invalid-input', API_MESSAGES.emptyFile, 400);
      const safe = uploadName(query.data.name);
      if (!safe.ok) return fail('invalid-input', safe.message, 400);
      if (acceptedKind(folder, safe.name, bytes.subarray(0, SIGNATURE_BYTES)) === null) {
        return fail('invalid-input', API_MESSAGES.wrongFileType(describeAllowedKinds(folder)), 400);
      }
      if (state.files.some((file) => file.folder === folder && file.name === safe.name)) {
        return fail('conflict', API_MESSAGES.fileExists(safe.name), 409);
      }
      const details = checkEventDetailsText(folder === 'events' ? query.data.details : undefined);
      if (!details.ok) return HttpResponse.json(details.error.body, { status: details.error.statusCode });
      // A branch officer's event is their branch's from the start, as on the server.
      const branchId = folder === 'events' ? branchLimitOf(currentUser()) : undefined;
      const branch = state.branches.find((each) => each.id === branchId);
      const file: MockFile = {
        folder,
        name: safe.name,
        bytes,
        updatedAt: new Date().toISOString(),
        details: details.details,
        ...(branch === undefined ? {} : { branch: { id: branch.id, slug: branch.slug, name: branch.name } }),
      };
      state.files = [...state.files, file];
      return HttpResponse.json(toStoredFile(file), { status: 201 });
    })),

    http.delete(`*${API_PATHS.files}`, forAdministrator(({ request }) => {
      const path = new URL(request.url).searchParams.get('path');
      const existing = state.files.find((file) => fullPathFor(file.folder, file.name) === path);
      const refusal = refuseUnlessFileArea(folderOfPath(path ?? ''), existing?.folder === 'events' ? existing : undefined);
      if (refusal !== null) return refusal;
      if (existing === undefined) return fail('not-found', API_MESSAGES.fileNotFound, 404);
      state.files = state.files.filter((file) => file !== existing);
      return new HttpResponse(null, { status: 204 });
    })),

    http.get(`*${API_PATHS.events}`, ({ request }) =>
      HttpResponse.json({
        calendar: calendarFeedAt(new URL(request.url).origin),
        timeZone: state.timeZone,
        at: state.now().toISOString(),
        events: state.files
          .filter((file) => file.folder === 'events')
          .map((file) => ({ file: toStoredFile(file), details: file.details ?? null, ...(file.branch === undefined ? {} : { branch: file.branch }) }))
          .sort((a, b) => a.file.name.localeCompare(b.file.name)),
      }),
    ),

    http.put(`*${API_PATHS.eventDetails}`, forAdministrator(async ({ request }) => {
      const body = eventDetailsBodySchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const path = new URL(request.url).searchParams.get('path');
      const existing = state.files.find((file) => file.folder === 'events' && fullPathFor(file.folder, file.name) === path);
      if (existing === undefined) return fail('not-found', API_MESSAGES.eventNotFound, 404);
      const details = checkEventDetails(body.data.details);
      if (!details.ok) return HttpResponse.json(details.error.body, { status: details.error.statusCode });
      const updated: MockFile = { ...existing, details: details.details };
      state.files = state.files.map((file) => (file === existing ? updated : file));
      return HttpResponse.json({ file: toStoredFile(updated), details: updated.details ?? null });
    })),

    // The server's search, over what this stand-in holds: posts, events' details, and files by
    // name (it reads no text inside files; the server's own tests cover that).
    http.get(`*${API_PATHS.search}`, ({ request }) => {
      const query = new URL(request.url).searchParams.get('q') ?? '';
      const files = (folder: 'root' | 'newsletters') => state.files.filter((file) => file.folder === folder).map(toStoredFile);
      const listing = {
        calendar: null,
        timeZone: state.timeZone,
        at: state.now().toISOString(),
        events: state.files.filter((file) => file.folder === 'events').map((file) => ({ file: toStoredFile(file), details: file.details ?? null })),
      };
      const items = [
        ...state.posts.filter(isPublic).map(postSearchable),
        ...files('root').map((file) => fileSearchable('root', file)),
        ...files('newsletters').map((file) => fileSearchable('newsletters', file)),
        ...eventSearchables(listing),
      ];
      return HttpResponse.json(searchListed(items, query, SEARCHES_INSIDE_FILES));
    }),

    http.get('*/files/*', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (!path.startsWith(FILES_PREFIX)) return undefined;
      const file = state.files.find((candidate) => path.endsWith(toStoredFile(candidate).url));
      if (file === undefined) return fail('not-found', API_MESSAGES.fileNotFound, 404);
      return new HttpResponse(file.bytes.slice().buffer, {
        headers: { 'content-type': contentTypeOf(file.name), 'x-content-type-options': 'nosniff' },
      });
    }),

    http.get(`*${API_PATHS.session}`, () => HttpResponse.json({ user: currentUser() })),

    http.post(`*${API_PATHS.session}`, async ({ request }) => {
      const credentials = credentialsSchema.safeParse(await jsonBody(request));
      if (!credentials.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const errors = validateLogin(credentials.data);
      if (hasErrors(errors)) return invalid(errors);
      const email = normaliseEmail(credentials.data.email);
      const account = state.accounts.find((candidate) => normaliseEmail(candidate.email) === email);
      if (account === undefined || account.password !== credentials.data.password) {
        return fail('not-authorised', API_MESSAGES.signInFailed, 401);
      }
      const trusted = state.trustedBrowsers.some((browser) => browser.current);
      if (state.twoStepEnabled && !trusted && isAdministrator({ email }, state.adminEmails)) {
        state.waitingForCode = email;
        return HttpResponse.json({ secondStep: { methods: ['totp', 'recovery-code'] } }, { status: 202 });
      }
      state.signedInAs = email;
      return HttpResponse.json(currentUser());
    }),

    http.post(`*${API_PATHS.secondStep}`, async ({ request }) => {
      const body = secondStepCodeSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const email = state.waitingForCode;
      if (email === null) return fail('not-authorised', API_MESSAGES.secondStepExpired, 401);
      const code = body.data.code.replace(/\s/g, '').toLowerCase();
      const recovery = state.recoveryCodes.indexOf(code);
      if (code !== MOCK_APP_CODE && recovery < 0) return fail('not-authorised', API_MESSAGES.wrongCode, 401);
      if (recovery >= 0) state.recoveryCodes = state.recoveryCodes.filter((_, index) => index !== recovery);
      state.waitingForCode = null;
      state.signedInAs = email;
      if (body.data.trustBrowser === true) {
        const at = new Date().toISOString();
        const until = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
        state.trustedBrowsers = [{ id: 'mock-this-browser', browser: 'Firefox on Windows', address: '192.0.2.10', trustedAt: at, expiresAt: until, current: true }, ...state.trustedBrowsers];
      }
      return HttpResponse.json(currentUser());
    }),

    http.delete(`*${API_PATHS.session}`, () => {
      state.signedInAs = null;
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(`*${API_PATHS.twoStep}`, forAdministrator(() => HttpResponse.json({ enabled: state.twoStepEnabled, required: state.requireTwoStep, recoveryCodesLeft: state.recoveryCodes.length }))),

    http.post(`*${API_PATHS.twoStepEnrolment}`, forAdministrator(() => {
      state.pendingTwoStepKey = MOCK_TWO_STEP_KEY;
      const uri = `otpauth://totp/RNAI%20website:${encodeURIComponent(state.signedInAs ?? '')}?secret=${MOCK_TWO_STEP_KEY.replace(/ /g, '')}`;
      return HttpResponse.json({ key: MOCK_TWO_STEP_KEY, otpauthUri: uri, qrSvg: MOCK_QR_SVG }, { status: 201 });
    })),

    http.put(`*${API_PATHS.twoStepEnrolment}`, forAdministrator(async ({ request }) => {
      const body = secondStepCodeSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      if (state.pendingTwoStepKey === null) return fail('conflict', API_MESSAGES.noEnrolment, 409);
      if (body.data.code.replace(/\s/g, '') !== MOCK_APP_CODE) {
        return fail('invalid-input', API_MESSAGES.wrongEnrolmentCode, 400, { fieldErrors: { code: API_MESSAGES.wrongEnrolmentCode } });
      }
      state.pendingTwoStepKey = null;
      state.twoStepEnabled = true;
      state.recoveryCodes = [...MOCK_RECOVERY_CODES];
      return HttpResponse.json({ recoveryCodes: state.recoveryCodes });
    })),

    http.delete(`*${API_PATHS.twoStep}`, forAdministrator(async ({ request }) => {
      const body = twoStepDisableSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      if (state.requireTwoStep) return fail('not-authorised', API_MESSAGES.twoStepRequired, 403);
      if (!checkPassword(body.data.password)) {
        return fail('invalid-input', API_MESSAGES.wrongCurrentPassword, 400, { fieldErrors: { currentPassword: API_MESSAGES.wrongCurrentPassword } });
      }
      state.twoStepEnabled = false;
      state.recoveryCodes = [];
      return new HttpResponse(null, { status: 204 });
    })),

    http.get(`*${API_PATHS.accountSessions}`, forAdministrator(() => HttpResponse.json({ sessions: state.devices }))),

    http.delete(`*${API_PATHS.accountSession}`, forAdministrator(({ params }) => {
      if (!state.devices.some((device) => device.id === params.id)) return fail('not-found', API_MESSAGES.sessionNotFound, 404);
      state.devices = state.devices.filter((device) => device.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    })),

    http.get(`*${API_PATHS.trustedBrowsers}`, forAdministrator(() => HttpResponse.json({ browsers: state.trustedBrowsers }))),

    http.delete(`*${API_PATHS.trustedBrowser}`, forAdministrator(({ params }) => {
      if (!state.trustedBrowsers.some((browser) => browser.id === params.id)) return fail('not-found', API_MESSAGES.sessionNotFound, 404);
      state.trustedBrowsers = state.trustedBrowsers.filter((browser) => browser.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    })),

    http.delete(`*${API_PATHS.accountSessions}`, forAdministrator(() => {
      const ended = state.devices.filter((device) => !device.current).length;
      state.devices = state.devices.filter((device) => device.current);
      return HttpResponse.json({ ended });
    })),

    http.put(`*${API_PATHS.password}`, forAdministrator(async ({ request }) => {
      const body = passwordChangeSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      if (!checkPassword(body.data.currentPassword)) {
        return fail('invalid-input', API_MESSAGES.wrongCurrentPassword, 400, {
          fieldErrors: { currentPassword: API_MESSAGES.wrongCurrentPassword },
        });
      }
      state.accounts = state.accounts.map((account) =>
        normaliseEmail(account.email) === state.signedInAs ? { ...account, password: body.data.newPassword } : account,
      );
      state.devices = state.devices.filter((device) => device.current);
      return new HttpResponse(null, { status: 204 });
    })),

    http.get(`*${API_PATHS.audit}`, forAdministrator(({ request }) => {
      const query = new URL(request.url).searchParams;
      const actor = query.get('actor');
      const kind = query.get('kind');
      const entries = state.audit
        .filter((entry) => (actor === null || entry.actor === actor) && (kind === null || entry.kind === kind))
        .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
      const actors = [...new Set(state.audit.map((entry) => entry.actor).filter((who): who is string => who !== null))].sort();
      return HttpResponse.json({ entries, actors });
    })),

    http.post(`*${API_PATHS.contact}`, async ({ request }) => {
      const contact = contactRequestSchema.safeParse(await jsonBody(request));
      if (!contact.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const errors = validateContact(contact.data);
      if (hasErrors(errors)) return invalid(errors);
      if ((contact.data.website ?? '') === '') {
        state.contactMessages = [
          {
            id: String(nextMessageId++),
            name: contact.data.name.trim(),
            email: contact.data.email.trim(),
            message: contact.data.message.trim(),
            receivedAt: new Date().toISOString(),
            delivery: 'not-emailed',
            attempts: 0,
            handled: false,
          },
          ...state.contactMessages,
        ];
      }
      return new HttpResponse(null, { status: 202 });
    }),

    http.get(`*${API_PATHS.contactMessages}`, forAdministrator(() => HttpResponse.json({ messages: state.contactMessages, emailSetUp: state.emailSetUp }))),

    http.patch(`*${API_PATHS.contactMessage}`, forAdministrator(async ({ params, request }) => {
      const change = contactMessageChangeSchema.safeParse(await jsonBody(request));
      if (!change.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const found = state.contactMessages.find((message) => message.id === params.id);
      if (found === undefined) return fail('not-found', API_MESSAGES.messageNotFound, 404);
      const changed = { ...found, handled: change.data.handled };
      state.contactMessages = state.contactMessages.map((message) => (message.id === found.id ? changed : message));
      return HttpResponse.json(changed);
    })),

    http.delete(`*${API_PATHS.contactMessage}`, forAdministrator(({ params }) => {
      if (!state.contactMessages.some((message) => message.id === params.id)) return fail('not-found', API_MESSAGES.messageNotFound, 404);
      state.contactMessages = state.contactMessages.filter((message) => message.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    })),

    http.post(`*${API_PATHS.contactMessageSend}`, forAdministrator(({ params }) => {
      const found = state.contactMessages.find((message) => message.id === params.id);
      if (found === undefined) return fail('not-found', API_MESSAGES.messageNotFound, 404);
      if (!state.emailSetUp) return fail('conflict', API_MESSAGES.emailNotSetUp, 409);
      if (found.delivery !== 'failed' && found.delivery !== 'not-emailed') return fail('conflict', API_MESSAGES.alreadySent, 409);
      const queued = { ...found, delivery: 'pending' as const, attempts: 0 };
      state.contactMessages = state.contactMessages.map((message) => (message.id === found.id ? queued : message));
      return HttpResponse.json(queued);
    })),

    // The team (the server's tests cover its rules: the last administrator, suspensions, the links).
    http.get(`*${TEAM_PATHS.team}`, () => refuseUnlessArea('site') ?? HttpResponse.json({ members: state.team })),

    http.post(`*${TEAM_PATHS.invitations}`, async ({ request }) => {
      const refusal = refuseUnlessArea('site');
      if (refusal !== null) return refusal;
      const body = inviteSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const problem = validateInvitationEmail(body.data.email);
      if (problem !== null) return invalid({ email: problem });
      const email = normaliseEmail(body.data.email);
      const branch = teamBranch(body.data.role, body.data.branchId);
      if (branch === 'missing') return invalid({ branchId: API_MESSAGES.branchNeeded });
      state.team = [...state.team.filter((member) => member.email !== email), { email, role: body.data.role, ...branch, status: 'invited', fixed: false, you: false }];
      return HttpResponse.json({ members: state.team }, { status: 201 });
    }),

    http.post(`*${TEAM_PATHS.role}`, async ({ request }) => {
      const refusal = refuseUnlessArea('site');
      if (refusal !== null) return refusal;
      const body = roleChangeSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const { email, role } = body.data;
      const branch = teamBranch(role, body.data.branchId);
      if (branch === 'missing') return invalid({ branchId: API_MESSAGES.branchNeeded });
      return changeMember(email, ({ branch: _before, ...member }) => ({ ...member, role, ...branch }));
    }),

    http.post(`*${TEAM_PATHS.suspension}`, async ({ request }) => {
      const refusal = refuseUnlessArea('site');
      if (refusal !== null) return refusal;
      const body = suspensionSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const { email, suspended } = body.data;
      return changeMember(email, (member) => ({ ...member, status: suspended ? 'suspended' : 'active' }));
    }),

    http.post(`*${TEAM_PATHS.removal}`, async ({ request }) => {
      const refusal = refuseUnlessArea('site');
      if (refusal !== null) return refusal;
      const body = removalSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      return changeMember(body.data.email, () => null);
    }),

    http.get(`*${TEAM_PATHS.invitation}`, ({ request }) => {
      const invitation = state.invitations[new URL(request.url).searchParams.get('token') ?? ''];
      return invitation === undefined ? fail('not-found', API_MESSAGES.invitationGone, 404) : HttpResponse.json(invitation);
    }),

    http.post(`*${TEAM_PATHS.invitation}`, async ({ request }) => {
      const body = acceptInvitationSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const invitation = state.invitations[body.data.token];
      if (invitation === undefined) return fail('not-found', API_MESSAGES.invitationGone, 404);
      const problem = validatePassword(body.data.password);
      if (problem !== null) return invalid({ password: problem });
      state.invitations = Object.fromEntries(Object.entries(state.invitations).filter(([token]) => token !== body.data.token));
      state.accounts = [...state.accounts, { email: invitation.email, password: body.data.password }];
      state.roles = { ...state.roles, [invitation.email]: invitation.role };
      state.signedInAs = invitation.email;
      return HttpResponse.json(currentUser());
    }),

    http.get(`*${API_PATHS.association}`, () => HttpResponse.json(state.details)),

    http.put(`*${API_PATHS.association}`, forAdministrator(async ({ request }) => {
      const body = associationDetailsSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const errors = validateDetails(body.data);
      if (hasErrors(errors)) return invalid(errors);
      state.details = cleanDetails(body.data);
      return HttpResponse.json(state.details);
    })),
  ];

  return { handlers, state };
}

export function createSelfHostedApiHandlers(seed: SelfHostedApiSeed = {}): HttpHandler[] {
  return createSelfHostedApi(seed).handlers;
}
