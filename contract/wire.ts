/**
 * The self-hosted API's wire format: paths, request and response shapes, and the error body.
 * The server, the http adapters and the MSW handlers all import this one module, so the three
 * cannot drift apart.
 */
import { z } from './zod';
import { AUDIT_KINDS } from '../src-core/domain/audit';
import type { CoreErrorKind } from '../src-core/domain/core-error';
import { CALENDAR_FEED_PATH } from '../src-core/domain/event-listing';
import { SITE_FEEDS } from '../src-core/domain/site-feeds';
import { STAFF_ROLES } from '../src-core/domain/roles';
import { FOLDERS } from '../src-core/domain/stored-file';

export const API_PATHS = {
  posts: '/api/posts',
  post: '/api/posts/:id',
  pictures: '/api/pictures',
  picture: '/api/pictures/:id',
  /** Every post with its status, drafts and scheduled ones too: the admin area's editor only. */
  allPosts: '/api/post-editor/posts',
  postVersions: '/api/posts/:id/versions',
  postRestore: '/api/posts/:id/versions/:number/restore',
  files: '/api/files',
  fileLimits: '/api/files/limits',
  session: '/api/session',
  secondStep: '/api/session/second-step',
  password: '/api/account/password',
  accountSessions: '/api/account/sessions',
  accountSession: '/api/account/sessions/:id',
  trustedBrowsers: '/api/account/trusted-browsers',
  trustedBrowser: '/api/account/trusted-browsers/:id',
  twoStep: '/api/account/two-step',
  twoStepEnrolment: '/api/account/two-step/enrolment',
  audit: '/api/audit',
  contact: '/api/contact',
  contactMessages: '/api/contact-messages',
  contactMessage: '/api/contact-messages/:id',
  contactMessageSend: '/api/contact-messages/:id/send',
  association: '/api/association',
  events: '/api/events',
  eventDetails: '/api/events/details',
  search: '/api/search',
} as const;

/**
 * The iCalendar files the server makes: the feed of every event to subscribe to, and one file
 * per event. Pages, not API: a calendar app asks for them without the site's script.
 */
export const CALENDAR_PATHS = {
  feed: CALENDAR_FEED_PATH,
  event: '/events/:id/calendar.ics',
  /** One branch's events, as the feed of every event (src-core/domain/branches.ts's branchCalendarPath). */
  branch: '/branches/:slug/events.ics',
} as const;

/** The Atom feeds the server makes for feed readers (src-core/domain/site-feeds.ts names them). */
export const FEED_PATHS = {
  news: SITE_FEEDS.news.path,
  newsletters: SITE_FEEDS.newsletters.path,
} as const;

/** What search engines read first: where every page is listed, and what they may visit. */
export const CRAWLER_PATHS = {
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

/** The header a submission's key travels in; see contract/submission-key.ts. */
export const SUBMISSION_KEY_HEADER = 'idempotency-key';

/** Stored files are downloaded below this prefix: '/files/events/Annual%20Dinner.pdf'. */
export const FILES_PREFIX = '/files/';

/** The sizes of posts' pictures are served below this prefix (src-core/domain/post-picture.ts names them). */
export const PICTURES_PREFIX = '/pictures/';

export function picturePath(id: string): string {
  return `${API_PATHS.pictures}/${encodeURIComponent(id)}`;
}

export function postPath(id: string): string {
  return `${API_PATHS.posts}/${encodeURIComponent(id)}`;
}

export function contactMessagePath(id: string): string {
  return `${API_PATHS.contactMessages}/${encodeURIComponent(id)}`;
}

export function contactMessageSendPath(id: string): string {
  return `${contactMessagePath(id)}/send`;
}

/** The download address of a full path, each segment encoded on its own. */
export function fileDownloadPath(fullPath: string): string {
  return FILES_PREFIX + fullPath.split('/').map(encodeURIComponent).join('/');
}

/** @internal Outside this file only tests and fakes use it. */
export const folderSchema = z.enum(FOLDERS);

export const isoDateTime = z.iso.datetime({ offset: true });

/** One e-mail in the server's mail queue, as the data kept about a person lists it. */
export const queuedMailSchema = z.object({
  kind: z.string(),
  state: z.string(),
  attempts: z.number().int(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  lastError: z.string().nullable(),
});

const pictureIdSchema = z.string().regex(/^[0-9a-f]{24}$/);

/** The branch an event or a post belongs to (src-core/domain/branches.ts). */
const branchLinkSchema = z.object({ id: z.string().min(1), slug: z.string().min(1), name: z.string() });
const branchIdSchema = z.string().min(1).max(30);

const postPictureSchema = z.object({
  id: pictureIdSchema,
  alt: z.string(),
  decorative: z.boolean(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

export const postSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  body: z.string(),
  publishedAt: isoDateTime,
  updatedAt: isoDateTime.optional(),
  picture: postPictureSchema.optional(),
  status: z.enum(['draft', 'scheduled', 'published']).optional(),
  branch: branchLinkSchema.optional(),
});
/** @internal Outside this file only tests and fakes use it. */
export type WirePost = z.infer<typeof postSchema>;

export const postListSchema = z.object({ posts: z.array(postSchema) });

export const postIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The shape only; the rules (required, lengths) are the core's validatePostDraft, applied by the server. */
export const postDraftSchema = z.object({
  title: z.string().max(10_000),
  body: z.string().max(100_000),
  /** The picture to show with the post; null or left out: none. */
  picture: z.object({ id: pictureIdSchema, alt: z.string().max(10_000), decorative: z.boolean() }).nullable().optional(),
  publication: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('now') }),
      z.object({ kind: z.literal('at'), at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/) }),
      z.object({ kind: z.literal('draft') }),
    ])
    .optional(),
  /** The id of the branch the post belongs to; null: national; left out: as it was. */
  branch: branchIdSchema.nullable().optional(),
});

export const allPostsSchema = z.object({ posts: z.array(postSchema), timeZone: z.string() });

const postVersionSchema = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  body: z.string(),
  savedAt: isoDateTime,
  savedBy: z.string().optional(),
});
export const postVersionListSchema = z.object({ versions: z.array(postVersionSchema) });

export const postVersionParamsSchema = z.object({ id: z.string().min(1).max(100), number: z.coerce.number().int().positive().max(1_000_000) });

export function postVersionsPath(id: string): string {
  return API_PATHS.postVersions.replace(':id', encodeURIComponent(id));
}

export function postRestorePath(id: string, version: number): string {
  return API_PATHS.postRestore.replace(':id', encodeURIComponent(id)).replace(':number', String(version));
}

/**
 * A picture is uploaded as `POST /api/pictures` with the file's raw bytes as the body, as files
 * are. The response is its state: 'ready' (201) when it was prepared within a few seconds,
 * 'preparing' (202) while the server still works on it (ask `GET /api/pictures/:id` again), or
 * 'refused' (201) with the reason to show.
 */
export const pictureStateSchema = z.discriminatedUnion('state', [
  z.object({ id: pictureIdSchema, state: z.literal('preparing') }),
  z.object({ id: pictureIdSchema, state: z.literal('ready'), width: z.number().int().positive(), height: z.number().int().positive() }),
  z.object({ id: pictureIdSchema, state: z.literal('refused'), refusal: z.string() }),
]);
export type WirePictureState = z.infer<typeof pictureStateSchema>;

export const pictureIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const storedFileSchema = z.object({
  name: z.string().min(1),
  fullPath: z.string().min(1),
  url: z.string().min(1),
  size: z.number().int().nonnegative().optional(),
  updatedAt: isoDateTime.optional(),
  contentType: z.string().optional(),
});
/** @internal Outside this file only tests and fakes use it. */
export type WireStoredFile = z.infer<typeof storedFileSchema>;

/** The shape only; the rules (dates, order, lengths) are the core's validateEventDetails, applied by the server. */
export const eventDetailsSchema = z.object({
  title: z.string().max(2_000),
  start: z.string().max(40),
  end: z.string().max(40),
  allDay: z.boolean(),
  timeZone: z.string().max(100),
  venue: z.string().max(2_000),
  town: z.string().max(2_000),
  description: z.string().max(20_000),
});

export const listedEventSchema = z.object({ file: storedFileSchema, details: eventDetailsSchema.nullable(), branch: branchLinkSchema.optional() });
export type WireListedEvent = z.infer<typeof listedEventSchema>;

export const eventListingSchema = z.object({
  timeZone: z.string().min(1),
  at: isoDateTime,
  events: z.array(listedEventSchema),
  calendar: z.object({ feedPath: z.string().min(1), feedUrl: z.string().min(1), subscribeUrl: z.string().min(1) }).nullable(),
});

/** `PUT /api/events/details?path=events/Name.pdf` with this body; null removes the details. */
export const eventDetailsQuerySchema = z.object({ path: z.string().min(1).max(2_000) });
/** `branch`: the id of the branch holding the event; null: national; left out: as it was. */
export const eventDetailsBodySchema = z.object({ details: eventDetailsSchema.nullable(), branch: branchIdSchema.nullable().optional() });

/** `GET /api/search?q=...`: any text; the server takes only its words, and the first 200 characters. */
export const searchQuerySchema = z.object({ q: z.string().max(10_000).optional() });
export const searchResultsSchema = z.object({
  query: z.string(),
  results: z.array(
    z.object({
      kind: z.enum(['page', 'news', 'newsletter', 'document', 'event']),
      title: z.string(),
      href: z.string().min(1),
      isFile: z.boolean(),
      date: z.string().nullable(),
      snippet: z.array(z.object({ text: z.string(), match: z.boolean() })),
    }),
  ),
  matched: z.enum(['all', 'any']),
  coverage: z.object({ textInsideFiles: z.boolean() }),
});

export const fileListQuerySchema = z.object({ folder: folderSchema });
export const fileListSchema = z.object({ files: z.array(storedFileSchema) });

/** `freeBytes`, what is left on the server's disk, is told to administrators only. */
export const fileLimitsSchema = z.object({ maxBytes: z.number().int().positive(), freeBytes: z.number().int().nonnegative().optional() });

/**
 * An upload is `POST /api/files?folder=..&name=..` with the file's raw bytes as the body
 * (any Content-Type). It responds 201 with the stored file, whose name may differ from the
 * one asked for when that name had to be made safe.
 */
export const uploadQuerySchema = z.object({
  folder: folderSchema,
  name: z.string().min(1).max(2_000),
  /**
   * For the events folder: the event's details as JSON (eventDetailsSchema), checked before a
   * byte of the file is read and stored with it, so a refusal of either stores neither.
   */
  details: z.string().max(30_000).optional(),
});

export const deleteFileQuerySchema = z.object({ path: z.string().min(1).max(2_000) });

export const credentialsSchema = z.object({
  email: z.string().max(1_000),
  password: z.string().max(1_000),
});

export const userSchema = z.object({
  email: z.string(),
  administrator: z.boolean(),
  /** The account's role in the admin area (src-core/domain/roles.ts). */
  role: z.enum(STAFF_ROLES).optional(),
  /** A branch officer's branch: the only one whose news, events and page it may change. */
  branchId: z.string().optional(),
  /** Present and true when the site requires two-step sign-in and this administrator has not set it up. */
  mustSetUpTwoStep: z.boolean().optional(),
});
/** @internal Outside this file only tests and fakes use it. */
export type WireUser = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ user: userSchema.nullable() });

/**
 * A right password for an account with two-step sign-in gets 202 with this: the sign-in
 * waits (in a short-lived cookie) for a code at `POST /api/session/second-step`.
 */
export const secondStepChallengeSchema = z.object({
  secondStep: z.object({ methods: z.array(z.enum(['totp', 'recovery-code'])) }),
});

/** A code from the authenticator app (6 digits) or one of the recovery codes. */
export const secondStepCodeSchema = z.object({
  code: z.string().max(100),
  /** Trust this browser for 30 days: signing in here again then asks only for the password. */
  trustBrowser: z.boolean().optional(),
});

export const passwordChangeSchema = z.object({
  currentPassword: z.string().max(1_000),
  newPassword: z.string().max(1_000),
});

const accountSessionSchema = z.object({
  id: z.string(),
  /** The browser and system in plain words: 'Firefox on Windows'. */
  browser: z.string(),
  address: z.string(),
  signedInAt: isoDateTime,
  lastUsedAt: isoDateTime,
  current: z.boolean(),
});

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });

const trustedBrowserSchema = z.object({
  id: z.string(),
  /** The browser and system in plain words: 'Firefox on Windows'. */
  browser: z.string(),
  address: z.string(),
  trustedAt: isoDateTime,
  expiresAt: isoDateTime,
  /** The browser this list is read in. */
  current: z.boolean(),
});

export const trustedBrowsersSchema = z.object({ browsers: z.array(trustedBrowserSchema) });
export const accountSessionParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const endedSessionsSchema = z.object({ ended: z.number().int().nonnegative() });

export const twoStepStateSchema = z.object({
  enabled: z.boolean(),
  /** Whether the site requires it (ADMIN_REQUIRE_2FA), so it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
});

/** A new key to add to an authenticator app: as a QR code (SVG) and as text to type. */
export const twoStepEnrolmentSchema = z.object({
  key: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
});

/** Shown once, when two-step sign-in is turned on: each works once instead of a code. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const twoStepDisableSchema = z.object({ password: z.string().max(1_000) });

export const auditQuerySchema = z.object({
  actor: z.string().max(1_000).optional(),
  kind: z.enum(AUDIT_KINDS).optional(),
  limit: z.coerce.number().int().min(1).max(1_000).default(200),
});

const auditEntrySchema = z.object({
  id: z.string(),
  at: isoDateTime,
  actor: z.string().nullable(),
  kind: z.enum(AUDIT_KINDS),
  detail: z.string(),
  address: z.string(),
});

export const auditListSchema = z.object({ entries: z.array(auditEntrySchema), actors: z.array(z.string()) });

/** `website` is a honeypot: people never see the field, so a value in it marks a robot. */
export const contactRequestSchema = z.object({
  name: z.string().max(10_000),
  email: z.string().max(10_000),
  message: z.string().max(100_000),
  website: z.string().max(10_000).optional(),
});

const deliveryStateSchema = z.enum(['pending', 'sent', 'failed', 'not-emailed']);

export const receivedContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  receivedAt: isoDateTime,
  delivery: deliveryStateSchema,
  attempts: z.number().int().nonnegative(),
  handled: z.boolean(),
});
/** @internal Outside this file only tests and fakes use it. */
export type WireReceivedContactMessage = z.infer<typeof receivedContactMessageSchema>;

/** `emailSetUp` is false where the server has no mail server: messages are then only stored. */
export const contactMessagesSchema = z.object({ messages: z.array(receivedContactMessageSchema), emailSetUp: z.boolean() });

export const contactMessageParamsSchema = z.object({ id: z.string().regex(/^[0-9]{1,15}$/) });

/** PATCH /api/contact-messages/:id: marks it dealt with, or new again. */
export const contactMessageChangeSchema = z.object({ handled: z.boolean() });

/**
 * The association's details, in both directions (GET returns them, PUT replaces them). The shape
 * only; the rules (lengths, phone, e-mail, web addresses) are the core's validateDetails.
 */
export const associationDetailsSchema = z.object({
  contactName: z.string().max(10_000),
  address: z.string().max(10_000),
  phone: z.string().max(10_000),
  email: z.string().max(10_000),
  charityNumber: z.string().max(10_000),
  openingHours: z.string().max(10_000),
  replyTime: z.string().max(10_000),
  socialLinks: z.array(z.string().max(10_000)).max(100),
  howToJoin: z.string().max(100_000),
});

/** 'canceled' never travels: it is what a client says about its own aborted request. */
export const WIRE_ERROR_KINDS = [
  'not-found',
  'not-authorised',
  'invalid-input',
  'conflict',
  'too-many-requests',
  'unavailable',
] as const satisfies readonly CoreErrorKind[];
export type WireErrorKind = (typeof WIRE_ERROR_KINDS)[number];

export const errorBodySchema = z.object({
  error: z.object({
    kind: z.enum(WIRE_ERROR_KINDS),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorBody(
  kind: WireErrorKind,
  message: string,
  details: { fieldErrors?: Record<string, string>; retryAfterSeconds?: number } = {},
): ErrorBody {
  return { error: { kind, message, ...details } };
}

/**
 * The status each kind travels with. 'not-authorised' is 401 without a session and 403 for a
 * signed-in user who may not do this; an oversized upload is 'invalid-input' with 413.
 * @internal Outside this file only tests and fakes use it.
 */
export const ERROR_STATUS = {
  'invalid-input': 400,
  'not-authorised': 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'payload-too-large': 413,
  'too-many-requests': 429,
  unavailable: 503,
} as const;
