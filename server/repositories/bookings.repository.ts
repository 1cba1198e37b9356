import { BOOKING_DEFAULTS } from '../../contract/bookings';
import type { BookingSettings, BookingSource, BookingStatus } from '../../src-core/domain/bookings';
import type { Db } from '../db/database';
import { requestLog } from './request-log';
import { prepareReturningWrite } from '../db/returning-write';
import type { RecentRequests } from '../http/hourly-limit';

export interface BookingRow {
  id: number;
  event_path: string;
  status: BookingStatus;
  source: BookingSource;
  name: string;
  email: string | null;
  email_key: string | null;
  phone: string | null;
  phone_key: string | null;
  places: number;
  answer: string;
  token_hash: string;
  booked_at: number;
  promoted_at: number | null;
  to_phone: number;
  cancelled_at: number | null;
  cancelled_by: 'person' | 'organiser' | 'event' | null;
}

export interface SettingsRow {
  event_path: string;
  places: number | null;
  closes_at: string;
  max_places: number;
  question: string;
  cancelled_at: number | null;
  cancel_message: string | null;
  updated_at: number;
}

export interface NewBooking {
  readonly eventPath: string;
  readonly status: 'booked' | 'waiting';
  readonly source: BookingSource;
  readonly name: string;
  readonly email: string | null;
  readonly emailKey: string | null;
  readonly phone: string | null;
  readonly phoneKey: string | null;
  readonly places: number;
  readonly answer: string;
  readonly tokenHash: string;
}

export interface SiteBookingSettings {
  readonly reminderTime: string;
  readonly keepMonths: number;
}

export interface PlaceCounts {
  readonly bookedPlaces: number;
  readonly bookings: number;
  readonly waitingPlaces: number;
  readonly waiting: number;
  readonly toPhone: number;
}

export interface BookingsRepository {
  /** Runs `work` in one write transaction, taken at its start (BEGIN IMMEDIATE): counts read inside stay true until it commits. */
  transaction<T>(work: () => T): T;

  settings(eventPath: string): SettingsRow | undefined;
  allSettings(): SettingsRow[];
  saveSettings(eventPath: string, settings: BookingSettings, at: number): void;
  removeSettings(eventPath: string): void;
  markEventCancelled(eventPath: string, message: string, at: number): boolean;
  siteSettings(): SiteBookingSettings;
  saveSiteSettings(settings: SiteBookingSettings): void;

  insert(booking: NewBooking, at: number): BookingRow;
  get(id: number): BookingRow | undefined;
  byTokenHash(hash: string): BookingRow | undefined;
  /** Every booking of an event: booked, then waiting, then cancelled, each in the order they came. */
  forEvent(eventPath: string): BookingRow[];
  counts(eventPath: string): PlaceCounts;
  /** Waiting bookings of an event, first come first. */
  waiting(eventPath: string): BookingRow[];
  /** The live booking of an event with this e-mail or phone key, if any. */
  liveWith(eventPath: string, emailKey: string | null, phoneKey: string | null): BookingRow | undefined;
  promote(id: number, toPhone: boolean, at: number): boolean;
  cancel(id: number, by: 'person' | 'organiser' | 'event', at: number): boolean;
  markPhoned(id: number): boolean;
  /** Booked and waiting bookings of an event, for cancelling it. */
  live(eventPath: string): BookingRow[];

  /** Booked bookings with an e-mail address, no reminder yet, of events not cancelled. */
  remindable(): BookingRow[];
  markReminded(id: number, at: number): boolean;

  /** Event paths that have bookings, with the latest booking's time. */
  eventsWithBookings(): { event_path: string; latest: number }[];
  /** Deletes an event's bookings (their mail and reminder records go with them). */
  deleteForEvent(eventPath: string): number;
  /** By a person's normalised e-mail address, for access and erasure. */
  byEmailKey(emailKey: string): BookingRow[];
  erase(id: number): void;

  countRequest(contactKey: string, senderKey: string, at: number): void;
  recentForContact(contactKey: string, since: number): RecentRequests;
  recentFromNetwork(senderKey: string, since: number): RecentRequests;
  forgetRequests(before: number): void;
}

const ORDER = `CASE status WHEN 'booked' THEN 0 WHEN 'waiting' THEN 1 ELSE 2 END, booked_at, id`;

export function createBookingsRepository(db: Db): BookingsRepository {
  const settingsOf = db.prepare<[string], SettingsRow>('SELECT * FROM booking_settings WHERE event_path = ?');
  const everySettings = db.prepare<[], SettingsRow>('SELECT * FROM booking_settings ORDER BY event_path');
  const upsertSettings = db.prepare<[string, number | null, string, number, string, number]>(
    `INSERT INTO booking_settings (event_path, places, closes_at, max_places, question, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (event_path) DO UPDATE SET places = excluded.places, closes_at = excluded.closes_at,
       max_places = excluded.max_places, question = excluded.question, updated_at = excluded.updated_at`,
  );
  const deleteSettings = db.prepare<[string]>('DELETE FROM booking_settings WHERE event_path = ?');
  const cancelEvent = db.prepare<[number, string, string]>(
    'UPDATE booking_settings SET cancelled_at = ?, cancel_message = ? WHERE event_path = ? AND cancelled_at IS NULL',
  );
  const site = db.prepare<[], { reminder_time: string; keep_months: number }>('SELECT reminder_time, keep_months FROM booking_site_settings WHERE id = 1');
  const saveSite = db.prepare<[string, number]>('UPDATE booking_site_settings SET reminder_time = ?, keep_months = ? WHERE id = 1');

  const insert = prepareReturningWrite<
    [string, string, string, string, string | null, string | null, string | null, string | null, number, string, string, number],
    BookingRow
  >(
    db,
    `INSERT INTO bookings (event_path, status, source, name, email, email_key, phone, phone_key, places, answer, token_hash, booked_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  const byId = db.prepare<[number], BookingRow>('SELECT * FROM bookings WHERE id = ?');
  const byToken = db.prepare<[string], BookingRow>('SELECT * FROM bookings WHERE token_hash = ?');
  const ofEvent = db.prepare<[string], BookingRow>(`SELECT * FROM bookings WHERE event_path = ? ORDER BY ${ORDER}`);
  const countsOf = db.prepare<[string], PlaceCounts>(
    `SELECT COALESCE(SUM(CASE WHEN status = 'booked' THEN places END), 0) AS bookedPlaces,
            COALESCE(SUM(status = 'booked'), 0) AS bookings,
            COALESCE(SUM(CASE WHEN status = 'waiting' THEN places END), 0) AS waitingPlaces,
            COALESCE(SUM(status = 'waiting'), 0) AS waiting,
            COALESCE(SUM(to_phone = 1 AND status = 'booked'), 0) AS toPhone
     FROM bookings WHERE event_path = ?`,
  );
  const waitingOf = db.prepare<[string], BookingRow>("SELECT * FROM bookings WHERE event_path = ? AND status = 'waiting' ORDER BY booked_at, id");
  const liveOf = db.prepare<[string], BookingRow>("SELECT * FROM bookings WHERE event_path = ? AND status IN ('booked', 'waiting') ORDER BY booked_at, id");
  const liveWith = db.prepare<[string, string | null, string | null], BookingRow>(
    `SELECT * FROM bookings WHERE event_path = ? AND status <> 'cancelled' AND ((email_key IS NOT NULL AND email_key = ?) OR (phone_key IS NOT NULL AND phone_key = ?)) LIMIT 1`,
  );
  const promote = db.prepare<[number, number, number]>("UPDATE bookings SET status = 'booked', promoted_at = ?, to_phone = ? WHERE id = ? AND status = 'waiting'");
  const cancel = db.prepare<[number, string, number]>(
    "UPDATE bookings SET status = 'cancelled', cancelled_at = ?, cancelled_by = ?, to_phone = 0 WHERE id = ? AND status <> 'cancelled'",
  );
  const phoned = db.prepare<[number]>('UPDATE bookings SET to_phone = 0 WHERE id = ? AND to_phone = 1');
  const remindable = db.prepare<[], BookingRow>(
    `SELECT b.* FROM bookings b JOIN booking_settings s ON s.event_path = b.event_path
     WHERE b.status = 'booked' AND b.email IS NOT NULL AND s.cancelled_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM booking_reminders_sent r WHERE r.booking_id = b.id)
     ORDER BY b.id`,
  );
  const reminded = db.prepare<[number, number]>('INSERT OR IGNORE INTO booking_reminders_sent (booking_id, queued_at) VALUES (?, ?)');
  const withBookings = db.prepare<[], { event_path: string; latest: number }>(
    'SELECT event_path, MAX(booked_at) AS latest FROM bookings GROUP BY event_path ORDER BY event_path',
  );
  const deleteOfEvent = db.prepare<[string]>('DELETE FROM bookings WHERE event_path = ?');
  const byEmail = db.prepare<[string], BookingRow>('SELECT * FROM bookings WHERE email_key = ? ORDER BY id');
  const eraseOne = db.prepare<[number]>('DELETE FROM bookings WHERE id = ?');
  const requests = requestLog(db, 'booking_requests', 'contact_key');
  const forget = db.prepare<[number]>('DELETE FROM booking_requests WHERE at <= ?');


  return {
    transaction: (work) => db.transaction(work).immediate(),
    settings: (eventPath) => settingsOf.get(eventPath),
    allSettings: () => everySettings.all(),
    saveSettings(eventPath, settings, at) {
      upsertSettings.run(eventPath, settings.places, settings.closesAt, settings.maxPlacesPerBooking, settings.question, at);
    },
    removeSettings(eventPath) {
      deleteSettings.run(eventPath);
    },
    markEventCancelled: (eventPath, message, at) => cancelEvent.run(at, message, eventPath).changes > 0,
    siteSettings() {
      const row = site.get();
      return { reminderTime: row?.reminder_time ?? BOOKING_DEFAULTS.reminderTime, keepMonths: row?.keep_months ?? BOOKING_DEFAULTS.keepMonths };
    },
    saveSiteSettings(settings) {
      saveSite.run(settings.reminderTime, settings.keepMonths);
    },
    insert(booking, at) {
      const row = insert.first(
        booking.eventPath,
        booking.status,
        booking.source,
        booking.name,
        booking.email,
        booking.emailKey,
        booking.phone,
        booking.phoneKey,
        booking.places,
        booking.answer,
        booking.tokenHash,
        at,
      );
      if (row === undefined) throw new Error('The booking was not stored.');
      return row;
    },
    get: (id) => byId.get(id),
    byTokenHash: (hash) => byToken.get(hash),
    forEvent: (eventPath) => ofEvent.all(eventPath),
    counts: (eventPath) => countsOf.get(eventPath) ?? { bookedPlaces: 0, bookings: 0, waitingPlaces: 0, waiting: 0, toPhone: 0 },
    waiting: (eventPath) => waitingOf.all(eventPath),
    liveWith: (eventPath, emailKey, phoneKey) => liveWith.get(eventPath, emailKey, phoneKey),
    promote: (id, toPhone, at) => promote.run(at, toPhone ? 1 : 0, id).changes > 0,
    cancel: (id, by, at) => cancel.run(at, by, id).changes > 0,
    markPhoned: (id) => phoned.run(id).changes > 0,
    live: (eventPath) => liveOf.all(eventPath),
    remindable: () => remindable.all(),
    markReminded: (id, at) => reminded.run(id, at).changes > 0,
    eventsWithBookings: () => withBookings.all(),
    deleteForEvent: (eventPath) => deleteOfEvent.run(eventPath).changes,
    byEmailKey: (emailKey) => byEmail.all(emailKey),
    erase(id) {
      eraseOne.run(id);
    },
    countRequest: requests.log,
    recentForContact: requests.forContact,
    recentFromNetwork: requests.fromNetwork,
    forgetRequests(before) {
      forget.run(before);
    },
  };
}
