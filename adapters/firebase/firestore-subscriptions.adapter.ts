import type { DocumentData, Firestore } from 'firebase/firestore/lite';
import type * as LiteSdkModule from 'firebase/firestore/lite';
import { CoreError } from '../../src-core/domain/core-error';
import { normaliseEmail } from '../../src-core/domain/administrator';
import { confirmationText, isPlainMailbox, mailingText, unsubscribePageUrl, type MailingContent } from '../../src-core/domain/mail-text';
import type { Mailing, Mailings, MailingSource, NewSubscriber, StoredMail, Subscriber, SubscriberList, SubscriberRecord } from '../../src-core/domain/member-mail';
import { validateNewSubscriber } from '../../src-core/domain/member-mail';
import { SUBSCRIPTION_PAGE_PATHS } from '../../src-core/domain/subscription-pages';
import { CONFIRMATION_DAYS, SUBSCRIPTION_TEXTS } from '../../src-core/domain/subscription';
import { validateContact } from '../../src-core/domain/validation';
import type { MemberMailPort } from '../../src-core/ports/member-mail.port';
import type { SubscriptionPort } from '../../src-core/ports/subscription.port';
import { firebaseFailure } from '../hosted/error-table';
import type { FirebaseAppLoader } from './firebase-app';
import type { MAIL_FIELDS, SUBSCRIBER_REQUEST_FIELDS } from './firestore-records';
import {
  CONFIRMATION_TEMPLATE,
  FIRESTORE_COLLECTIONS,
  SECRET_LENGTH,
  addressIdOf,
  administratorWork,
  confirmationMailId,
  dataOf,
  type AdminSession,
  joinToken,
  mailingMailId,
  splitToken,
} from './firestore-records';

type Lite = typeof LiteSdkModule;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface FirestoreLoader {
  (): Promise<{ readonly sdk: Lite; readonly db: Firestore }>;
}

/**
 * `firebase/firestore/lite` (its REST transport, no offline cache or listeners) is imported on
 * first use: the subscription form's request, the confirm and unsubscribe pages, the admin area.
 * No public page's first load carries it (tests/build/bundle-manifest.test.ts).
 */
export function createFirestoreLoader(loadApp: FirebaseAppLoader): FirestoreLoader {
  let loading: Promise<{ sdk: Lite; db: Firestore }> | undefined;
  return () => {
    loading ??= Promise.all([import('firebase/firestore/lite'), loadApp()]).then(([sdk, app]) => {
      // A refused write is an expected answer here (a repeated request, a second click), which the adapter turns into the page's words.
      sdk.setLogLevel('error');
      return { sdk, db: sdk.getFirestore(app) };
    });
    return loading;
  };
}

function codeOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

function invalidEmail(): CoreError {
  return new CoreError('invalid-input', SUBSCRIPTION_TEXTS.invalidEmail, { fieldErrors: { email: SUBSCRIPTION_TEXTS.invalidEmail } });
}

/** The core's rule for an address (the contact form's), then the line against header injection. */
function checkedAddress(raw: string): string {
  const email = raw.trim();
  const error = validateContact({ name: 'n', email, message: 'm' }).email;
  if (error !== undefined) throw new CoreError('invalid-input', error, { fieldErrors: { email: error } });
  if (!isPlainMailbox(email) || email.length > 320) throw invalidEmail();
  return email;
}

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array((SECRET_LENGTH * 3) / 4));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

export interface FirestoreSubscriptionsOptions {
  readonly firestore: FirestoreLoader;
}

/**
 * News by e-mail on the hosted backend. A visitor's browser writes, in one commit, the request
 * (`subscribers/{address id}`) and the confirmation mail (`mail/confirm-{secret}`) for the
 * Trigger Email extension; it reads nothing. firestore.rules accept exactly these shapes, and
 * refuse a new request for an address already confirmed, or asked for in the last 20 minutes:
 * that refusal is answered like a success, so nobody learns which addresses are on the list.
 */
export function createFirestoreSubscriptions({ firestore }: FirestoreSubscriptionsOptions): SubscriptionPort {
  return {
    async subscribe(request) {
      const email = checkedAddress(request.email);
      if ((request.website ?? '').trim() !== '') return;
      const name = request.name.replace(/\s+/g, ' ').trim().slice(0, 200);
      const addressId = await addressIdOf(normaliseEmail(email));
      const secret = randomSecret();
      try {
        const { sdk, db } = await firestore();
        const batch = sdk.writeBatch(db);
        batch.set(sdk.doc(db, FIRESTORE_COLLECTIONS.subscribers, addressId), {
          email,
          name,
          form: request.form,
          consentWording: SUBSCRIPTION_TEXTS.consentWording,
          requestedAt: sdk.serverTimestamp(),
          confirmedAt: null,
          secret,
          // The browser's clock: firestore.rules accept a day either side of the server's 7 days.
          expiresAt: sdk.Timestamp.fromMillis(Date.now() + CONFIRMATION_DAYS * DAY_MS),
        } satisfies Record<(typeof SUBSCRIBER_REQUEST_FIELDS)[number], unknown>);
        batch.set(sdk.doc(db, FIRESTORE_COLLECTIONS.mail, confirmationMailId(secret)), {
          to: email,
          template: { name: CONFIRMATION_TEMPLATE, data: { token: joinToken(addressId, secret) } },
          createdAt: sdk.serverTimestamp(),
        } satisfies Record<(typeof MAIL_FIELDS)[number], unknown>);
        await batch.commit();
      } catch (error) {
        // Already on the list, or asked for a moment ago: the rules refused, and the visitor is told what everyone is told.
        if (codeOf(error) === 'permission-denied') return;
        throw firebaseFailure('firestore', error);
      }
    },

    async confirm(token) {
      const parts = splitToken(token);
      if (parts === undefined) throw new CoreError('not-found', SUBSCRIPTION_TEXTS.confirmationNotValid);
      try {
        const { sdk, db } = await firestore();
        // Confirmed, the record no longer expires.
        await sdk.updateDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.subscribers, parts.addressId), {
          confirmedAt: sdk.serverTimestamp(),
          proof: parts.secret,
          expiresAt: null,
        });
      } catch (error) {
        // Unknown (never asked, or left), used, or older than the confirmation days: the rules refuse all alike.
        if (codeOf(error) === 'not-found' || codeOf(error) === 'permission-denied') {
          throw new CoreError('not-found', SUBSCRIPTION_TEXTS.confirmationNotValid, { cause: error });
        }
        throw firebaseFailure('firestore', error);
      }
    },

    async unsubscribe(token) {
      const parts = splitToken(token);
      if (parts === undefined) throw new CoreError('invalid-input', SUBSCRIPTION_TEXTS.unavailable);
      try {
        const { sdk, db } = await firestore();
        // The whole record is replaced by the proof and the time: the address itself is gone, and the rest expires at once.
        await sdk.setDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.subscribers, parts.addressId), {
          proof: parts.secret,
          leftAt: sdk.serverTimestamp(),
          expiresAt: sdk.serverTimestamp(),
        });
      } catch (error) {
        // A second click, or a token nobody has: the rules refuse, and it resolves alike.
        if (codeOf(error) === 'permission-denied') return;
        throw firebaseFailure('firestore', error);
      }
    },
  };
}


export interface FirestoreMemberMailOptions {
  readonly firestore: FirestoreLoader;
  /** A news post's or newsletter's words and link; undefined when it is gone. */
  readonly mailingContent: (source: MailingSource) => Promise<MailingContent | undefined>;
  readonly session: AdminSession;
  /** The site's address, which the confirmation mail's link starts with ('https://www.example.org'). */
  readonly origin: string;
  readonly sessionOver: () => CoreError;
}

function isoOf(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'toDate' in value && typeof (value as { toDate: unknown }).toDate === 'function') {
    return (value as { toDate(): Date }).toDate().toISOString();
  }
  return new Date(0).toISOString();
}

function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : isoOf(value);
}

/** Addresses (in lower case) whose mail the extension gave up on, with when and the mail server's words. */
type Refusals = ReadonlyMap<string, { readonly at: string; readonly reason: string }>;

/** A stored subscriber as the admin area shows it; undefined for a record that only says someone left. */
function subscriberFrom(id: string, data: DocumentData, refusals: Refusals = new Map()): Subscriber | undefined {
  if (typeof data.email !== 'string') return undefined;
  const requestedAt = isoOf(data.requestedAt);
  return {
    id,
    email: data.email,
    name: typeof data.name === 'string' ? data.name : '',
    confirmed: data.confirmedAt !== null && data.confirmedAt !== undefined,
    requestedAt,
    consent: { at: requestedAt, form: String(data.form), wording: String(data.consentWording) },
    // A mail the extension gave up on (its delivery ERROR); bounces that come later reach only the mail provider.
    notWorking: refusals.get(data.email.toLowerCase()) ?? null,
  };
}

const DELIVERY_STATES: Readonly<Record<string, StoredMail['state']>> = {
  PENDING: 'waiting',
  PROCESSING: 'sending',
  RETRY: 'failed-temporary',
  SUCCESS: 'sent',
  ERROR: 'refused',
};

/** A mail document as the Trigger Email extension leaves it: its `delivery` says how far it got. */
function storedMailFrom(id: string, data: DocumentData): StoredMail {
  const delivery = (typeof data.delivery === 'object' && data.delivery !== null ? data.delivery : {}) as Record<string, unknown>;
  const state = DELIVERY_STATES[String(delivery.state)] ?? 'waiting';
  return {
    kind: id.startsWith('confirm-') ? 'confirmation' : 'mailing',
    state,
    createdAt: isoOf(data.createdAt),
    finishedAt: state === 'sent' || state === 'refused' ? isoOrNull(delivery.endTime) : null,
    lastError: typeof delivery.error === 'string' ? delivery.error : null,
  };
}

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : value;
}

/** Every subscriber as a CSV file the browser downloads: there is no server to make the file. */
function exportHrefOf(subscribers: readonly Subscriber[]): string {
  const rows = [
    'email,name,state,requested_at,consent_form,consent_wording',
    ...subscribers.map((subscriber) =>
      [subscriber.email, subscriber.name, subscriber.confirmed ? 'confirmed' : 'pending', subscriber.requestedAt, subscriber.consent.form, subscriber.consent.wording]
        .map(csvCell)
        .join(','),
    ),
  ];
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`${rows.join('\r\n')}\r\n`)}`;
}

const MAILING_NOT_FOUND = 'This mailing could not be found.';
const SOURCE_NOT_FOUND = 'The news post or newsletter for this mailing could not be found. It may have been removed.';
const CANNOT_PAUSE =
  'A mailing sent from this website is handed to the e-mail extension whole, so it cannot be paused or called back. It goes on until every e-mail has been tried.';
/** What a test send's way-out link carries: it names no subscriber, so it unsubscribes nobody. */
const TEST_TOKEN = 'test-send';
/** Firestore takes at most 500 writes in one commit. */
const BATCH_SIZE = 400;

async function cannotPause(): Promise<never> {
  throw new CoreError('conflict', CANNOT_PAUSE);
}

/** The signed-in administrator's address, from Firebase Authentication on the same app. */
async function signedInEmail(db: Firestore): Promise<string | undefined> {
  const { getAuth } = await import('firebase/auth');
  return getAuth(db.app).currentUser?.email ?? undefined;
}

const SUBSCRIBER_NOT_FOUND = 'This subscriber could not be found. They may have left the list already.';
const ALREADY_SUBSCRIBED = 'This address is already on the list.';

/**
 * The confirmation mail's template for the Trigger Email extension: the same text, the token left to fill in.
 * @internal Outside this file only tests use it.
 */
export function confirmationTemplate(origin: string): { subject: string; html: string; text: string } {
  return confirmationText(`${origin}${SUBSCRIPTION_PAGE_PATHS.confirm}?token={{token}}`);
}

/**
 * Writes the confirmation template from the texts this build carries (an administrator's write:
 * firestore.rules let no visitor write templates). The hosted backend calls it whenever an
 * administrator is signed in, so a deploy's changed words reach the extension at the next sign-in.
 */
export async function writeConfirmationTemplate(firestore: FirestoreLoader, origin: string): Promise<void> {
  const { sdk, db } = await firestore();
  await sdk.setDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.templates, CONFIRMATION_TEMPLATE), confirmationTemplate(origin));
}

/**
 * E-mail to members on the hosted backend, for a signed-in administrator (firestore.rules let
 * only administrators read or change it): the subscriber list, and mailings, each written as one
 * `mail` document per subscriber for the Trigger Email extension. There is no queue of our own:
 * a mailing is handed over whole, cannot be paused, and refusals are the extension's `delivery`.
 */
export function createFirestoreMemberMail({ firestore, session, origin, sessionOver, mailingContent }: FirestoreMemberMailOptions): MemberMailPort {
  const asAdministrator = administratorWork(firestore, session, sessionOver);

  /** Every address a mail to which ended in the extension's ERROR state: a few documents, not the whole collection. */
  async function refusalsIn(sdk: Lite, db: Firestore): Promise<Refusals> {
    const refused = await sdk.getDocs(sdk.query(sdk.collection(db, FIRESTORE_COLLECTIONS.mail), sdk.where('delivery.state', '==', 'ERROR')));
    return new Map(
      refused.docs.map((found) => {
        const delivery = found.data().delivery as { endTime?: unknown; error?: unknown };
        return [String(found.data().to).toLowerCase(), { at: isoOf(delivery.endTime), reason: typeof delivery.error === 'string' ? delivery.error : '' }] as const;
      }),
    );
  }

  async function mailTo(sdk: Lite, db: Firestore, email: string) {
    return sdk.getDocs(sdk.query(sdk.collection(db, FIRESTORE_COLLECTIONS.mail), sdk.where('to', '==', email)));
  }

  /** A mailing with how far its mail has gone, counted by the extension's delivery states (three count queries, not a read of every mail). */
  async function mailingFrom(sdk: Lite, db: Firestore, id: string, data: DocumentData): Promise<Mailing> {
    const ofMailing = sdk.query(sdk.collection(db, FIRESTORE_COLLECTIONS.mail), sdk.where('mailingId', '==', id));
    const [all, sent, failed] = await Promise.all([
      sdk.getCount(ofMailing),
      sdk.getCount(sdk.query(ofMailing, sdk.where('delivery.state', '==', 'SUCCESS'))),
      sdk.getCount(sdk.query(ofMailing, sdk.where('delivery.state', '==', 'ERROR'))),
    ]);
    const progress = { sent: sent.data().count, failed: failed.data().count, waiting: all.data().count - sent.data().count - failed.data().count };
    const handedOver = data.state === 'sending';
    return {
      id,
      source: { kind: data.sourceKind === 'newsletter' ? 'newsletter' : 'news', ref: String(data.sourceRef) },
      subject: String(data.subject),
      // Handed to the extension whole; finished once it has tried every mail.
      state: handedOver ? (progress.waiting > 0 ? 'sending' : 'finished') : 'draft',
      createdAt: isoOf(data.createdAt),
      progress,
    };
  }

  async function storedMailing(sdk: Lite, db: Firestore, id: string): Promise<DocumentData> {
    const found = await sdk.getDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.mailings, id));
    const data = dataOf(found);
    if (data === undefined) throw new CoreError('not-found', MAILING_NOT_FOUND);
    return data;
  }

  function contentOf(data: DocumentData): MailingContent {
    return { sourceKind: data.sourceKind === 'newsletter' ? 'newsletter' : 'news', subject: String(data.subject), body: String(data.body), link: String(data.link) };
  }

  /** The mail document for one address, with the way out in its footer and its headers. */
  function mailDocument(content: MailingContent, to: string, token: string, mailingId: string, createdAt: unknown) {
    const message = mailingText(content, origin, token);
    return {
      to,
      message,
      // No server here takes RFC 8058's one-click POST, so the header names the page with the button.
      headers: { 'List-Unsubscribe': `<${unsubscribePageUrl(origin, token)}>` },
      mailingId,
      createdAt,
    };
  }

  return {
    listSubscribers: (search) =>
      asAdministrator(async (sdk, db) => {
        // The confirmation template is written from the texts this build carries, so a changed text reaches the extension.
        await sdk.setDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.templates, CONFIRMATION_TEMPLATE), confirmationTemplate(origin));
        const [snapshot, refusals] = await Promise.all([sdk.getDocs(sdk.collection(db, FIRESTORE_COLLECTIONS.subscribers)), refusalsIn(sdk, db)]);
        const everyone = snapshot.docs
          .map((found) => subscriberFrom(found.id, found.data(), refusals))
          .filter((found): found is Subscriber => found !== undefined)
          .sort((a, b) => a.email.localeCompare(b.email));
        const words = search.trim().toLowerCase();
        const subscribers = words === '' ? everyone : everyone.filter((one) => one.email.toLowerCase().includes(words) || one.name.toLowerCase().includes(words));
        const list: SubscriberList = {
          subscribers,
          counts: {
            confirmed: everyone.filter((one) => one.confirmed).length,
            pending: everyone.filter((one) => !one.confirmed).length,
            notWorking: everyone.filter((one) => one.notWorking !== null).length,
          },
          emailSetUp: true,
          exportHref: exportHrefOf(everyone),
        };
        return list;
      }),

    addSubscriber: (subscriber: NewSubscriber) =>
      asAdministrator(async (sdk, db) => {
        const errors = validateNewSubscriber(subscriber);
        const first = Object.values(errors)[0];
        if (first !== undefined) throw new CoreError('invalid-input', first, { fieldErrors: errors });
        const email = checkedAddress(subscriber.email);
        const id = await addressIdOf(normaliseEmail(email));
        const reference = sdk.doc(db, FIRESTORE_COLLECTIONS.subscribers, id);
        const existing = await sdk.getDoc(reference);
        const before = existing.exists() ? subscriberFrom(id, existing.data()) : undefined;
        if (before?.confirmed === true) throw new CoreError('conflict', ALREADY_SUBSCRIBED);
        const name = subscriber.name.replace(/\s+/g, ' ').trim();
        await sdk.setDoc(reference, {
          email,
          name,
          form: 'admin',
          consentWording: subscriber.consentNote.trim(),
          requestedAt: sdk.serverTimestamp(),
          confirmedAt: sdk.serverTimestamp(),
          secret: randomSecret(),
          expiresAt: null,
        });
        const stored = await sdk.getDoc(reference);
        const added = stored.exists() ? subscriberFrom(id, stored.data()) : undefined;
        if (added === undefined) throw new CoreError('unavailable', SUBSCRIBER_NOT_FOUND);
        return added;
      }),

    removeSubscriber: (id) =>
      asAdministrator(async (sdk, db) => {
        const reference = sdk.doc(db, FIRESTORE_COLLECTIONS.subscribers, id);
        const existing = await sdk.getDoc(reference);
        if (!existing.exists() || subscriberFrom(id, existing.data()) === undefined) throw new CoreError('not-found', SUBSCRIBER_NOT_FOUND);
        await sdk.deleteDoc(reference);
      }),

    subscriberRecord: (id) =>
      asAdministrator(async (sdk, db): Promise<SubscriberRecord> => {
        const existing = await sdk.getDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.subscribers, id));
        const subscriber = existing.exists() ? subscriberFrom(id, existing.data()) : undefined;
        if (subscriber === undefined) throw new CoreError('not-found', SUBSCRIBER_NOT_FOUND);
        const mail = await mailTo(sdk, db, subscriber.email);
        return {
          subscriber,
          mail: mail.docs.map((found) => storedMailFrom(found.id, found.data())).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
        };
      }),

    eraseSubscriber: (id) =>
      asAdministrator(async (sdk, db) => {
        const reference = sdk.doc(db, FIRESTORE_COLLECTIONS.subscribers, id);
        const existing = await sdk.getDoc(reference);
        const subscriber = existing.exists() ? subscriberFrom(id, existing.data()) : undefined;
        if (subscriber === undefined) throw new CoreError('not-found', SUBSCRIBER_NOT_FOUND);
        const mail = await mailTo(sdk, db, subscriber.email);
        const batch = sdk.writeBatch(db);
        for (const found of mail.docs) batch.delete(found.ref);
        batch.delete(reference);
        await batch.commit();
      }),

    listMailings: () =>
      asAdministrator(async (sdk, db): Promise<Mailings> => {
        const snapshot = await sdk.getDocs(sdk.collection(db, FIRESTORE_COLLECTIONS.mailings));
        const mailings = await Promise.all(snapshot.docs.map((found) => mailingFrom(sdk, db, found.id, found.data())));
        return { mailings: mailings.sort((a, b) => b.createdAt.localeCompare(a.createdAt)), emailSetUp: true };
      }),

    createMailing: (source) =>
      asAdministrator(async (sdk, db) => {
        const content = await mailingContent(source);
        if (content === undefined) throw new CoreError('not-found', SOURCE_NOT_FOUND);
        const user = await signedInEmail(db);
        const reference = sdk.doc(sdk.collection(db, FIRESTORE_COLLECTIONS.mailings));
        await sdk.setDoc(reference, { ...content, sourceRef: source.ref, state: 'draft', createdAt: sdk.serverTimestamp(), createdBy: user ?? null });
        return mailingFrom(sdk, db, reference.id, await storedMailing(sdk, db, reference.id));
      }),

    getMailing: (id) => asAdministrator(async (sdk, db) => mailingFrom(sdk, db, id, await storedMailing(sdk, db, id))),

    previewMailing: (id) => asAdministrator(async (sdk, db) => mailingText(contentOf(await storedMailing(sdk, db, id)), origin, 'preview')),

    sendTest: (id) =>
      asAdministrator(async (sdk, db) => {
        const content = contentOf(await storedMailing(sdk, db, id));
        const to = await signedInEmail(db);
        if (to === undefined) throw sessionOver();
        // A test's way out names no subscriber, so it unsubscribes nobody.
        const mail = mailDocument({ ...content, subject: content.subject }, to, TEST_TOKEN, id, sdk.serverTimestamp());
        await sdk.setDoc(sdk.doc(sdk.collection(db, FIRESTORE_COLLECTIONS.mail)), {
          ...mail,
          message: { ...mail.message, subject: `[Test] ${mail.message.subject}` },
          mailingId: null,
        });
      }),

    sendMailing: (id) =>
      asAdministrator(async (sdk, db) => {
        const data = await storedMailing(sdk, db, id);
        const content = contentOf(data);
        const [subscribers, refusals] = await Promise.all([
          sdk.getDocs(sdk.query(sdk.collection(db, FIRESTORE_COLLECTIONS.subscribers), sdk.where('confirmedAt', '!=', null))),
          refusalsIn(sdk, db),
        ]);
        const mails = subscribers.docs
          // As the self-hosted server does, an address whose mail server refused us is sent nothing more.
          .filter((found) => typeof found.data().email === 'string' && typeof found.data().secret === 'string')
          .filter((found) => !refusals.has(String(found.data().email).toLowerCase()))
          .map((found) => ({
            reference: sdk.doc(db, FIRESTORE_COLLECTIONS.mail, mailingMailId(id, found.id)),
            mail: mailDocument(content, String(found.data().email), joinToken(found.id, String(found.data().secret)), id, sdk.serverTimestamp()),
          }));
        await sdk.updateDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.mailings, id), { state: 'sending' });
        for (let start = 0; start < mails.length; start += BATCH_SIZE) {
          const part = mails.slice(start, start + BATCH_SIZE);
          const batch = sdk.writeBatch(db);
          for (const { reference, mail } of part) batch.set(reference, mail);
          try {
            await batch.commit();
          } catch (error) {
            if (codeOf(error) !== 'permission-denied') throw error;
            // Sent before (a repeated click, or a send cut short): the rules refuse a mail document that
            // exists, so this part is written one by one and those already there are left alone.
            for (const { reference, mail } of part) {
              await sdk.setDoc(reference, mail).catch((refused: unknown) => {
                if (codeOf(refused) !== 'permission-denied') throw refused;
              });
            }
          }
        }
        return mailingFrom(sdk, db, id, { ...data, state: 'sending' });
      }),

    pauseMailing: cannotPause,
    resumeMailing: cannotPause,
  };
}
