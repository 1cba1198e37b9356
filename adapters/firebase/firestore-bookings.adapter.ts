import type { DocumentData, DocumentReference, Firestore, Transaction } from 'firebase/firestore/lite';
import type * as LiteSdkModule from 'firebase/firestore/lite';
import { API_MESSAGES } from '../../contract/api-messages';
import type { AssociationDetails } from '../../src-core/domain/association-details';
import { normaliseEmail } from '../../src-core/domain/administrator';
import { bookingCancelHref, bookingLetter, placesText, type BookingLetterKind } from '../../src-core/domain/booking-mail-text';
import {
  BOOKING_DEFAULTS,
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  bookingCountText,
  placesLeftText,
  validateBookingRequest,
  type AdminBooking,
  type BookingAvailability,
  type BookingByToken,
  type BookingGlobalSettings,
  type BookingRequest,
  type BookingSettings,
  type BookingState,
  type BookingStatus,
} from '../../src-core/domain/bookings';
import { checkedBookingSettings } from '../../src-core/domain/booking-settings';
import { CoreError, isCoreError } from '../../src-core/domain/core-error';
import { eventIdOf, summariseEvent, type EventSummary } from '../../src-core/domain/event-listing';
import { irishClockTime, irishLongDate } from '../../src-core/domain/irish-date';
import { isPlainMailbox } from '../../src-core/domain/mail-text';
import { letterText } from '../../src-core/domain/membership-mail-text';
import { instantOf, isoInZone, localDateTimeAt, parseLocalDateTime } from '../../src-core/domain/zoned-time';
import type { BookingsAdminPort, BookingsPort } from '../../src-core/ports/bookings.port';
import type { EventsPort } from '../../src-core/ports/events.port';
import { firebaseFailure } from '../hosted/error-table';
import type { BOOKING_FIELDS, BOOKING_TEMPLATE_DATA, BOOKING_TOKEN_FIELDS } from './firestore-records';
import { BOOKING_TEMPLATES, FIRESTORE_COLLECTIONS, SECRET_LENGTH, administratorWork, bookingIdOf, bookingKeyOf, bookingMailId, dataOf, type AdminSession } from './firestore-records';
import type { FirestoreLoader } from './firestore-subscriptions.adapter';

type Lite = typeof LiteSdkModule;

/** One waiting booking in its event's document: its number and places, nothing personal (anyone may read it). */
interface Waiting {
  readonly seq: number;
  readonly places: number;
}

/** An event's document (FIRESTORE_COLLECTIONS.bookingEvents), as stored. */
interface EventRecord {
  readonly eventPath: string;
  readonly places: number | null;
  readonly closesAt: string;
  readonly maxPlaces: number;
  readonly question: string;
  readonly cancelledAt: unknown;
  readonly cancelMessage: string;
  /** What the confirmation mail says of the event (firestore.rules compare the mail with these). */
  readonly title: string;
  readonly when: string;
  readonly where: string;
  readonly bookedPlaces: number;
  readonly nextSeq: number;
  readonly waiting: readonly Waiting[];
  readonly lastChange: number | null;
}

const SETTINGS_DOC = 'bookings';
const TOKEN_SHAPE = new RegExp(`^[A-Za-z0-9_-]{${SECRET_LENGTH}}$`);

function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
}

function plainText(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim();
}

/** Phone numbers compared by their digits, with Ireland's +353 written as the leading 0 people dial (as server/bookings/bookings-service.ts). */
function phoneKey(phone: string): string {
  const digits = phone.replace(/[^0-9+]/g, '');
  const national = digits.startsWith('+353') ? `0${digits.slice(4)}` : digits.startsWith('00353') ? `0${digits.slice(5)}` : digits;
  return national.replace(/\+/g, '');
}

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array((SECRET_LENGTH * 3) / 4));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

function isoOf(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'toDate' in value && typeof (value as { toDate: unknown }).toDate === 'function') {
    return (value as { toDate(): Date }).toDate().toISOString();
  }
  return new Date(0).toISOString();
}

const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : isoOf(value));
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The form's fields checked and tidied as the self-hosted server does, or a CoreError 'invalid-input' with a message per field. */
function checked(request: BookingRequest, maxPlaces: number) {
  const tidy = { name: oneLine(request.name), email: request.email.trim(), phone: oneLine(request.phone), places: request.places, answer: plainText(request.answer) };
  const errors = validateBookingRequest(tidy, maxPlaces);
  if (tidy.email !== '' && errors.email === undefined && !isPlainMailbox(tidy.email)) errors.email = BOOKING_MESSAGES.email;
  const fieldErrors = Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined));
  if (Object.keys(fieldErrors).length > 0) throw new CoreError('invalid-input', Object.values(fieldErrors)[0] ?? BOOKING_MESSAGES.checkFields, { fieldErrors });
  return { ...tidy, email: tidy.email === '' ? null : tidy.email, phone: tidy.phone === '' ? null : tidy.phone };
}

type CheckedBooking = ReturnType<typeof checked>;

/** The documents that say whether this e-mail address and phone number hold a live booking at the event. */
async function contactKeys(eventId: string, fields: CheckedBooking): Promise<string[]> {
  const contacts = [fields.email === null ? null : `email:${normaliseEmail(fields.email)}`, fields.phone === null ? null : `phone:${phoneKey(fields.phone)}`];
  return Promise.all(contacts.filter((contact): contact is string => contact !== null).map((contact) => bookingKeyOf(eventId, contact)));
}

/** Whether a stored booking holds places now: waiting ones the event's list no longer holds were moved up by someone's cancellation. */
function statusIn(booking: DocumentData, event: EventRecord): BookingStatus {
  if (booking.status === 'cancelled') return 'cancelled';
  return event.waiting.some((waiting) => waiting.seq === booking.seq) ? 'waiting' : 'booked';
}

/**
 * Gives freed places to those waiting, first come first, each whose places fit (as the self-hosted
 * server's promoteWaiting does): the counts after, and the numbers moved up.
 */
function promoted(event: EventRecord, bookedPlaces: number): { bookedPlaces: number; waiting: Waiting[]; moved: number[] } {
  let left = event.places === null ? Number.POSITIVE_INFINITY : event.places - bookedPlaces;
  const waiting: Waiting[] = [];
  const moved: number[] = [];
  for (const entry of event.waiting) {
    if (left > 0 && entry.places <= left) {
      left -= entry.places;
      bookedPlaces += entry.places;
      moved.push(entry.seq);
    } else waiting.push(entry);
  }
  return { bookedPlaces, waiting, moved };
}

/** The Trigger Email template of a confirmation: booked or waiting, with the answer's line or without. */
function templateOf(status: 'booked' | 'waiting', answer: string): (typeof BOOKING_TEMPLATES)[number] {
  return `booking-${status}${answer === '' ? '' : '-answer'}` as const;
}

/**
 * The booking confirmation templates for the Trigger Email extension: the self-hosted words, each
 * value left for Handlebars to fill in (escaped in the HTML, as written in the subject and text).
 * @internal Outside this file only tests use it.
 */
export function bookingTemplates(origin: string, details: Pick<AssociationDetails, 'phone' | 'email' | 'contactName'>): Record<string, { subject: string; html: string; text: string }> {
  const field = (name: (typeof BOOKING_TEMPLATE_DATA)[number]) => `{{${name}}}`;
  const placesWord = '{{places}}';
  return Object.fromEntries(
    BOOKING_TEMPLATES.map((name) => {
      const status = name.startsWith('booking-waiting') ? 'waiting' : 'booked';
      const letter = bookingLetter({
        kind: 'booking-confirmation',
        origin,
        // '{{places}}' stands for '2 places': the mail's data carries the words.
        booking: { name: field('name'), places: 2, answer: name.endsWith('-answer') ? field('answer') : '', status },
        event: { id: '', title: field('title'), when: field('when'), where: field('where') },
        cancelMessage: '',
        details,
        token: field('token'),
        withCalendar: false,
      });
      const message = letterText(letter);
      const filled = (text: string) => text.replaceAll(placesText(2), placesWord).replaceAll(encodeURIComponent(field('token')), field('token'));
      const raw = (text: string) => filled(text).replace(/\{\{(\w+)\}\}/g, '{{{$1}}}');
      return [name, { subject: raw(message.subject), html: filled(message.html), text: raw(message.text) }];
    }),
  );
}

export interface FirestoreBookingsOptions {
  readonly firestore: FirestoreLoader;
  /** The events as a visitor lists them (Storage), for their dates and titles. */
  readonly events: EventsPort;
  readonly timeZone: string;
  readonly now?: () => number;
}

function eventRecordOf(data: DocumentData): EventRecord {
  return {
    eventPath: String(data.eventPath),
    places: typeof data.places === 'number' ? data.places : null,
    closesAt: typeof data.closesAt === 'string' ? data.closesAt : '',
    maxPlaces: typeof data.maxPlaces === 'number' ? data.maxPlaces : BOOKING_DEFAULTS.maxPlacesPerBooking,
    question: typeof data.question === 'string' ? data.question : '',
    cancelledAt: data.cancelledAt ?? null,
    cancelMessage: typeof data.cancelMessage === 'string' ? data.cancelMessage : '',
    title: String(data.title ?? ''),
    when: String(data.when ?? ''),
    where: String(data.where ?? ''),
    bookedPlaces: Number(data.bookedPlaces ?? 0),
    nextSeq: Number(data.nextSeq ?? 0),
    waiting: Array.isArray(data.waiting) ? (data.waiting as Waiting[]) : [],
    lastChange: typeof data.lastChange === 'number' ? data.lastChange : null,
  };
}

function settingsOf(event: EventRecord): BookingSettings {
  return { places: event.places, closesAt: event.closesAt, maxPlacesPerBooking: event.maxPlaces, question: event.question };
}

function createEventSummaries(options: FirestoreBookingsOptions) {
  const now = options.now ?? Date.now;
  return async (find: (summary: EventSummary, path: string) => boolean): Promise<{ summary: EventSummary; path: string } | undefined> => {
    const listing = await options.events.listEvents();
    for (const event of listing.events) {
      const summary = summariseEvent(event, listing.timeZone, now());
      if (find(summary, event.file.fullPath)) return { summary, path: event.file.fullPath };
    }
    return undefined;
  };
}

/** What the event page shows, from the event's document and its date (as server/bookings/bookings-service.ts says it). */
function availabilityOf(event: EventRecord, summary: EventSummary, timeZone: string, now: number): BookingAvailability {
  const placesLeft = event.places === null ? null : Math.max(0, event.places - event.bookedPlaces);
  const local = event.closesAt === '' ? null : parseLocalDateTime(event.closesAt);
  const closing = local === null ? summary.startsAt : instantOf(local, timeZone);
  let state: BookingState = placesLeft === 0 ? 'waiting-list' : 'open';
  if (closing !== null && now >= closing) state = 'closed';
  if (summary.finishesAt !== null && now >= summary.finishesAt) state = 'event-over';
  if (event.cancelledAt !== null) state = 'event-cancelled';
  const closingLocal = closing === null ? null : localDateTimeAt(closing, timeZone);
  return {
    eventId: summary.id,
    state,
    places: event.places,
    placesLeft,
    maxPlacesPerBooking: event.maxPlaces,
    question: event.question,
    closesAt: closing === null ? null : isoInZone(closing, timeZone),
    closesAtText: closingLocal === null ? null : `${irishLongDate(closingLocal)}, ${irishClockTime(closingLocal)}`,
    summary: placesLeftText(state, placesLeft),
  };
}

/**
 * Stores one booking in a Firestore transaction: the event's document counts the places, so two
 * bookings for the last place never both get it (the second's transaction reads the first's count
 * and waits). The booking, its cancel link's document, its contact keys, the count and the
 * confirmation mail are one commit, which firestore.rules check together.
 */
async function store(
  sdk: Lite,
  db: Firestore,
  eventId: string,
  fields: CheckedBooking,
  source: 'online' | 'phone',
): Promise<{ status: 'booked' | 'waiting'; token: string; seq: number }> {
  const token = randomSecret();
  const keys = await contactKeys(eventId, fields);
  const eventRef = sdk.doc(db, FIRESTORE_COLLECTIONS.bookingEvents, eventId);
  return sdk.runTransaction(db, async (transaction) => {
    const [eventSnapshot, ...keySnapshots] = await Promise.all([
      transaction.get(eventRef),
      ...keys.map((key) => transaction.get(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingKeys, key))),
    ]);
    const data = eventSnapshot === undefined ? undefined : dataOf(eventSnapshot);
    if (data === undefined) throw new CoreError('not-found', BOOKING_MESSAGES.notOffered);
    const event = eventRecordOf(data);
    if (event.cancelledAt !== null) throw new CoreError('invalid-input', BOOKING_MESSAGES.eventCancelled);
    if (keySnapshots.some((key) => dataOf(key)?.live === true)) throw new CoreError('conflict', BOOKING_MESSAGES.alreadyBooked);
    const seq = event.nextSeq;
    const status = event.places === null || event.bookedPlaces + fields.places <= event.places ? 'booked' : 'waiting';
    const id = bookingIdOf(eventId, seq);
    transaction.set(sdk.doc(db, FIRESTORE_COLLECTIONS.bookings, id), {
      eventId,
      seq,
      status,
      source,
      name: fields.name,
      email: fields.email,
      phone: fields.phone,
      places: fields.places,
      answer: fields.answer,
      bookedAt: sdk.serverTimestamp(),
      promotedAt: null,
      toPhone: false,
      cancelledAt: null,
      cancelledBy: null,
    } satisfies Record<(typeof BOOKING_FIELDS)[number], unknown>);
    transaction.set(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingTokens, token), {
      booking: id,
      eventId,
      seq,
      name: fields.name,
      email: fields.email,
      places: fields.places,
      status,
      contactKeys: keys,
    } satisfies Record<(typeof BOOKING_TOKEN_FIELDS)[number], unknown>);
    for (const key of keys) transaction.set(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingKeys, key), { eventId, live: true });
    transaction.update(eventRef, {
      nextSeq: seq + 1,
      lastChange: seq,
      ...(status === 'booked' ? { bookedPlaces: event.bookedPlaces + fields.places } : { waiting: [...event.waiting, { seq, places: fields.places }] }),
    });
    if (fields.email !== null) {
      transaction.set(sdk.doc(db, FIRESTORE_COLLECTIONS.mail, bookingMailId(token)), {
        to: fields.email,
        template: {
          name: templateOf(status, fields.answer),
          data: { token, name: fields.name, places: placesText(fields.places), title: event.title, when: event.when, where: event.where, answer: fields.answer } satisfies Record<
            (typeof BOOKING_TEMPLATE_DATA)[number],
            string
          >,
        },
        createdAt: sdk.serverTimestamp(),
      });
    }
    return { status, token, seq };
  });
}

/**
 * Cancels one booking in a transaction: the event's count gives back its places, and the first
 * waiting whose places fit move up in the same count. Whoever cancels writes only what they may:
 * a visitor the booking (with the secret as proof), its cancel link's document, the count and the
 * contact keys; an administrator moves those moved up at once (settle).
 */
async function cancelIn(
  sdk: Lite,
  db: Firestore,
  transaction: Transaction,
  bookingRef: DocumentReference,
  booking: DocumentData,
  event: EventRecord,
  by: 'person' | 'organiser',
  proof: { token: string; keys: readonly string[] } | undefined,
): Promise<number[]> {
  const wasWaiting = event.waiting.some((entry) => entry.seq === booking.seq);
  const after = wasWaiting
    ? { bookedPlaces: event.bookedPlaces, waiting: event.waiting.filter((entry) => entry.seq !== booking.seq), moved: [] as number[] }
    : promoted(event, event.bookedPlaces - Number(booking.places));
  transaction.update(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingEvents, String(booking.eventId)), {
    bookedPlaces: after.bookedPlaces,
    waiting: after.waiting,
    lastChange: booking.seq,
  });
  transaction.update(bookingRef, {
    status: 'cancelled',
    cancelledAt: sdk.serverTimestamp(),
    cancelledBy: by,
    ...(proof === undefined ? {} : { proof: proof.token }),
  });
  if (proof !== undefined) {
    transaction.update(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingTokens, proof.token), { status: 'cancelled' });
    for (const key of proof.keys) transaction.set(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingKeys, key), { eventId: booking.eventId, live: false });
  }
  return after.moved;
}

/**
 * Booking a place at an event on the hosted backend. A visitor's browser reads only an event's
 * document (settings and counts, nothing personal) and, with a cancel link, that booking's own
 * document; it writes a booking, or its cancellation, in one transaction with the count, which
 * firestore.rules check. There is no server: reminders the day before are not sent (docs/hosted.md).
 */
export function createFirestoreBookings(options: FirestoreBookingsOptions): BookingsPort {
  const { firestore, timeZone } = options;
  const now = options.now ?? Date.now;
  const findEvent = createEventSummaries(options);

  async function eventRecord(eventId: string): Promise<EventRecord | undefined> {
    const { sdk, db } = await firestore();
    const data = dataOf(await sdk.getDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingEvents, eventId)));
    return data === undefined ? undefined : eventRecordOf(data);
  }

  async function tokenView(token: string): Promise<{ data: DocumentData; event: EventRecord | undefined }> {
    if (!TOKEN_SHAPE.test(token)) throw new CoreError('not-found', BOOKING_MESSAGES.cancelLinkNotValid);
    const { sdk, db } = await firestore();
    const data = dataOf(await sdk.getDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingTokens, token)));
    if (data === undefined) throw new CoreError('not-found', BOOKING_MESSAGES.cancelLinkNotValid);
    return { data, event: await eventRecord(String(data.eventId)) };
  }

  function byToken(data: DocumentData, event: EventRecord | undefined): BookingByToken {
    return {
      eventId: String(data.eventId),
      eventTitle: event?.title ?? '',
      when: event?.when ?? '',
      status: event === undefined ? 'cancelled' : statusIn(data, event),
      places: Number(data.places),
      name: String(data.name),
      eventCancelled: event !== undefined && event.cancelledAt !== null,
    };
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isCoreError(error)) throw error;
      throw firebaseFailure('firestore', error);
    }
  }

  return {
    availability: (eventId) =>
      guarded(async () => {
        const found = await findEvent((summary) => summary.id === eventId);
        if (found === undefined) throw new CoreError('not-found', API_MESSAGES.eventNotFound);
        const event = await eventRecord(eventId);
        return event === undefined ? null : availabilityOf(event, found.summary, timeZone, now());
      }),

    book: (eventId, request) =>
      guarded(async () => {
        const found = await findEvent((summary) => summary.id === eventId);
        const event = found === undefined ? undefined : await eventRecord(eventId);
        if (found === undefined || event === undefined) throw new CoreError('not-found', BOOKING_MESSAGES.notOffered);
        const state = availabilityOf(event, found.summary, timeZone, now()).state;
        if (state === 'closed') throw new CoreError('invalid-input', BOOKING_MESSAGES.closed);
        if (state === 'event-cancelled') throw new CoreError('invalid-input', BOOKING_MESSAGES.eventCancelled);
        if (state === 'event-over') throw new CoreError('invalid-input', BOOKING_MESSAGES.eventOver);
        const fields = checked(request, event.maxPlaces);
        const { sdk, db } = await firestore();
        // A robot's form is thanked and dropped, as on the self-hosted server.
        const stored = (request.website ?? '').trim() !== '' ? { status: 'booked' as const, token: randomSecret() } : await store(sdk, db, eventId, fields, 'online');
        const waiting = stored.status === 'waiting';
        return {
          eventId,
          eventTitle: found.summary.title,
          when: found.summary.when,
          where: found.summary.where,
          status: stored.status,
          places: fields.places,
          name: fields.name,
          email: fields.email,
          phone: fields.phone,
          answer: fields.answer,
          emailed: fields.email !== null,
          cancelHref: bookingCancelHref(stored.token),
          // A static site has no server to make iCalendar files from.
          calendarHref: null,
          message: waiting ? BOOKING_MESSAGES.waiting : BOOKING_MESSAGES.booked(fields.places),
        };
      }),

    findByToken: (token) =>
      guarded(async () => {
        const { data, event } = await tokenView(token);
        return byToken(data, event);
      }),

    cancel: (token) =>
      guarded(async () => {
        const { data } = await tokenView(token);
        const { sdk, db } = await firestore();
        const eventRef = sdk.doc(db, FIRESTORE_COLLECTIONS.bookingEvents, String(data.eventId));
        const bookingRef = sdk.doc(db, FIRESTORE_COLLECTIONS.bookings, String(data.booking));
        const after = await sdk.runTransaction(db, async (transaction) => {
          const [tokenSnapshot, eventSnapshot] = await Promise.all([transaction.get(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingTokens, token)), transaction.get(eventRef)]);
          const current = dataOf(tokenSnapshot);
          const eventData = dataOf(eventSnapshot);
          if (current === undefined) throw new CoreError('not-found', BOOKING_MESSAGES.cancelLinkNotValid);
          const event = eventData === undefined ? undefined : eventRecordOf(eventData);
          if (event === undefined || current.status === 'cancelled' || event.cancelledAt !== null) return byToken(current, event);
          // The visitor may not read the booking itself: its cancel link's document says what it needs (its number, places and keys).
          await cancelIn(sdk, db, transaction, bookingRef, { eventId: current.eventId, seq: current.seq, places: current.places }, event, 'person', {
            token,
            keys: Array.isArray(current.contactKeys) ? (current.contactKeys as string[]) : [],
          });
          return { ...byToken(current, event), status: 'cancelled' as const };
        });
        return after;
      }),
  };
}


export interface FirestoreBookingsAdminOptions extends FirestoreBookingsOptions {
  readonly session: AdminSession;
  readonly sessionOver: () => CoreError;
  readonly origin: string;
  readonly details: () => Promise<AssociationDetails>;
}

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : text;
}

/**
 * The organiser's side of bookings on the hosted backend, for a signed-in administrator
 * (firestore.rules let only administrators read bookings): settings, the list, phone bookings,
 * moving up, cancelling. Mail goes to the Trigger Email extension's `mail` collection with the
 * self-hosted words. Someone moved up by a visitor's cancellation is moved up for good, and told
 * by e-mail, when an administrator next opens the bookings (a visitor may not read who waits).
 */
export function createFirestoreBookingsAdmin(options: FirestoreBookingsAdminOptions): BookingsAdminPort {
  const { firestore, session, sessionOver } = options;
  const findEvent = createEventSummaries(options);

  const asAdministrator = administratorWork(firestore, session, sessionOver);

  async function letterMail(kind: BookingLetterKind, booking: DocumentData, event: EventRecord, eventId: string, createdAt: unknown) {
    const details = await options.details();
    const message = letterText(
      bookingLetter({
        kind,
        origin: options.origin,
        booking: { name: String(booking.name), places: Number(booking.places), answer: String(booking.answer ?? ''), status: 'booked' },
        event: { id: eventId, title: event.title, when: event.when, where: event.where },
        cancelMessage: event.cancelMessage,
        details,
        token: undefined,
        withCalendar: false,
      }),
    );
    return { to: String(booking.email), message, ...(details.email === '' ? {} : { replyTo: details.email }), createdAt };
  }

  function adminBooking(id: string, data: DocumentData, event: EventRecord): AdminBooking {
    const status = statusIn(data, event);
    const position = event.waiting.findIndex((entry) => entry.seq === data.seq);
    return {
      id,
      status,
      source: data.source === 'phone' ? 'phone' : 'online',
      name: String(data.name),
      email: textOrNull(data.email),
      phone: textOrNull(data.phone),
      places: Number(data.places),
      answer: String(data.answer ?? ''),
      bookedAt: isoOf(data.bookedAt),
      waitingPosition: status === 'waiting' && position >= 0 ? position + 1 : null,
      promotedAt: isoOrNull(data.promotedAt),
      toPhone: data.toPhone === true,
      cancelledAt: isoOrNull(data.cancelledAt),
      cancelledBy: data.cancelledBy === 'person' || data.cancelledBy === 'organiser' || data.cancelledBy === 'event' ? data.cancelledBy : null,
    };
  }

  async function eventOf(sdk: Lite, db: Firestore, eventId: string): Promise<EventRecord> {
    const data = dataOf(await sdk.getDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingEvents, eventId)));
    if (data === undefined) throw new CoreError('not-found', BOOKING_MESSAGES.notOffered);
    return eventRecordOf(data);
  }

  /**
   * One event's bookings, with those a visitor's cancellation moved up made booked for good: each
   * is told by e-mail, or listed to phone (one commit, so a second look sends nothing twice).
   */
  async function settled(sdk: Lite, db: Firestore, eventId: string, event: EventRecord) {
    const found = await sdk.getDocs(sdk.query(sdk.collection(db, FIRESTORE_COLLECTIONS.bookings), sdk.where('eventId', '==', eventId)));
    const moved = found.docs.filter((one) => one.data().status === 'waiting' && statusIn(one.data(), event) === 'booked');
    if (moved.length > 0) {
      const batch = sdk.writeBatch(db);
      for (const one of moved) {
        batch.update(one.ref, { status: 'booked', promotedAt: sdk.serverTimestamp(), toPhone: one.data().email === null });
        if (typeof one.data().email === 'string') {
          batch.set(sdk.doc(db, FIRESTORE_COLLECTIONS.mail, `promoted-${one.id}`), await letterMail('booking-promoted', one.data(), event, eventId, sdk.serverTimestamp()));
        }
      }
      await batch.commit();
      return (await sdk.getDocs(sdk.query(sdk.collection(db, FIRESTORE_COLLECTIONS.bookings), sdk.where('eventId', '==', eventId)))).docs;
    }
    return found.docs;
  }

  function countsOf(bookings: readonly AdminBooking[], event: EventRecord) {
    const booked = bookings.filter((one) => one.status === 'booked');
    const waiting = bookings.filter((one) => one.status === 'waiting');
    const counts = {
      bookedPlaces: booked.reduce((sum, one) => sum + one.places, 0),
      bookings: booked.length,
      waitingPlaces: waiting.reduce((sum, one) => sum + one.places, 0),
      waiting: waiting.length,
      places: event.places,
      toPhone: bookings.filter((one) => one.toPhone).length,
    };
    return { counts, countText: bookingCountText(counts) };
  }

  async function listOf(sdk: Lite, db: Firestore, eventId: string, event: EventRecord): Promise<AdminBooking[]> {
    const order = { booked: 0, waiting: 1, cancelled: 2 } as const;
    return (await settled(sdk, db, eventId, event))
      .map((one) => adminBooking(one.id, one.data(), event))
      .sort((a, b) => order[a.status] - order[b.status] || (a.status === 'waiting' ? (a.waitingPosition ?? 0) - (b.waitingPosition ?? 0) : a.bookedAt.localeCompare(b.bookedAt)));
  }

  async function bookingOf(sdk: Lite, db: Firestore, id: string) {
    const reference = sdk.doc(db, FIRESTORE_COLLECTIONS.bookings, id);
    const data = dataOf(await sdk.getDoc(reference));
    if (data === undefined) throw new CoreError('not-found', BOOKING_MESSAGES.bookingNotFound);
    return { reference, data, eventId: String(data.eventId) };
  }

  async function fresh(sdk: Lite, db: Firestore, id: string): Promise<AdminBooking> {
    const { data, eventId } = await bookingOf(sdk, db, id);
    return adminBooking(id, data, await eventOf(sdk, db, eventId));
  }

  /** The cancel link's document and contact keys of a booking, which a cancellation marks too. */
  async function tokensOf(sdk: Lite, db: Firestore, field: 'booking' | 'eventId', value: string) {
    return (await sdk.getDocs(sdk.query(sdk.collection(db, FIRESTORE_COLLECTIONS.bookingTokens), sdk.where(field, '==', value)))).docs;
  }

  return {
    listEventSummaries: () =>
      asAdministrator(async (sdk, db) => {
        const events = await sdk.getDocs(sdk.collection(db, FIRESTORE_COLLECTIONS.bookingEvents));
        return Promise.all(
          events.docs.map(async (one) => {
            const event = eventRecordOf(one.data());
            const { counts, countText } = countsOf(await listOf(sdk, db, one.id, event), event);
            return { eventPath: event.eventPath, eventId: one.id, counts, cancelledAt: isoOrNull(event.cancelledAt), countText };
          }),
        );
      }),

    getSettings: (eventPath) =>
      asAdministrator(async (sdk, db) => {
        const data = dataOf(await sdk.getDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingEvents, eventIdOf(eventPath.split('/').at(-1) ?? eventPath))));
        return data === undefined ? null : settingsOf(eventRecordOf(data));
      }),

    saveSettings: (eventPath, settings) =>
      asAdministrator(async (sdk, db) => {
        const found = await findEvent((_summary, path) => path === eventPath);
        if (found === undefined) throw new CoreError('not-found', API_MESSAGES.eventNotFound);
        const reference = sdk.doc(db, FIRESTORE_COLLECTIONS.bookingEvents, found.summary.id);
        const before = dataOf(await sdk.getDoc(reference));
        if (settings === null) {
          if (before !== undefined) {
            const live = (await listOf(sdk, db, found.summary.id, eventRecordOf(before))).some((one) => one.status !== 'cancelled');
            if (live) throw new CoreError('conflict', BOOKING_MESSAGES.bookingsExist);
            await sdk.deleteDoc(reference);
          }
          return null;
        }
        const tidy = checkedBookingSettings(settings);
        const { summary } = found;
        const written = { eventPath, places: tidy.places, closesAt: tidy.closesAt, maxPlaces: tidy.maxPlacesPerBooking, question: tidy.question, title: summary.title, when: summary.when, where: summary.where };
        if (before === undefined) {
          await sdk.setDoc(reference, { ...written, cancelledAt: null, cancelMessage: '', bookedPlaces: 0, nextSeq: 0, waiting: [], lastChange: null });
        } else {
          // More places, or none limited any more: those waiting move up (told when the list is next opened).
          const event = { ...eventRecordOf(before), places: tidy.places };
          const after = promoted(event, event.bookedPlaces);
          await sdk.updateDoc(reference, { ...written, bookedPlaces: after.bookedPlaces, waiting: after.waiting });
        }
        return tidy;
      }),

    listBookings: (eventPath) =>
      asAdministrator(async (sdk, db) => {
        const eventId = eventIdOf(eventPath.split('/').at(-1) ?? eventPath);
        const event = await eventOf(sdk, db, eventId);
        const bookings = await listOf(sdk, db, eventId, event);
        const { counts, countText } = countsOf(bookings, event);
        const header = ['Name', 'E-mail', 'Phone', 'Places', 'Status', 'Answer', 'Booked at'];
        const rows = [header.join(','), ...bookings.map((one) => [one.name, one.email, one.phone, one.places, one.status, one.answer, one.bookedAt].map(csvCell).join(','))];
        return {
          eventPath,
          eventId,
          counts,
          cancelledAt: isoOrNull(event.cancelledAt),
          countText,
          eventTitle: event.title,
          when: event.when,
          settings: settingsOf(event),
          bookings,
          // No server makes the file: the list in hand is the download.
          csvHref: `data:text/csv;charset=utf-8,${encodeURIComponent(`${rows.join('\r\n')}\r\n`)}`,
        };
      }),

    addPhoneBooking: (eventPath, request) =>
      asAdministrator(async (sdk, db) => {
        const eventId = eventIdOf(eventPath.split('/').at(-1) ?? eventPath);
        // The organiser may give one caller more places than the form allows.
        const fields = checked({ ...request, website: '' }, BOOKING_LIMITS.maxPlacesPerBooking);
        const { seq } = await store(sdk, db, eventId, fields, 'phone');
        return fresh(sdk, db, bookingIdOf(eventId, seq));
      }),

    cancelBooking: (id) =>
      asAdministrator(async (sdk, db) => {
        const { reference, eventId } = await bookingOf(sdk, db, id);
        const tokens = await tokensOf(sdk, db, 'booking', id);
        const eventRef = sdk.doc(db, FIRESTORE_COLLECTIONS.bookingEvents, eventId);
        await sdk.runTransaction(db, async (transaction) => {
          const [bookingSnapshot, eventSnapshot] = await Promise.all([transaction.get(reference), transaction.get(eventRef)]);
          const data = dataOf(bookingSnapshot);
          const eventData = dataOf(eventSnapshot);
          if (data === undefined || eventData === undefined) throw new CoreError('not-found', BOOKING_MESSAGES.bookingNotFound);
          if (data.status === 'cancelled') return;
          await cancelIn(sdk, db, transaction, reference, data, eventRecordOf(eventData), 'organiser', undefined);
          for (const token of tokens) {
            transaction.update(token.ref, { status: 'cancelled' });
            for (const key of (token.data().contactKeys as string[] | undefined) ?? []) transaction.set(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingKeys, key), { eventId, live: false });
          }
        });
        // Those moved up are told now.
        await settled(sdk, db, eventId, await eventOf(sdk, db, eventId));
        return fresh(sdk, db, id);
      }),

    moveUp: (id) =>
      asAdministrator(async (sdk, db) => {
        const { reference, eventId } = await bookingOf(sdk, db, id);
        const eventRef = sdk.doc(db, FIRESTORE_COLLECTIONS.bookingEvents, eventId);
        await sdk.runTransaction(db, async (transaction) => {
          const [bookingSnapshot, eventSnapshot] = await Promise.all([transaction.get(reference), transaction.get(eventRef)]);
          const data = dataOf(bookingSnapshot);
          const eventData = dataOf(eventSnapshot);
          if (data === undefined || eventData === undefined) throw new CoreError('not-found', BOOKING_MESSAGES.bookingNotFound);
          const event = eventRecordOf(eventData);
          if (statusIn(data, event) !== 'waiting') throw new CoreError('conflict', BOOKING_MESSAGES.notWaiting);
          // Past the limit if need be: the organiser's decision.
          transaction.update(eventRef, { bookedPlaces: event.bookedPlaces + Number(data.places), waiting: event.waiting.filter((entry) => entry.seq !== data.seq) });
          transaction.update(reference, { status: 'booked', promotedAt: sdk.serverTimestamp(), toPhone: data.email === null });
          if (typeof data.email === 'string') transaction.set(sdk.doc(db, FIRESTORE_COLLECTIONS.mail, `promoted-${id}`), await letterMail('booking-promoted', data, event, eventId, sdk.serverTimestamp()));
        });
        return fresh(sdk, db, id);
      }),

    markPhoned: (id) =>
      asAdministrator(async (sdk, db) => {
        const { reference, data } = await bookingOf(sdk, db, id);
        if (data.toPhone !== true) throw new CoreError('conflict', BOOKING_MESSAGES.notToPhone);
        await sdk.updateDoc(reference, { toPhone: false });
        return fresh(sdk, db, id);
      }),

    cancelEvent: (eventPath, message) =>
      asAdministrator(async (sdk, db) => {
        const eventId = eventIdOf(eventPath.split('/').at(-1) ?? eventPath);
        const event = await eventOf(sdk, db, eventId);
        if (event.cancelledAt !== null) throw new CoreError('conflict', BOOKING_MESSAGES.eventAlreadyCancelled);
        const cancelMessage = plainText(message).slice(0, BOOKING_LIMITS.cancelMessage);
        const told = { ...event, cancelMessage };
        const live = (await settled(sdk, db, eventId, event)).filter((one) => statusIn(one.data(), event) !== 'cancelled');
        const tokens = await tokensOf(sdk, db, 'eventId', eventId);
        const batch = sdk.writeBatch(db);
        batch.update(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingEvents, eventId), { cancelledAt: sdk.serverTimestamp(), cancelMessage, bookedPlaces: 0, waiting: [] });
        for (const one of live) {
          batch.update(one.ref, { status: 'cancelled', cancelledAt: sdk.serverTimestamp(), cancelledBy: 'event' });
          if (typeof one.data().email === 'string') {
            batch.set(sdk.doc(db, FIRESTORE_COLLECTIONS.mail, `event-cancelled-${one.id}`), await letterMail('booking-event-cancelled', one.data(), told, eventId, sdk.serverTimestamp()));
          }
        }
        for (const token of tokens) batch.update(token.ref, { status: 'cancelled' });
        await batch.commit();
        const after = { ...event, cancelledAt: true, waiting: [] };
        return {
          emailed: live.filter((one) => typeof one.data().email === 'string').length,
          toPhone: live
            .filter((one) => typeof one.data().email !== 'string')
            .map((one) => adminBooking(one.id, { ...one.data(), status: 'cancelled', cancelledBy: 'event' }, after)),
        };
      }),

    // The list's own download (EventBookings.csvHref) holds the file; there is no address to fetch it from.
    csvHref: () => '',

    getGlobalSettings: () =>
      asAdministrator(async (sdk, db) => {
        const data = dataOf(await sdk.getDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.settings, SETTINGS_DOC)));
        return {
          reminderTime: typeof data?.reminderTime === 'string' ? data.reminderTime : BOOKING_DEFAULTS.reminderTime,
          keepMonths: typeof data?.keepMonths === 'number' ? data.keepMonths : BOOKING_DEFAULTS.keepMonths,
          timeZone: options.timeZone,
        };
      }),

    saveGlobalSettings: (settings: BookingGlobalSettings) =>
      asAdministrator(async (sdk, db) => {
        const fieldErrors: Record<string, string> = {};
        if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(settings.reminderTime)) fieldErrors.reminderTime = BOOKING_MESSAGES.reminderTime;
        if (!Number.isInteger(settings.keepMonths) || settings.keepMonths < 1 || settings.keepMonths > BOOKING_LIMITS.keepMonths) fieldErrors.keepMonths = BOOKING_MESSAGES.keepMonths;
        if (Object.keys(fieldErrors).length > 0) throw new CoreError('invalid-input', Object.values(fieldErrors)[0] ?? BOOKING_MESSAGES.checkFields, { fieldErrors });
        await sdk.setDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.settings, SETTINGS_DOC), { reminderTime: settings.reminderTime, keepMonths: settings.keepMonths });
        return { reminderTime: settings.reminderTime, keepMonths: settings.keepMonths, timeZone: options.timeZone };
      }),
  };
}

/** Writes the booking confirmation templates (an administrator's write), beside the subscription one. */
export async function writeBookingTemplates(firestore: FirestoreLoader, origin: string, details: AssociationDetails): Promise<void> {
  const { sdk, db } = await firestore();
  const batch = sdk.writeBatch(db);
  for (const [name, template] of Object.entries(bookingTemplates(origin, details))) batch.set(sdk.doc(db, FIRESTORE_COLLECTIONS.templates, name), template);
  await batch.commit();
}
