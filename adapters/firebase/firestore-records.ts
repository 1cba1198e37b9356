/**
 * The Firestore records of the hosted backend, as the adapters write them and firestore.rules
 * accept them (tests/hosted/firestore-rules.test.ts compares the two). No SDK here: the MSW fake
 * (mocks/firebase-firestore.ts) reads the same names.
 */

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
} as const;

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
