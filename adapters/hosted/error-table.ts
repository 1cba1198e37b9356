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

/** @internal Outside this file only tests and fakes use it. */
export const ERROR_TABLE: readonly ErrorRow[] = [
  // EmailJS responds with an HTTP status and a short text; 0 is its network error.
  {
    system: 'emailjs',
    reported: '451',
    kind: 'unavailable',
    message: 'The e-mail service does not accept messages from this browser. Please try another browser, or contact us another way.',
  },
  { system: 'emailjs', reported: '403', kind: 'unavailable', message: CONTACT_NOT_SENT },
  {
    system: 'emailjs',
    reported: '429',
    kind: 'too-many-requests',
    message: 'Too many messages have been sent from here just now. Please wait a minute and try again.',
  },
  {
    system: 'emailjs',
    reported: '0',
    kind: 'unavailable',
    message: 'The e-mail service could not be reached. Please check your internet connection and try again.',
  },
  { system: 'emailjs', reported: OTHER, kind: 'unavailable', message: CONTACT_NOT_SENT },

  // Firebase Storage error codes.
  {
    system: 'storage',
    reported: 'storage/object-not-found',
    kind: 'not-found',
    message: 'This file could not be found. It may have been deleted already.',
  },
  {
    system: 'storage',
    reported: 'storage/unauthenticated',
    kind: 'not-authorised',
    message: 'Please sign in as an administrator to do this.',
  },
  {
    system: 'storage',
    reported: 'storage/unauthorized',
    kind: 'not-authorised',
    message: 'This was refused: only an administrator may add or delete files, and a file can never be replaced.',
  },
  {
    system: 'storage',
    reported: 'storage/retry-limit-exceeded',
    kind: 'unavailable',
    message: 'The file storage did not answer in time. Please check your internet connection and try again.',
  },
  { system: 'storage', reported: 'storage/canceled', kind: 'canceled', message: 'The upload was canceled. Nothing was stored.' },
  {
    system: 'storage',
    reported: 'upload-interrupted',
    kind: 'unavailable',
    message: 'The upload could not carry on after the pause, so nothing was stored. Please upload the file again.',
  },
  {
    system: 'storage',
    reported: 'storage/quota-exceeded',
    kind: 'unavailable',
    message: 'The file storage is full. Please delete some old files, then try again.',
  },
  {
    system: 'storage',
    reported: 'file-exists',
    kind: 'conflict',
    message: 'A file with this name already exists here. Delete it first, or rename your file and upload it again.',
  },
  { system: 'storage', reported: OTHER, kind: 'unavailable', message: FILES_NOT_REACHED },

  // Firebase Authentication error codes. A wrong address and a wrong password read the same,
  // so the page never tells a stranger which addresses have accounts.
  { system: 'auth', reported: 'auth/wrong-password', kind: 'not-authorised', message: SIGN_IN_FAILED },
  { system: 'auth', reported: 'auth/user-not-found', kind: 'not-authorised', message: SIGN_IN_FAILED },
  { system: 'auth', reported: 'auth/invalid-credential', kind: 'not-authorised', message: SIGN_IN_FAILED },
  { system: 'auth', reported: 'auth/user-disabled', kind: 'not-authorised', message: SIGN_IN_FAILED },
  {
    system: 'auth',
    reported: 'auth/too-many-requests',
    kind: 'too-many-requests',
    message: 'Too many sign-in attempts. Please wait a while and try again.',
  },
  {
    system: 'auth',
    reported: 'auth/invalid-email',
    kind: 'invalid-input',
    message: 'Please enter a valid e-mail address, like name@example.org.',
  },
  {
    system: 'auth',
    reported: 'auth/network-request-failed',
    kind: 'unavailable',
    message: 'The sign-in service could not be reached. Please check your internet connection and try again.',
  },
  {
    system: 'auth',
    reported: 'auth/email-already-in-use',
    kind: 'conflict',
    message: 'An account with this e-mail address already exists.',
  },
  {
    system: 'auth',
    reported: 'session-ended',
    kind: 'not-authorised',
    message: 'You have been signed out: a sign-in lasts 12 hours, or 2 hours without activity. Please sign in again.',
  },
  {
    system: 'auth',
    reported: 'auth/requires-recent-login',
    kind: 'not-authorised',
    message: 'For your safety, please sign out, sign in again and then try once more.',
  },
  {
    system: 'auth',
    reported: 'auth/invalid-verification-code',
    kind: 'not-authorised',
    message: 'That code is not right. Please type the 6 numbers your app shows now.',
  },
  {
    system: 'auth',
    reported: 'auth/multi-factor-info-not-found',
    kind: 'not-authorised',
    message: 'Signing in took too long. Please enter your e-mail address and password again.',
  },
  {
    system: 'auth',
    reported: 'auth/invalid-multi-factor-session',
    kind: 'not-authorised',
    message: 'Signing in took too long. Please enter your e-mail address and password again.',
  },
  {
    system: 'auth',
    reported: 'second-step-not-offered',
    kind: 'not-authorised',
    message:
      'This account signs in with a second step this website cannot offer (a text message). Please ask whoever runs the Firebase project to set up an authenticator app for it instead.',
  },
  {
    system: 'auth',
    reported: 'auth/weak-password',
    kind: 'invalid-input',
    message: 'This password is too short. Please choose a longer one.',
  },
  {
    system: 'auth',
    reported: OTHER,
    kind: 'unavailable',
    message: 'Signing in did not work just now. Please try again in a moment.',
  },

  // Firestore error codes (the subscriber list and its requests). A visitor's refused write is
  // answered by the adapter itself, which tells nobody whether an address is known.
  {
    system: 'firestore',
    reported: 'permission-denied',
    kind: 'not-authorised',
    message: 'Please sign in as an administrator to do this.',
  },
  {
    system: 'firestore',
    reported: 'resource-exhausted',
    kind: 'too-many-requests',
    message: 'The database is busy just now. Please wait a minute and try again.',
  },
  {
    system: 'firestore',
    reported: OTHER,
    kind: 'unavailable',
    message: 'The database could not be reached. Please check your internet connection and try again.',
  },

  // Contentful's delivery API names its errors in sys.id; 'Network' is no response at all.
  {
    system: 'contentful',
    reported: 'NotFound',
    kind: 'not-found',
    message: 'This news post could not be found. It may have been removed.',
  },
  {
    system: 'contentful',
    reported: 'RateLimitExceeded',
    kind: 'too-many-requests',
    message: 'The news service is busy just now. Please try again in a minute.',
  },
  { system: 'contentful', reported: 'ServerError', kind: 'unavailable', message: NEWS_NOT_LOADED },
  { system: 'contentful', reported: 'Network', kind: 'unavailable', message: NEWS_NOT_LOADED },
  { system: 'contentful', reported: 'AccessTokenInvalid', kind: 'unavailable', message: NEWS_NOT_LOADED },
  { system: 'contentful', reported: OTHER, kind: 'unavailable', message: NEWS_NOT_LOADED },
];

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
