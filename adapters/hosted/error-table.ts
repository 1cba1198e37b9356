import { CoreError, type CoreErrorKind, isCoreError } from '../../src-core/domain/core-error';

/**
 * The one table from every failure the hosted services report to the core's
 * error and the text a volunteer or visitor reads. Adapters never write their own texts: they
 * name the system and what it said, and this table gives the core's error.
 */
export type HostedSystem = 'emailjs' | 'storage' | 'auth' | 'contentful' | 'firestore';

export interface ErrorRow {
  readonly system: HostedSystem;
  /** What the service says: an EmailJS status, a Firebase error code, a Contentful error id. */
  readonly reported: string;
  readonly kind: CoreErrorKind;
  readonly message: string;
}

/** What a system reports when nothing more specific matches (kept in the table, with a text too). */
const OTHER = 'other';

const CONTACT_NOT_SENT = 'The e-mail service did not accept it. Please try again later, or contact us another way.';
const SIGN_IN_FAILED = 'The e-mail address or password is not right. Please try again.';
const FILES_NOT_REACHED =
  'The file storage could not be reached. Please check your internet connection and try again.';
const NEWS_NOT_LOADED = 'The news service is not answering just now. Please try again in a minute.';

/** Each system's rows, in the order they are looked through: what it reported, the core's kind of error, and the text people read. */
const ROWS: Readonly<Record<HostedSystem, readonly (readonly [reported: string, kind: CoreErrorKind, message: string])[]>> = {
  // EmailJS responds with an HTTP status and a short text; 0 is its network error.
  emailjs: [
    ['451', 'unavailable', 'The e-mail service does not accept messages from this browser. Please try another browser, or contact us another way.'],
    ['403', 'unavailable', CONTACT_NOT_SENT],
    ['429', 'too-many-requests', 'Too many messages have been sent from here just now. Please wait a minute and try again.'],
    ['0', 'unavailable', 'The e-mail service could not be reached. Please check your internet connection and try again.'],
    [OTHER, 'unavailable', CONTACT_NOT_SENT],
  ],

  // Firebase Storage error codes.
  storage: [
    ['storage/object-not-found', 'not-found', 'This file could not be found. It may have been deleted already.'],
    ['storage/unauthenticated', 'not-authorised', 'Please sign in as an administrator to do this.'],
    ['storage/unauthorized', 'not-authorised', 'This was refused: only an administrator may add or delete files, and a file can never be replaced.'],
    ['storage/retry-limit-exceeded', 'unavailable', 'The file storage did not answer in time. Please check your internet connection and try again.'],
    ['storage/canceled', 'canceled', 'The upload was canceled. Nothing was stored.'],
    ['upload-interrupted', 'unavailable', 'The upload could not carry on after the pause, so nothing was stored. Please upload the file again.'],
    ['storage/quota-exceeded', 'unavailable', 'The file storage is full. Please delete some old files, then try again.'],
    ['file-exists', 'conflict', 'A file with this name already exists here. Delete it first, or rename your file and upload it again.'],
    [OTHER, 'unavailable', FILES_NOT_REACHED],
  ],

  // Firebase Authentication error codes. A wrong address and a wrong password read the same,
  // so the page never tells a stranger which addresses have accounts.
  auth: [
    ['auth/wrong-password', 'not-authorised', SIGN_IN_FAILED],
    ['auth/user-not-found', 'not-authorised', SIGN_IN_FAILED],
    ['auth/invalid-credential', 'not-authorised', SIGN_IN_FAILED],
    ['auth/user-disabled', 'not-authorised', SIGN_IN_FAILED],
    ['auth/too-many-requests', 'too-many-requests', 'Too many sign-in attempts. Please wait a while and try again.'],
    ['auth/invalid-email', 'invalid-input', 'Please enter a valid e-mail address, like name@example.org.'],
    ['auth/network-request-failed', 'unavailable', 'The sign-in service could not be reached. Please check your internet connection and try again.'],
    ['auth/email-already-in-use', 'conflict', 'An account with this e-mail address already exists.'],
    ['session-ended', 'not-authorised', 'You have been signed out: a sign-in lasts 12 hours, or 2 hours without activity. Please sign in again.'],
    ['auth/requires-recent-login', 'not-authorised', 'For your safety, please sign out, sign in again and then try once more.'],
    ['auth/invalid-verification-code', 'not-authorised', 'That code is not right. Please type the 6 numbers your app shows now.'],
    ['auth/multi-factor-info-not-found', 'not-authorised', 'Signing in took too long. Please enter your e-mail address and password again.'],
    ['auth/invalid-multi-factor-session', 'not-authorised', 'Signing in took too long. Please enter your e-mail address and password again.'],
    [
      'second-step-not-offered',
      'not-authorised',
      'This account signs in with a second step this website cannot offer (a text message). Please ask whoever runs the Firebase project to set up an authenticator app for it instead.',
    ],
    ['auth/weak-password', 'invalid-input', 'This password is too short. Please choose a longer one.'],
    [OTHER, 'unavailable', 'Signing in did not work just now. Please try again in a moment.'],
  ],

  // Firestore error codes (the subscriber list and its requests). A visitor's refused write is
  // answered by the adapter itself, which tells nobody whether an address is known.
  firestore: [
    ['permission-denied', 'not-authorised', 'Please sign in as an administrator to do this.'],
    ['resource-exhausted', 'too-many-requests', 'The database is busy just now. Please wait a minute and try again.'],
    [OTHER, 'unavailable', 'The database could not be reached. Please check your internet connection and try again.'],
  ],

  // Contentful's delivery API names its errors in sys.id; 'Network' is no response at all.
  contentful: [
    ['NotFound', 'not-found', 'This news post could not be found. It may have been removed.'],
    ['RateLimitExceeded', 'too-many-requests', 'The news service is busy just now. Please try again in a minute.'],
    ['ServerError', 'unavailable', NEWS_NOT_LOADED],
    ['Network', 'unavailable', NEWS_NOT_LOADED],
    ['AccessTokenInvalid', 'unavailable', NEWS_NOT_LOADED],
    [OTHER, 'unavailable', NEWS_NOT_LOADED],
  ],
};

/** @internal Outside this file only tests and fakes use it. */
export const ERROR_TABLE: readonly ErrorRow[] = Object.entries(ROWS).flatMap(([system, rows]) =>
  rows.map(([reported, kind, message]) => ({ system: system as HostedSystem, reported, kind, message })),
);

function rowFor(system: HostedSystem, reported: string): ErrorRow {
  const rows = ERROR_TABLE.filter((row) => row.system === system);
  const row = rows.find((candidate) => candidate.reported === reported) ?? rows.find((candidate) => candidate.reported === OTHER);
  if (row === undefined) throw new Error(`The error table has no '${OTHER}' row for ${system}.`);
  return row;
}

/** The core error for what a system reported; the original failure is kept as the cause for the log. */
export function hostedError(system: HostedSystem, reported: string, cause?: unknown): CoreError {
  const row = rowFor(system, reported);
  return new CoreError(row.kind, row.message, { cause });
}

function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * EmailJS rejects with `{ status, text }` for a response it did not like, and with whatever fetch
 * threw (a TypeError) when there was no response: that is its 'Network Error', status 0. Its own
 * checks of the settings throw plain strings.
 */
export function emailJsFailure(error: unknown): CoreError {
  const status = property(error, 'status');
  if (typeof status === 'number') return hostedError('emailjs', String(status), error);
  return hostedError('emailjs', error instanceof TypeError ? '0' : OTHER, error);
}

/** Firebase errors carry a code such as 'storage/unauthorized' or 'auth/wrong-password'. */
export function firebaseFailure(system: 'storage' | 'auth' | 'firestore', error: unknown): CoreError {
  if (isCoreError(error)) return error;
  const code = property(error, 'code');
  return hostedError(system, typeof code === 'string' ? code : OTHER, error);
}

const CONTENTFUL_BY_STATUS: Readonly<Record<number, string>> = { 401: 'AccessTokenInvalid', 404: 'NotFound', 429: 'RateLimitExceeded' };

/** What Contentful reported: its error id, else the HTTP status's meaning, else no response at all. */
export function contentfulReported(error: unknown): string {
  // A missing entry comes back as an error with sys.id; an API error as one named after its sys.id.
  for (const id of [property(property(error, 'sys'), 'id'), property(error, 'name')]) {
    if (typeof id === 'string' && ERROR_TABLE.some((row) => row.system === 'contentful' && row.reported === id)) return id;
  }
  const status = contentfulStatus(error);
  if (status === undefined) return 'Network';
  if (status >= 500) return 'ServerError';
  return CONTENTFUL_BY_STATUS[status] ?? OTHER;
}

/**
 * The HTTP status behind a Contentful failure: the client puts it in a JSON message, axios in
 * `response.status`; undefined when no response came (timeout, refused connection).
 */
function contentfulStatus(error: unknown): number | undefined {
  const fromResponse = property(property(error, 'response'), 'status');
  if (typeof fromResponse === 'number') return fromResponse;
  const message = property(error, 'message');
  if (typeof message !== 'string' || !message.trimStart().startsWith('{')) return undefined;
  try {
    const status = property(JSON.parse(message) as unknown, 'status');
    return typeof status === 'number' ? status : undefined;
  } catch {
    return undefined;
  }
}

export function contentfulFailure(error: unknown): CoreError {
  if (isCoreError(error)) return error;
  return hostedError('contentful', contentfulReported(error), error);
}
