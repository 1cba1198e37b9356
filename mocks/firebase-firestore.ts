/**
 * MSW stand-in for the Firestore REST API (v1), as much of it as `firebase/firestore/lite` uses
 * for the subscriber and membership records: documents:commit (set, update with a mask and an `exists`
 * precondition, delete, the server's request time), documents:batchGet (a document read) and
 * documents:runQuery (a collection, with equality filters). Its access check mirrors
 * firestore.rules: an administrator (the Auth fake's token, by the same rule as storage.rules)
 * reads and writes; anyone else may only write a subscription request with its confirmation
 * mail, confirm or leave with the secret, create a membership application, or book a place and
 * cancel it with the cancel link's secret; a visitor reads only an event's counts, a booking's
 * cancel link document by its secret, and whether a contact has booked an event.
 * A transaction's preconditions (a document unchanged since it was read) are checked, so two
 * approvals that race are seen to. The rules themselves are checked
 * statically (tests/hosted/firestore-rules.test.ts); this fake lets the adapter's writes be
 * tested against the same shapes.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { isAdministrator } from '../src-core/domain/administrator';
import { SUBSCRIPTION_TEXTS } from '../src-core/domain/subscription';
import { APPLICATION_CONSENT_WORDING } from '../src-core/domain/joining';
import { BOOKING_LIMITS } from '../src-core/domain/bookings';
import {
  APPLICATION_FIELDS,
  BOOKING_COUNT_FIELDS,
  BOOKING_FIELDS,
  BOOKING_TEMPLATE_DATA,
  BOOKING_TOKEN_FIELDS,
  SECRET_LENGTH,
  VISITOR_GETS,
  bookingIdOf,
  bookingMailId,
  APPLICATION_LIMITS,
  CONFIRMATION_TEMPLATE,
  FIRESTORE_COLLECTIONS,
  MAIL_FIELDS,
  SUBSCRIBER_REQUEST_FIELDS,
  addressIdOf,
  confirmationMailId,
  splitToken,
} from '../adapters/firebase/firestore-records';
import { claimsOf, type TokenClaims } from './firebase-auth';

/** A Firestore value as the REST API writes it. */
type WireValue =
  | { stringValue: string }
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { timestampValue: string }
  | { mapValue: { fields?: Record<string, WireValue> } }
  | { arrayValue: { values?: WireValue[] } };

/** A stored value, plainly: a timestamp is a Date. */
export type FakeValue = string | number | boolean | null | Date | FakeValue[] | { [key: string]: FakeValue };
export type FakeFields = Record<string, FakeValue>;

interface StoredDocument {
  fields: FakeFields;
  createTime: string;
  updateTime: string;
}

interface WireWrite {
  update?: { name: string; fields?: Record<string, WireValue> };
  delete?: string;
  /** A transaction's check that a document it read, and does not write, is unchanged. */
  verify?: string;
  updateMask?: { fieldPaths: string[] };
  currentDocument?: { exists?: boolean; updateTime?: string };
  updateTransforms?: { fieldPath: string; setToServerValue?: 'REQUEST_TIME' }[];
}

function fromWire(value: WireValue): FakeValue {
  if ('stringValue' in value) return value.stringValue;
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('timestampValue' in value) return new Date(value.timestampValue);
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(fromWire);
  return fieldsFromWire(value.mapValue.fields ?? {});
}

function fieldsFromWire(fields: Record<string, WireValue>): FakeFields {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromWire(value)]));
}

function toWire(value: FakeValue): WireValue {
  if (value === null) return { nullValue: null };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toWire) } };
  return { mapValue: { fields: fieldsToWire(value) } };
}

function fieldsToWire(fields: FakeFields): Record<string, WireValue> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, toWire(value)]));
}

interface WireFilter {
  fieldFilter?: { field: { fieldPath: string }; op: string; value: WireValue };
  unaryFilter?: { field: { fieldPath: string }; op: string };
}

interface WireQuery {
  from?: { collectionId: string }[];
  where?: WireFilter & { compositeFilter?: { filters: WireFilter[] } };
}

/** A field by its dotted path ('delivery.state'). */
function valueAt(fields: FakeFields, path: string): FakeValue | undefined {
  let value: FakeValue | undefined = fields;
  for (const key of path.split('.')) {
    value = typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) ? value[key] : undefined;
  }
  return value;
}

function failure(status: number, code: string, message: string) {
  return HttpResponse.json({ error: { code: status, status: code, message } }, { status });
}

const DENIED = () => failure(403, 'PERMISSION_DENIED', 'Missing or insufficient permissions.');

function claimsFrom(request: Request): TokenClaims | null {
  const header = request.headers.get('Authorization') ?? '';
  return header.startsWith('Bearer ') ? claimsOf(header.slice('Bearer '.length)) : null;
}

function isText(value: FakeValue | undefined, min: number, max: number): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

function hasOnly(fields: FakeFields, keys: readonly string[]): boolean {
  return Object.keys(fields).every((key) => keys.includes(key));
}

function sameKeys(fields: FakeFields, keys: readonly string[]): boolean {
  return hasOnly(fields, keys) && keys.every((key) => key in fields);
}

const FORMS = ['home', 'news', 'footer', 'join'];
const DAY_MS = 24 * 60 * 60 * 1000;
const CONFIRMATION_MS = 7 * DAY_MS;
const ASK_AGAIN_MS = 20 * 60 * 1000;

export interface FirestoreFakeOptions {
  readonly projectId: string;
  readonly adminEmails: readonly string[];
  /** The fake's clock (the server's request time). */
  readonly now?: () => Date;
}

export interface FirestoreFake {
  readonly handlers: HttpHandler[];
  /** A document's fields, or undefined: `collection/id`. */
  get(path: string): FakeFields | undefined;
  /** Every document of a collection, by id. */
  list(collection: string): Map<string, FakeFields>;
  put(path: string, fields: FakeFields): void;
}

export function createFirestoreFake(options: FirestoreFakeOptions): FirestoreFake {
  const root = `projects/${options.projectId}/databases/(default)/documents`;
  const documents = new Map<string, StoredDocument>();
  const now = options.now ?? (() => new Date());
  const base = `https://firestore.googleapis.com/v1/${root}`.replace(/[.()]/g, '\\$&');
  const endpoint = (name: string) => new RegExp(`^${base}(/[^?:]*)?:${name}(\\?.*)?$`);

  // Each commit's update time is unique (nanoseconds counted on), so a transaction's check that
  // a document is unchanged since it read it fails whenever another commit came between.
  let commits = 0;
  const stampOf = (time: Date) => `${time.toISOString().slice(0, 23)}${String(++commits % 1_000_000).padStart(6, '0')}Z`;
  /** A timestamp as nanoseconds-precise text, however many digits of fraction it was sent with. */
  const sameTime = (a: string, b: string) => {
    const norm = (text: string) => text.replace(/(\.\d*)?Z$/, (fraction) => `.${(fraction.replace(/[.Z]/g, '') + '000000000').slice(0, 9)}Z`);
    return norm(a) === norm(b);
  };

  const pathOf = (name: string) => (name.startsWith(`${root}/`) ? name.slice(root.length + 1) : name);
  const isAdmin = (claims: TokenClaims | null) =>
    claims !== null && isAdministrator({ email: claims.email, emailVerified: claims.email_verified }, options.adminEmails);

  function wireDocument(path: string, stored: StoredDocument) {
    return { name: `${root}/${path}`, fields: fieldsToWire(stored.fields), createTime: stored.createTime, updateTime: stored.updateTime };
  }

  /** The rules for someone who is not an administrator, as firestore.rules say them. */
  async function visitorMayWrite(path: string, before: FakeFields | undefined, after: FakeFields | undefined, afterState: Map<string, FakeFields | undefined>, time: Date): Promise<boolean> {
    const [collection, id, ...deeper] = path.split('/');
    if (deeper.length > 0 || id === undefined || after === undefined) return false;
    if (collection === FIRESTORE_COLLECTIONS.subscribers) {
      const isRequest =
        sameKeys(after, SUBSCRIBER_REQUEST_FIELDS) &&
        isText(after.email, 3, 320) &&
        /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/.test(after.email) &&
        (await addressIdOf(after.email.toLowerCase())) === id &&
        isText(after.name, 0, 200) &&
        FORMS.includes(String(after.form)) &&
        after.consentWording === SUBSCRIPTION_TEXTS.consentWording &&
        after.requestedAt instanceof Date &&
        after.requestedAt.getTime() === time.getTime() &&
        after.confirmedAt === null &&
        isText(after.secret, 32, 32) &&
        after.expiresAt instanceof Date &&
        Math.abs(after.expiresAt.getTime() - (time.getTime() + CONFIRMATION_MS)) <= DAY_MS;
      if (before === undefined) return isRequest;
      const unconfirmed = before.confirmedAt === null || before.confirmedAt === undefined;
      const askedLongAgo = !(before.requestedAt instanceof Date) || before.requestedAt.getTime() < time.getTime() - ASK_AGAIN_MS;
      if (isRequest) return unconfirmed && askedLongAgo;
      const changed = Object.keys({ ...before, ...after }).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
      const isConfirmation =
        changed.every((key) => key === 'confirmedAt' || key === 'proof' || key === 'expiresAt') &&
        after.expiresAt === null &&
        before.confirmedAt === null &&
        after.confirmedAt instanceof Date &&
        after.confirmedAt.getTime() === time.getTime() &&
        typeof before.secret === 'string' &&
        after.proof === before.secret &&
        before.requestedAt instanceof Date &&
        time.getTime() < before.requestedAt.getTime() + CONFIRMATION_MS;
      const isLeaving =
        typeof before.secret === 'string' &&
        sameKeys(after, ['proof', 'leftAt', 'expiresAt']) &&
        after.proof === before.secret &&
        after.leftAt instanceof Date &&
        after.leftAt.getTime() === time.getTime() &&
        after.expiresAt instanceof Date &&
        after.expiresAt.getTime() === time.getTime();
      return isConfirmation || isLeaving;
    }
    if (collection === FIRESTORE_COLLECTIONS.applications) {
      const optionalText = (value: FakeValue | undefined, max: number) => value === null || isText(value, 1, max);
      return (
        before === undefined &&
        sameKeys(after, APPLICATION_FIELDS) &&
        after.state === 'new' &&
        isText(after.name, 1, APPLICATION_LIMITS.name) &&
        isText(after.address, 1, APPLICATION_LIMITS.address) &&
        optionalText(after.eircode, APPLICATION_LIMITS.eircode) &&
        optionalText(after.phone, APPLICATION_LIMITS.phone) &&
        optionalText(after.email, APPLICATION_LIMITS.email) &&
        (after.email === null || /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/.test(String(after.email))) &&
        isText(after.background, 1, APPLICATION_LIMITS.background) &&
        optionalText(after.nmbiPin, APPLICATION_LIMITS.nmbiPin) &&
        after.branch === null &&
        typeof after.newsletter === 'boolean' &&
        after.consentWording === APPLICATION_CONSENT_WORDING &&
        after.receivedAt instanceof Date &&
        after.receivedAt.getTime() === time.getTime()
      );
    }
    const bookingWrite = await visitorMayBook(collection ?? '', id, before, after, afterState, time);
    if (bookingWrite !== undefined) return bookingWrite;
    if (collection === FIRESTORE_COLLECTIONS.mail) {
      if (before !== undefined || !sameKeys(after, MAIL_FIELDS)) return false;
      const template = after.template;
      if (typeof template !== 'object' || template === null || Array.isArray(template) || template instanceof Date) return false;
      const data = template.data;
      if (!sameKeys(template, ['name', 'data']) || template.name !== CONFIRMATION_TEMPLATE) return false;
      if (typeof data !== 'object' || data === null || Array.isArray(data) || data instanceof Date || !sameKeys(data, ['token'])) return false;
      const parts = typeof data.token === 'string' ? splitToken(data.token) : undefined;
      if (parts === undefined || id !== confirmationMailId(parts.secret)) return false;
      const requestPath = `${FIRESTORE_COLLECTIONS.subscribers}/${parts.addressId}`;
      const requestAfter = afterState.has(requestPath) ? afterState.get(requestPath) : documents.get(requestPath)?.fields;
      const requestBefore = documents.get(requestPath)?.fields;
      return (
        requestAfter?.secret === parts.secret &&
        requestAfter.email === after.to &&
        requestBefore?.secret !== parts.secret &&
        after.createdAt instanceof Date &&
        after.createdAt.getTime() === time.getTime()
      );
    }
    return false;
  }

  /** A document as this commit leaves it. */
  const afterOf = (afterState: Map<string, FakeFields | undefined>, path: string) => (afterState.has(path) ? afterState.get(path) : documents.get(path)?.fields);
  const isMap = (value: FakeValue | undefined): value is Record<string, FakeValue> =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
  const isCount = (value: FakeValue | undefined): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
  const changedKeys = (before: FakeFields, after: FakeFields) => Object.keys({ ...before, ...after }).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));

  /**
   * A visitor's booking writes, as firestore.rules check them (isBooking, isBookingCount,
   * isBookingToken, isBookingKey, isBookingMail); undefined for a collection they are not about.
   */
  async function visitorMayBook(collection: string, id: string, before: FakeFields | undefined, after: FakeFields, afterState: Map<string, FakeFields | undefined>, time: Date): Promise<boolean | undefined> {
    if (collection === FIRESTORE_COLLECTIONS.bookings) {
      const event = typeof after.eventId === 'string' ? documents.get(`${FIRESTORE_COLLECTIONS.bookingEvents}/${after.eventId}`)?.fields : undefined;
      const eventAfter = typeof after.eventId === 'string' ? afterOf(afterState, `${FIRESTORE_COLLECTIONS.bookingEvents}/${after.eventId}`) : undefined;
      if (event === undefined || eventAfter === undefined) return false;
      if (before === undefined) {
        return (
          sameKeys(after, BOOKING_FIELDS) &&
          isCount(after.seq) &&
          id === bookingIdOf(String(after.eventId), after.seq) &&
          (after.status === 'booked' || after.status === 'waiting') &&
          after.source === 'online' &&
          isText(after.name, 1, BOOKING_LIMITS.name) &&
          (after.email === null || isText(after.email, 3, BOOKING_LIMITS.email)) &&
          (after.phone === null || isText(after.phone, 1, BOOKING_LIMITS.phone)) &&
          (after.email !== null || after.phone !== null) &&
          isCount(after.places) &&
          after.places >= 1 &&
          after.places <= Number(event.maxPlaces) &&
          isText(after.answer, 0, BOOKING_LIMITS.answer) &&
          after.bookedAt instanceof Date &&
          after.bookedAt.getTime() === time.getTime() &&
          after.promotedAt === null &&
          after.toPhone === false &&
          after.cancelledAt === null &&
          after.cancelledBy === null &&
          event.cancelledAt === null &&
          eventAfter.nextSeq === after.seq + 1
        );
      }
      const proof = typeof after.proof === 'string' ? documents.get(`${FIRESTORE_COLLECTIONS.bookingTokens}/${after.proof}`)?.fields : undefined;
      return (
        changedKeys(before, after).every((key) => ['status', 'cancelledAt', 'cancelledBy', 'proof'].includes(key)) &&
        before.status !== 'cancelled' &&
        after.status === 'cancelled' &&
        after.cancelledAt instanceof Date &&
        after.cancelledAt.getTime() === time.getTime() &&
        after.cancelledBy === 'person' &&
        proof?.booking === id
      );
    }
    if (collection === FIRESTORE_COLLECTIONS.bookingEvents) {
      if (before === undefined || !changedKeys(before, after).every((key) => (BOOKING_COUNT_FIELDS as readonly string[]).includes(key))) return false;
      const places = before.places;
      const within = isCount(after.bookedPlaces) && (places === null || after.bookedPlaces <= Number(places));
      if (before.cancelledAt !== null || !within || !Array.isArray(after.waiting) || !Array.isArray(before.waiting)) return false;
      const beforeWaiting = before.waiting.map((entry) => JSON.stringify(entry));
      if (after.nextSeq === Number(before.nextSeq) + 1) {
        // A new booking, the one numbered nextSeq in this commit: its places counted, or added to those waiting.
        const booking = afterOf(afterState, `${FIRESTORE_COLLECTIONS.bookings}/${bookingIdOf(id, Number(before.nextSeq))}`);
        if (booking === undefined || documents.has(`${FIRESTORE_COLLECTIONS.bookings}/${bookingIdOf(id, Number(before.nextSeq))}`) || after.lastChange !== before.nextSeq) return false;
        if (booking.status === 'booked') return after.bookedPlaces === Number(before.bookedPlaces) + Number(booking.places) && JSON.stringify(after.waiting) === JSON.stringify(before.waiting);
        return (
          booking.status === 'waiting' &&
          places !== null &&
          Number(before.bookedPlaces) + Number(booking.places) > Number(places) &&
          after.bookedPlaces === before.bookedPlaces &&
          JSON.stringify(after.waiting) === JSON.stringify([...before.waiting, { seq: before.nextSeq, places: booking.places }])
        );
      }
      // A cancellation of the booking named by lastChange in this commit: those waiting only leave the list.
      const path = `${FIRESTORE_COLLECTIONS.bookings}/${bookingIdOf(id, Number(after.lastChange))}`;
      return (
        after.nextSeq === before.nextSeq &&
        documents.get(path)?.fields.status !== 'cancelled' &&
        afterOf(afterState, path)?.status === 'cancelled' &&
        after.waiting.every((entry) => beforeWaiting.includes(JSON.stringify(entry)))
      );
    }
    if (collection === FIRESTORE_COLLECTIONS.bookingTokens) {
      const booking = typeof after.booking === 'string' ? afterOf(afterState, `${FIRESTORE_COLLECTIONS.bookings}/${after.booking}`) : undefined;
      if (before !== undefined) {
        return changedKeys(before, after).every((key) => key === 'status') && after.status === 'cancelled' && booking?.status === 'cancelled';
      }
      return (
        sameKeys(after, BOOKING_TOKEN_FIELDS) &&
        isText(id, SECRET_LENGTH, SECRET_LENGTH) &&
        booking !== undefined &&
        !documents.has(`${FIRESTORE_COLLECTIONS.bookings}/${String(after.booking)}`) &&
        after.booking === bookingIdOf(String(after.eventId), Number(after.seq)) &&
        ['eventId', 'seq', 'name', 'email', 'places', 'status'].every((key) => JSON.stringify(after[key]) === JSON.stringify(booking[key])) &&
        Array.isArray(after.contactKeys) &&
        after.contactKeys.length <= 2
      );
    }
    if (collection === FIRESTORE_COLLECTIONS.bookingKeys) {
      const event = typeof after.eventId === 'string' ? `${FIRESTORE_COLLECTIONS.bookingEvents}/${after.eventId}` : '';
      if (!sameKeys(after, ['eventId', 'live']) || typeof after.live !== 'boolean') return false;
      // Taken with a new booking in the same commit, when free; given up by anyone (it only lets that contact book again).
      return after.live ? before?.live !== true && afterOf(afterState, event)?.nextSeq === Number(documents.get(event)?.fields.nextSeq) + 1 : true;
    }
    if (collection === FIRESTORE_COLLECTIONS.mail && id.startsWith('booking-')) {
      if (before !== undefined || !sameKeys(after, MAIL_FIELDS) || !isMap(after.template) || !isMap(after.template.data)) return false;
      const { name, data } = after.template;
      const token = documents.has(`${FIRESTORE_COLLECTIONS.bookingTokens}/${String(data.token)}`) ? undefined : afterOf(afterState, `${FIRESTORE_COLLECTIONS.bookingTokens}/${String(data.token)}`);
      const booking = token === undefined ? undefined : afterOf(afterState, `${FIRESTORE_COLLECTIONS.bookings}/${String(token.booking)}`);
      const event = token === undefined ? undefined : afterOf(afterState, `${FIRESTORE_COLLECTIONS.bookingEvents}/${String(token.eventId)}`);
      if (token === undefined || booking === undefined || event === undefined) return false;
      const places = Number(booking.places);
      return (
        sameKeys(after.template, ['name', 'data']) &&
        sameKeys(data, BOOKING_TEMPLATE_DATA) &&
        id === bookingMailId(String(data.token)) &&
        name === `booking-${String(booking.status)}${booking.answer === '' ? '' : '-answer'}` &&
        after.to === booking.email &&
        data.name === booking.name &&
        data.answer === booking.answer &&
        data.places === (places === 1 ? '1 place' : `${places} places`) &&
        data.title === event.title &&
        data.when === event.when &&
        data.where === event.where &&
        after.createdAt instanceof Date &&
        after.createdAt.getTime() === time.getTime()
      );
    }
    return undefined;
  }

  function applied(write: WireWrite, before: FakeFields | undefined, time: Date): FakeFields | undefined {
    if (write.delete !== undefined) return undefined;
    const update = write.update;
    if (update === undefined) return before;
    const given = fieldsFromWire(update.fields ?? {});
    let fields: FakeFields;
    if (write.updateMask === undefined) fields = given;
    else {
      fields = { ...before };
      for (const path of write.updateMask.fieldPaths) {
        if (path in given) fields[path] = given[path] as FakeValue;
        else delete fields[path];
      }
    }
    for (const transform of write.updateTransforms ?? []) {
      if (transform.setToServerValue === 'REQUEST_TIME') fields[transform.fieldPath] = time;
    }
    return fields;
  }

  /** The documents a structured query matches, or undefined for a filter the fake does not answer. */
  function matching(query: WireQuery): [string, StoredDocument][] | undefined {
    const collection = query.from?.[0]?.collectionId ?? '';
    const filters = query.where?.compositeFilter?.filters ?? (query.where === undefined ? [] : [query.where]);
    const tests: ((fields: FakeFields) => boolean)[] = [];
    for (const filter of filters) {
      if (filter.fieldFilter?.op === 'EQUAL') {
        const { field, value } = filter.fieldFilter;
        tests.push((fields) => JSON.stringify(valueAt(fields, field.fieldPath)) === JSON.stringify(fromWire(value)));
      } else if (filter.unaryFilter?.op === 'IS_NOT_NULL') {
        const path = filter.unaryFilter.field.fieldPath;
        tests.push((fields) => valueAt(fields, path) !== null && valueAt(fields, path) !== undefined);
      } else return undefined;
    }
    return [...documents].filter(([path, stored]) => path.split('/').length === 2 && path.startsWith(`${collection}/`) && tests.every((test) => test(stored.fields)));
  }

  const handlers: HttpHandler[] = [
    http.post(endpoint('commit'), async ({ request }) => {
      const claims = claimsFrom(request);
      const body = (await request.json()) as { writes?: WireWrite[] };
      const writes = body.writes ?? [];
      const time = now();
      const afterState = new Map<string, FakeFields | undefined>();
      for (const write of writes) {
        const path = pathOf(write.update?.name ?? write.delete ?? write.verify ?? '');
        const before = afterState.has(path) ? afterState.get(path) : documents.get(path)?.fields;
        if (write.currentDocument?.exists === true && before === undefined) return failure(404, 'NOT_FOUND', `No document to update: ${root}/${path}`);
        if (write.currentDocument?.exists === false && before !== undefined) return failure(409, 'ALREADY_EXISTS', `Document already exists: ${root}/${path}`);
        const since = write.currentDocument?.updateTime;
        if (since !== undefined && !sameTime(documents.get(path)?.updateTime ?? '', since)) {
          return failure(400, 'FAILED_PRECONDITION', `The document changed since the transaction read it: ${root}/${path}`);
        }
        if (write.verify === undefined) afterState.set(path, applied(write, before, time));
      }
      // No one, administrators included, may change a mail document once written: a mailing sent twice sends nothing twice.
      for (const [path, after] of afterState) {
        if (path.startsWith(`${FIRESTORE_COLLECTIONS.mail}/`) && after !== undefined && documents.has(path)) return DENIED();
      }
      if (!isAdmin(claims)) {
        for (const [path, after] of afterState) {
          if (!(await visitorMayWrite(path, documents.get(path)?.fields, after, afterState, time))) return DENIED();
        }
      }
      const stamp = stampOf(time);
      for (const [path, after] of afterState) {
        if (after === undefined) documents.delete(path);
        else documents.set(path, { fields: after, createTime: documents.get(path)?.createTime ?? stamp, updateTime: stamp });
      }
      return HttpResponse.json({ writeResults: writes.map(() => ({ updateTime: stamp })), commitTime: stamp });
    }),

    http.post(endpoint('batchGet'), async ({ request }) => {
      const body = (await request.json()) as { documents?: string[] };
      // A visitor may get an event's counts, a cancel link's booking by its secret, and whether a contact booked (firestore.rules).
      const publicRead = (name: string) => VISITOR_GETS.includes(pathOf(name).split('/')[0] ?? '') && pathOf(name).split('/').length === 2;
      if (!isAdmin(claimsFrom(request)) && !(body.documents ?? []).every(publicRead)) return DENIED();
      const readTime = now().toISOString();
      return HttpResponse.json(
        (body.documents ?? []).map((name) => {
          const stored = documents.get(pathOf(name));
          return stored === undefined ? { missing: name, readTime } : { found: wireDocument(pathOf(name), stored), readTime };
        }),
      );
    }),

    http.post(endpoint('runQuery'), async ({ request }) => {
      if (!isAdmin(claimsFrom(request))) return DENIED();
      const body = (await request.json()) as { structuredQuery?: WireQuery };
      const found = matching(body.structuredQuery ?? {});
      const readTime = now().toISOString();
      if (found === undefined) return failure(400, 'INVALID_ARGUMENT', 'The fake answers equality and null filters only.');
      return HttpResponse.json(found.length === 0 ? [{ readTime }] : found.map(([path, stored]) => ({ document: wireDocument(path, stored), readTime })));
    }),

    // getCount: the number of documents a query matches.
    http.post(endpoint('runAggregationQuery'), async ({ request }) => {
      if (!isAdmin(claimsFrom(request))) return DENIED();
      const body = (await request.json()) as { structuredAggregationQuery?: { structuredQuery?: WireQuery; aggregations?: { alias: string; count?: object }[] } };
      const query = body.structuredAggregationQuery;
      const found = matching(query?.structuredQuery ?? {});
      if (found === undefined) return failure(400, 'INVALID_ARGUMENT', 'The fake answers equality and null filters only.');
      const aggregateFields = Object.fromEntries((query?.aggregations ?? []).map(({ alias }) => [alias, { integerValue: String(found.length) }]));
      return HttpResponse.json([{ result: { aggregateFields }, readTime: now().toISOString() }]);
    }),
  ];

  return {
    handlers,
    get: (path) => documents.get(path)?.fields,
    list(collection) {
      return new Map([...documents].filter(([path]) => path.split('/').length === 2 && path.startsWith(`${collection}/`)).map(([path, stored]) => [path.split('/')[1] as string, stored.fields]));
    },
    put(path, fields) {
      const stamp = now().toISOString();
      documents.set(path, { fields, createTime: stamp, updateTime: stamp });
    },
  };
}
