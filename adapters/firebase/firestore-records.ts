/**
 * The Firestore records of the hosted backend, as the adapters write them and firestore.rules
 * accept them (tests/hosted/firestore-rules.test.ts compares the two). No SDK here: the MSW fake
 * (mocks/firebase-firestore.ts) reads the same names.
 */
import { isCoreError, type CoreError } from '../../src-core/domain/core-error';
import { firebaseFailure } from '../hosted/error-table';

export const FIRESTORE_COLLECTIONS = {
  /** One record per address, its id the address's hash: a request, a subscriber, or one who left. */
  subscribers: 'subscribers',
  /** The Trigger Email extension's collection: each new document is one e-mail. */
  mail: 'mail',
  /** The extension's Handlebars templates, which an administrator's browser writes. */
  templates: 'templates',
  /** Mailings: a news post or newsletter sent to every subscriber, one `mail` document each. */
  mailings: 'mailings',
  /** Membership applications: a visitor creates one, only administrators read or decide it. */
  applications: 'applications',
  /** Members, each under their membership number. */
  members: 'members',
  /** The last membership number given (counters/members), moved on in the approval's transaction. */
  counters: 'counters',
  /** One per event that takes bookings, under its id: settings and counts, which anyone may read (no personal data). */
  bookingEvents: 'bookingEvents',
  /** Bookings, each under `{event id}:{number}` (bookingIdOf); only administrators read them. */
  bookings: 'bookings',
  /** One per booking under its cancel link's secret: what the cancel page shows, read by whoever holds the link. */
  bookingTokens: 'bookingTokens',
  /** One per event and e-mail address or phone number (bookingKeyOf): whether it holds a live booking. */
  bookingKeys: 'bookingKeys',
  /** Site settings only administrators read: `settings/bookings` holds BookingGlobalSettings. */
  settings: 'settings',
} as const;

/**
 * The collections anyone may get a document of (never list): what booking needs (firestore.rules).
 * @internal Only the Firestore fake and the rules test use it.
 */
export const VISITOR_GETS: readonly string[] = [FIRESTORE_COLLECTIONS.bookingEvents, FIRESTORE_COLLECTIONS.bookingTokens, FIRESTORE_COLLECTIONS.bookingKeys];

/** The fields a visitor's booking writes, every one of them (firestore.rules: isBooking). */
export const BOOKING_FIELDS = [
  'eventId',
  'seq',
  'status',
  'source',
  'name',
  'email',
  'phone',
  'places',
  'answer',
  'bookedAt',
  'promotedAt',
  'toPhone',
  'cancelledAt',
  'cancelledBy',
] as const;

/** The fields of a booking's token document (firestore.rules: isBookingToken). */
export const BOOKING_TOKEN_FIELDS = ['booking', 'eventId', 'seq', 'name', 'email', 'places', 'status', 'contactKeys'] as const;

/**
 * The counts of an event's document a visitor's booking or cancellation moves (firestore.rules: isBookingCount).
 * @internal Only the Firestore fake and the rules test use it.
 */
export const BOOKING_COUNT_FIELDS = ['bookedPlaces', 'nextSeq', 'waiting', 'lastChange'] as const;

/** The Trigger Email templates of the booking confirmation (firestore.rules: isBookingMail); the template data names. */
export const BOOKING_TEMPLATES = ['booking-booked', 'booking-booked-answer', 'booking-waiting', 'booking-waiting-answer'] as const;
export const BOOKING_TEMPLATE_DATA = ['token', 'name', 'places', 'title', 'when', 'where', 'answer'] as const;

/** A booking's document id: the event's id and its number in the order bookings came. */
export function bookingIdOf(eventId: string, seq: number): string {
  return `${eventId}:${seq}`;
}

/** The confirmation mail of the booking whose cancel link holds this secret. */
export function bookingMailId(token: string): string {
  return `booking-${token}`;
}

/** One event's e-mail address or phone number as a document id: the SHA-256 of both, in hex. */
export async function bookingKeyOf(eventId: string, contact: string): Promise<string> {
  return addressIdOf(`${eventId}\n${contact}`);
}

/** The fields a visitor's application writes, every one of them (firestore.rules: isApplication). */
export const APPLICATION_FIELDS = [
  'state',
  'name',
  'address',
  'eircode',
  'phone',
  'email',
  'background',
  'nmbiPin',
  'branch',
  'newsletter',
  'consentWording',
  'receivedAt',
] as const;

/** Each text field's longest accepted length, in characters (firestore.rules say the same). */
export const APPLICATION_LIMITS = { name: 200, address: 500, eircode: 8, phone: 30, email: 320, background: 4000, nmbiPin: 10 } as const;

/** The document holding the last membership number given. */
export const MEMBER_COUNTER = 'members';

/** One mail per decision on an application: a repeated decision writes nothing twice (firestore.rules allow no update). */
export function decisionMailId(kind: 'welcome' | 'declined' | 'more-information', applicationId: string): string {
  return `${kind}-${applicationId}`;
}

/** The fields a visitor's request writes, every one of them (firestore.rules: isSubscriptionRequest). */
export const SUBSCRIBER_REQUEST_FIELDS = ['email', 'name', 'form', 'consentWording', 'requestedAt', 'confirmedAt', 'secret', 'expiresAt'] as const;

/**
 * The field Firestore's time-to-live policy deletes a record by (docs/hosted.md): a request not
 * confirmed in CONFIRMATION_DAYS, and what is left of someone who unsubscribed, go; a confirmed
 * subscriber's is null and stays.
 * @internal Outside this file only tests use it (the adapter and the fake write the field by name).
 */
export const EXPIRES_FIELD = 'expiresAt';

/** The fields of the confirmation mail a visitor's request writes (firestore.rules: isConfirmationMail). */
export const MAIL_FIELDS = ['to', 'template', 'createdAt'] as const;

export const CONFIRMATION_TEMPLATE = 'subscription-confirmation';

/** Characters of the random secret in a token (24 random bytes in base64url). */
export const SECRET_LENGTH = 32;

/** A record's id: the SHA-256 of the address in lower case, in hex (firestore.rules compute the same). */
export async function addressIdOf(emailKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(emailKey));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The token of a confirmation or unsubscribe link: which record, and the secret only its mail holds. */
export function joinToken(addressId: string, secret: string): string {
  return `${addressId}.${secret}`;
}

export function splitToken(token: string): { addressId: string; secret: string } | undefined {
  const found = /^([0-9a-f]{64})\.([A-Za-z0-9_-]{32})$/.exec(token);
  return found === null ? undefined : { addressId: found[1] as string, secret: found[2] as string };
}

/** One confirmation mail per request: its id comes from the request's secret. */
export function confirmationMailId(secret: string): string {
  return `confirm-${secret}`;
}

/** One mail document per mailing and address, so sending twice sends nothing twice (firestore.rules allow no update). */
export function mailingMailId(mailingId: string, addressId: string): string {
  return `mailing-${mailingId}-${addressId}`;
}

/** An administrator's session as the Firestore adapters check it (adapters/firebase/firebase-auth.adapter.ts keeps it). */
export interface AdminSession {
  /** Whether the session has run out (it is then ended). */
  endIfOver(): boolean;
  noteActivity(): void;
}

/**
 * Runs an administrator's work on Firestore: refused once the session has run out, counted as
 * activity otherwise, and any failure that is not already the core's words turned into them.
 */
export function administratorWork<Sdk, Db>(
  firestore: () => Promise<{ readonly sdk: Sdk; readonly db: Db }>,
  session: AdminSession,
  sessionOver: () => CoreError,
): <T>(work: (sdk: Sdk, db: Db) => Promise<T>) => Promise<T> {
  return async (work) => {
    if (session.endIfOver()) throw sessionOver();
    session.noteActivity();
    try {
      const { sdk, db } = await firestore();
      return await work(sdk, db);
    } catch (error) {
      if (isCoreError(error)) throw error;
      throw firebaseFailure('firestore', error);
    }
  };
}

/** A document's fields as one read found them; undefined when there is no such document. */
export function dataOf<T>(snapshot: { exists(): boolean; data(): T | undefined }): T | undefined {
  return snapshot.exists() ? snapshot.data() : undefined;
}
