import { createHash } from 'node:crypto';
import { normaliseEmail } from '../../src-core/domain/administrator';
import { BOOKING_LIMITS, BOOKING_MESSAGES, BOOKING_PATHS } from '../../contract/bookings';
import {
  bookingCountText,
  placesLeftText,
  validateBookingRequest,
  type AdminBooking,
  type BookingAvailability,
  type BookingByToken,
  type BookingConfirmation,
  type BookingGlobalSettings,
  type BookingRequest,
  type BookingSettings,
  type BookingState,
  type EventBookings,
  type EventBookingSummary,
  type EventCancellation,
  type PhoneBookingRequest,
} from '../../src-core/domain/bookings';
import { calendarMonthsBefore } from '../../src-core/domain/contact-retention';
import { checkedBookingSettings } from '../../src-core/domain/booking-settings';
import { CoreError } from '../../src-core/domain/core-error';
import { API_MESSAGES } from '../../contract/api-messages';
import { eventCalendarPath, eventIdOf, summariseEvent, type EventSummary } from '../../src-core/domain/event-listing';
import { irishClockTime, irishLongDate } from '../../src-core/domain/irish-date';
import { addDays, instantOf, isoInZone, localDateTimeAt, parseLocalDateTime, resolveLocalDateTime } from '../../src-core/domain/zoned-time';
import { isoAt, type Clock } from '../clock';
import { retryWhenBusy } from '../db/retry-when-busy';
import type { EventFiles } from '../events/event-files';
import { HOURLY_WINDOW_MS, limitKey, refuseOverLimit } from '../http/hourly-limit';
import { isPlainMailbox } from '../mail/contact-mail';
import { newToken } from '../mail/subscriptions';
import type { BookingMailKind, MailQueueRepository } from '../repositories/mail-queue.repository';
import type { BookingRow, BookingsRepository, SettingsRow } from '../repositories/bookings.repository';
import { bookingCancelHref } from '../../src-core/domain/booking-mail-text';

/** Bookings with one e-mail address or phone number in an hour: a second try after a mistake, not a flood. */
const MAX_PER_CONTACT = 5;
/** From one network address in an hour: loose, because a care home or a family shares one connection. */
const MAX_PER_NETWORK = 50;

/** Cancel tokens are stored as this hash only: the database alone cannot cancel anyone's booking. */
function bookingTokenHash(token: string): string {
  return createHash('sha256').update(`booking-cancel:${token}`).digest('hex');
}


/** Phone numbers compared by their digits, with Ireland's +353 written as the leading 0 people dial. */
function phoneKey(phone: string): string {
  const digits = phone.replace(/[^0-9+]/g, '');
  const national = digits.startsWith('+353') ? `0${digits.slice(4)}` : digits.startsWith('00353') ? `0${digits.slice(5)}` : digits;
  return national.replace(/\+/g, '');
}

function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
}

function plainText(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim();
}

/** An event as bookings see it: its file's path, its id in addresses and what the pages show of it. */
export interface BookedEvent {
  readonly path: string;
  readonly id: string;
  readonly summary: EventSummary;
}

export interface BookingOutcome {
  readonly confirmation: BookingConfirmation;
  /** The stored booking; undefined for a robot's form, thanked and dropped. */
  readonly id: number | undefined;
}

export interface BookingsServiceDeps {
  readonly bookings: BookingsRepository;
  readonly queue: MailQueueRepository;
  readonly events: EventFiles;
  readonly clock: Clock;
  readonly timeZone: string;
  readonly origin: () => string;
  /** Whether mail is set up: a confirmation is then on its way. */
  readonly mailEnabled: boolean;
  /** Called after mail was queued, so the sender starts at once. */
  readonly onQueued: () => void;
  /** Called after places changed, so cached event pages are made again. */
  readonly onChange: () => void;
}

export type BookingsService = ReturnType<typeof createBookingsService>;

function notFound(message: string = API_MESSAGES.eventNotFound): CoreError {
  return new CoreError('not-found', message);
}

export function createBookingsService(deps: BookingsServiceDeps) {
  const { bookings, queue, clock, timeZone } = deps;

  async function allEvents(now: number): Promise<BookedEvent[]> {
    const listing = await deps.events.listing(now, deps.origin());
    return listing.events.map((event) => ({ path: event.file.fullPath, id: eventIdOf(event.file.name), summary: summariseEvent(event, listing.timeZone, now) }));
  }

  async function eventById(id: string, now: number): Promise<BookedEvent | undefined> {
    return (await allEvents(now)).find((event) => event.id === id);
  }

  async function eventByPath(path: string, now: number): Promise<BookedEvent | undefined> {
    return (await allEvents(now)).find((event) => event.path === path);
  }

  function settingsOf(row: SettingsRow): BookingSettings {
    return { places: row.places, closesAt: row.closes_at, maxPlacesPerBooking: row.max_places, question: row.question };
  }

  /** When bookings close: the organiser's time, or the event's start; null when neither is known. */
  function closesAt(row: SettingsRow, event: BookedEvent): number | null {
    const local = row.closes_at === '' ? null : parseLocalDateTime(row.closes_at);
    if (local !== null) return instantOf(local, timeZone);
    return event.summary.startsAt;
  }

  function stateOf(row: SettingsRow, event: BookedEvent, placesLeft: number | null, now: number): BookingState {
    if (row.cancelled_at !== null) return 'event-cancelled';
    if (event.summary.finishesAt !== null && now >= event.summary.finishesAt) return 'event-over';
    const closing = closesAt(row, event);
    if (closing !== null && now >= closing) return 'closed';
    return placesLeft === 0 ? 'waiting-list' : 'open';
  }

  function availabilityOf(row: SettingsRow, event: BookedEvent, now: number): BookingAvailability {
    const counts = bookings.counts(row.event_path);
    const placesLeft = row.places === null ? null : Math.max(0, row.places - counts.bookedPlaces);
    const state = stateOf(row, event, placesLeft, now);
    const closing = closesAt(row, event);
    const local = closing === null ? null : localDateTimeAt(closing, timeZone);
    return {
      eventId: event.id,
      state,
      places: row.places,
      placesLeft,
      maxPlacesPerBooking: row.max_places,
      question: row.question,
      closesAt: closing === null ? null : isoInZone(closing, timeZone),
      closesAtText: local === null ? null : `${irishLongDate(local)}, ${irishClockTime(local)}`,
      summary: placesLeftText(state, placesLeft),
    };
  }

  function enqueue(kind: BookingMailKind, row: BookingRow, at: number, payload?: string): boolean {
    if (row.email === null || row.email_key === null) return false;
    queue.enqueue({ kind, address: row.email, addressKey: row.email_key, bookingId: row.id, ...(payload === undefined ? {} : { payload }) }, at);
    return true;
  }

  /**
   * Gives freed places to those waiting, first come first, each whose places fit; each is told
   * once (or listed to phone). Runs inside the caller's write transaction.
   */
  function promoteWaiting(path: string, now: number): BookingRow[] {
    const row = bookings.settings(path);
    if (row === undefined || row.cancelled_at !== null) return [];
    let left = row.places === null ? Number.POSITIVE_INFINITY : row.places - bookings.counts(path).bookedPlaces;
    const promoted: BookingRow[] = [];
    for (const waiting of bookings.waiting(path)) {
      if (left <= 0) break;
      if (waiting.places > left) continue;
      if (!bookings.promote(waiting.id, waiting.email === null, now)) continue;
      left -= waiting.places;
      enqueue('booking-promoted', waiting, now);
      promoted.push(waiting);
    }
    return promoted;
  }

  function adminBooking(row: BookingRow, position: number | null): AdminBooking {
    return {
      id: String(row.id),
      status: row.status,
      source: row.source,
      name: row.name,
      email: row.email,
      phone: row.phone,
      places: row.places,
      answer: row.answer,
      bookedAt: isoAt(row.booked_at),
      waitingPosition: position,
      promotedAt: row.promoted_at === null ? null : isoAt(row.promoted_at),
      toPhone: row.to_phone === 1,
      cancelledAt: row.cancelled_at === null ? null : isoAt(row.cancelled_at),
      cancelledBy: row.cancelled_by,
    };
  }

  function positionOf(row: BookingRow): number | null {
    if (row.status !== 'waiting') return null;
    return bookings.waiting(row.event_path).findIndex((waiting) => waiting.id === row.id) + 1;
  }

  function summaryOf(row: SettingsRow, id: string): EventBookingSummary {
    const counts = { ...bookings.counts(row.event_path), places: row.places };
    return { eventPath: row.event_path, eventId: id, counts, cancelledAt: row.cancelled_at === null ? null : isoAt(row.cancelled_at), countText: bookingCountText(counts) };
  }

  function byToken(row: BookingRow, event: BookedEvent | undefined): BookingByToken {
    const settings = bookings.settings(row.event_path);
    return {
      eventId: event?.id ?? eventIdOf(row.event_path.split('/').at(-1) ?? row.event_path),
      eventTitle: event?.summary.title ?? '',
      when: event?.summary.when ?? '',
      status: row.status,
      places: row.places,
      name: row.name,
      eventCancelled: settings?.cancelled_at !== null && settings?.cancelled_at !== undefined,
    };
  }

  function bookingOf(id: string): BookingRow {
    const number = /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : undefined;
    const row = number === undefined ? undefined : bookings.get(number);
    if (row === undefined) throw notFound(BOOKING_MESSAGES.bookingNotFound);
    return row;
  }

  /** The fields checked and tidied, or a CoreError 'invalid-input' with a message per field. */
  function checked(request: BookingRequest, maxPlaces: number) {
    const tidy = {
      name: oneLine(request.name),
      email: request.email.trim(),
      phone: oneLine(request.phone),
      places: request.places,
      answer: plainText(request.answer),
    };
    const errors = validateBookingRequest(tidy, maxPlaces);
    if (tidy.email !== '' && errors.email === undefined && !isPlainMailbox(tidy.email)) errors.email = BOOKING_MESSAGES.email;
    const fieldErrors = Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined));
    if (Object.keys(fieldErrors).length > 0) {
      throw new CoreError('invalid-input', Object.values(fieldErrors)[0] ?? BOOKING_MESSAGES.checkFields, { fieldErrors });
    }
    return {
      ...tidy,
      email: tidy.email === '' ? null : tidy.email,
      emailKey: tidy.email === '' ? null : normaliseEmail(tidy.email),
      phone: tidy.phone === '' ? null : tidy.phone,
      phoneKey: tidy.phone === '' ? null : phoneKey(tidy.phone),
    };
  }

  /**
   * Stores one booking, counting the places inside one write transaction (BEGIN IMMEDIATE), so
   * bookings arriving together never share the last place: each sees the ones before it.
   */
  function store(event: BookedEvent, fields: ReturnType<typeof checked>, source: 'online' | 'phone', now: number, count?: { contact: string; sender: string }) {
    const token = newToken();
    const row = bookings.transaction(() => {
      const settings = bookings.settings(event.path);
      if (settings === undefined) throw new CoreError('invalid-input', BOOKING_MESSAGES.notOffered);
      if (settings.cancelled_at !== null) throw new CoreError('invalid-input', BOOKING_MESSAGES.eventCancelled);
      if (bookings.liveWith(event.path, fields.emailKey, fields.phoneKey) !== undefined) throw new CoreError('conflict', BOOKING_MESSAGES.alreadyBooked);
      const booked = bookings.counts(event.path).bookedPlaces;
      const fits = settings.places === null || booked + fields.places <= settings.places;
      if (count !== undefined) bookings.countRequest(count.contact, count.sender, now);
      const stored = bookings.insert(
        {
          eventPath: event.path,
          status: fits ? 'booked' : 'waiting',
          source,
          name: fields.name,
          email: fields.email,
          emailKey: fields.emailKey,
          phone: fields.phone,
          phoneKey: fields.phoneKey,
          places: fields.places,
          answer: fields.answer,
          tokenHash: bookingTokenHash(token),
        },
        now,
      );
      // The mail says what the booking was when made, whenever it leaves; its link's token goes only in it.
      enqueue('booking-confirmation', stored, now, JSON.stringify({ token, status: stored.status }));
      return stored;
    });
    return { row, token };
  }

  function confirmationOf(event: BookedEvent, row: Pick<BookingRow, 'status' | 'places' | 'name' | 'email' | 'phone' | 'answer'>, token: string): BookingConfirmation {
    const waiting = row.status === 'waiting';
    return {
      eventId: event.id,
      eventTitle: event.summary.title,
      when: event.summary.when,
      where: event.summary.where,
      status: waiting ? 'waiting' : 'booked',
      places: row.places,
      name: row.name,
      email: row.email,
      phone: row.phone,
      answer: row.answer,
      emailed: row.email !== null && deps.mailEnabled,
      cancelHref: bookingCancelHref(token),
      calendarHref: event.summary.start === null ? null : eventCalendarPath(event.id),
      message: waiting ? BOOKING_MESSAGES.waiting : BOOKING_MESSAGES.booked(row.places),
    };
  }

  function refuseUnlessOpen(state: BookingState): void {
    if (state === 'closed') throw new CoreError('invalid-input', BOOKING_MESSAGES.closed);
    if (state === 'event-cancelled') throw new CoreError('invalid-input', BOOKING_MESSAGES.eventCancelled);
    if (state === 'event-over') throw new CoreError('invalid-input', BOOKING_MESSAGES.eventOver);
  }

  function changed(queued: boolean): void {
    deps.onChange();
    if (queued) deps.onQueued();
  }

  return {
    /** What the event page shows; null when the event takes no bookings. @throws CoreError 'not-found'. */
    async availability(eventId: string): Promise<BookingAvailability | null> {
      const now = clock();
      const event = await eventById(eventId, now);
      if (event === undefined) throw notFound();
      const row = bookings.settings(event.path);
      return row === undefined ? null : availabilityOf(row, event, now);
    },

    async book(eventId: string, request: BookingRequest, senderAddress: string): Promise<BookingOutcome> {
      const now = clock();
      const event = await eventById(eventId, now);
      if (event === undefined) throw notFound();
      const settings = bookings.settings(event.path);
      if (settings === undefined) throw notFound(BOOKING_MESSAGES.notOffered);
      refuseUnlessOpen(availabilityOf(settings, event, now).state);
      const fields = checked(request, settings.max_places);
      if ((request.website ?? '').trim() !== '') {
        // A robot's form: thanked as anyone is, and dropped. Its link cancels nothing.
        return { id: undefined, confirmation: confirmationOf(event, { status: 'booked', ...fields, places: fields.places }, newToken()) };
      }
      const since = now - HOURLY_WINDOW_MS;
      const sender = limitKey('book', senderAddress);
      const contact = limitKey('book-contact', fields.emailKey ?? fields.phoneKey ?? sender);
      refuseOverLimit(bookings.recentForContact(contact, since), MAX_PER_CONTACT, BOOKING_MESSAGES.tooManyForAddress, now);
      refuseOverLimit(bookings.recentFromNetwork(sender, since), MAX_PER_NETWORK, BOOKING_MESSAGES.tooManyFromConnection, now);
      const { row, token } = await retryWhenBusy(() => store(event, fields, 'online', now, { contact, sender }));
      changed(row.email !== null);
      return { id: row.id, confirmation: confirmationOf(event, row, token) };
    },

    /** @throws CoreError 'not-found' when the token names no booking. */
    async findByToken(token: string): Promise<BookingByToken> {
      const row = bookings.byTokenHash(bookingTokenHash(token));
      if (row === undefined) throw notFound(BOOKING_MESSAGES.cancelLinkNotValid);
      return byToken(row, await eventByPath(row.event_path, clock()));
    },

    /** Cancels by token; alike when already cancelled. @throws CoreError 'not-found'. */
    async cancelByToken(token: string): Promise<{ booking: BookingByToken; id: number; changed: boolean }> {
      const now = clock();
      const hash = bookingTokenHash(token);
      const outcome = await retryWhenBusy(() =>
        bookings.transaction(() => {
          const row = bookings.byTokenHash(hash);
          if (row === undefined) return undefined;
          const cancelled = bookings.cancel(row.id, 'person', now);
          const promoted = cancelled && row.status === 'booked' ? promoteWaiting(row.event_path, now) : [];
          return { row: bookings.get(row.id) ?? row, cancelled, promoted };
        }),
      );
      if (outcome === undefined) throw notFound(BOOKING_MESSAGES.cancelLinkNotValid);
      if (outcome.cancelled) changed(outcome.promoted.some((promoted) => promoted.email !== null));
      return { booking: byToken(outcome.row, await eventByPath(outcome.row.event_path, now)), id: outcome.row.id, changed: outcome.cancelled };
    },

    // The organiser's side.

    async summaries(): Promise<EventBookingSummary[]> {
      const now = clock();
      const events = new Map((await allEvents(now)).map((event) => [event.path, event]));
      return bookings
        .allSettings()
        .filter((row) => events.has(row.event_path))
        .map((row) => summaryOf(row, events.get(row.event_path)?.id ?? ''));
    },

    async settings(path: string): Promise<BookingSettings | null> {
      if ((await eventByPath(path, clock())) === undefined) throw notFound();
      const row = bookings.settings(path);
      return row === undefined ? null : settingsOf(row);
    },

    async saveSettings(path: string, settings: BookingSettings | null): Promise<BookingSettings | null> {
      const now = clock();
      if ((await eventByPath(path, now)) === undefined) throw notFound();
      if (settings === null) {
        await retryWhenBusy(() =>
          bookings.transaction(() => {
            if (bookings.forEvent(path).some((row) => row.status !== 'cancelled')) throw new CoreError('conflict', BOOKING_MESSAGES.bookingsExist);
            bookings.removeSettings(path);
          }),
        );
        changed(false);
        return null;
      }
      const tidy = checkedBookingSettings(settings);
      const promoted = await retryWhenBusy(() =>
        bookings.transaction(() => {
          bookings.saveSettings(path, tidy, now);
          // More places, or none limited any more: those waiting move up.
          return promoteWaiting(path, now);
        }),
      );
      changed(promoted.some((row) => row.email !== null));
      return tidy;
    },

    async eventBookings(path: string): Promise<EventBookings> {
      const event = await eventByPath(path, clock());
      const row = bookings.settings(path);
      if (event === undefined || row === undefined) throw notFound(event === undefined ? API_MESSAGES.eventNotFound : BOOKING_MESSAGES.notOffered);
      let position = 0;
      const list = bookings.forEvent(path).map((booking) => adminBooking(booking, booking.status === 'waiting' ? ++position : null));
      return {
        ...summaryOf(row, event.id),
        eventTitle: event.summary.title,
        when: event.summary.when,
        settings: settingsOf(row),
        bookings: list,
        csvHref: `${BOOKING_PATHS.eventExport}?path=${encodeURIComponent(path)}`,
      };
    },

    async addPhoneBooking(path: string, request: PhoneBookingRequest): Promise<AdminBooking> {
      const now = clock();
      const event = await eventByPath(path, now);
      if (event === undefined) throw notFound();
      // The organiser may give one caller more places than the form allows.
      const fields = checked({ ...request, website: '' }, BOOKING_LIMITS.maxPlacesPerBooking);
      const { row } = await retryWhenBusy(() => store(event, fields, 'phone', now));
      changed(row.email !== null);
      return adminBooking(row, positionOf(row));
    },

    async cancelBooking(id: string): Promise<AdminBooking> {
      const now = clock();
      const row = bookingOf(id);
      const outcome = await retryWhenBusy(() =>
        bookings.transaction(() => {
          const cancelled = bookings.cancel(row.id, 'organiser', now);
          const promoted = cancelled && row.status === 'booked' ? promoteWaiting(row.event_path, now) : [];
          return { cancelled, promoted };
        }),
      );
      if (outcome.cancelled) changed(outcome.promoted.some((promoted) => promoted.email !== null));
      const after = bookings.get(row.id) ?? row;
      return adminBooking(after, positionOf(after));
    },

    async moveUp(id: string): Promise<AdminBooking> {
      const now = clock();
      const row = bookingOf(id);
      const moved = await retryWhenBusy(() =>
        bookings.transaction(() => {
          if (!bookings.promote(row.id, row.email === null, now)) return false;
          enqueue('booking-promoted', row, now);
          return true;
        }),
      );
      if (!moved) throw new CoreError('conflict', BOOKING_MESSAGES.notWaiting);
      changed(row.email !== null);
      const after = bookings.get(row.id) ?? row;
      return adminBooking(after, null);
    },

    async markPhoned(id: string): Promise<AdminBooking> {
      const row = bookingOf(id);
      if (!(await retryWhenBusy(() => bookings.markPhoned(row.id)))) throw new CoreError('conflict', BOOKING_MESSAGES.notToPhone);
      return adminBooking({ ...row, to_phone: 0 }, positionOf(row));
    },

    async cancelEvent(path: string, message: string): Promise<EventCancellation> {
      const now = clock();
      if ((await eventByPath(path, now)) === undefined || bookings.settings(path) === undefined) throw notFound();
      const note = plainText(message).slice(0, BOOKING_LIMITS.cancelMessage);
      const outcome = await retryWhenBusy(() =>
        bookings.transaction(() => {
          if (!bookings.markEventCancelled(path, note, now)) return undefined;
          const live = bookings.live(path);
          let emailed = 0;
          for (const row of live) {
            bookings.cancel(row.id, 'event', now);
            if (enqueue('booking-event-cancelled', row, now)) emailed += 1;
          }
          return { emailed, toPhone: live.filter((row) => row.email === null) };
        }),
      );
      if (outcome === undefined) throw new CoreError('conflict', BOOKING_MESSAGES.eventAlreadyCancelled);
      changed(outcome.emailed > 0);
      return {
        emailed: outcome.emailed,
        toPhone: outcome.toPhone.map((row) => adminBooking({ ...row, status: 'cancelled', cancelled_at: now, cancelled_by: 'event' }, null)),
      };
    },

    globalSettings(): BookingGlobalSettings {
      return { ...bookings.siteSettings(), timeZone };
    },

    async saveGlobalSettings(settings: BookingGlobalSettings): Promise<BookingGlobalSettings> {
      const fieldErrors: Record<string, string> = {};
      if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(settings.reminderTime)) fieldErrors.reminderTime = BOOKING_MESSAGES.reminderTime;
      if (!Number.isInteger(settings.keepMonths) || settings.keepMonths < 1 || settings.keepMonths > BOOKING_LIMITS.keepMonths) fieldErrors.keepMonths = BOOKING_MESSAGES.keepMonths;
      if (Object.keys(fieldErrors).length > 0) throw new CoreError('invalid-input', Object.values(fieldErrors)[0] ?? BOOKING_MESSAGES.checkFields, { fieldErrors });
      await retryWhenBusy(() => bookings.saveSiteSettings({ reminderTime: settings.reminderTime, keepMonths: settings.keepMonths }));
      // The zone is the site's (TIME_ZONE), not changed here.
      return { reminderTime: settings.reminderTime, keepMonths: settings.keepMonths, timeZone };
    },

    /** The rows of the CSV and the list at the door: booked first, then waiting, then cancelled. */
    async exportRows(path: string): Promise<{ title: string; rows: AdminBooking[] }> {
      const list = await this.eventBookings(path);
      return { title: list.eventTitle, rows: [...list.bookings] };
    },

    // The sweeps.

    /**
     * Queues the reminders due at `now`: the day before the event at the reminder time, for
     * booked people with an e-mail address, once each. The record that it was sent and the
     * queued mail are written in one transaction, so a restart neither loses nor repeats one.
     */
    async queueDueReminders(): Promise<number> {
      const now = clock();
      const candidates = bookings.remindable();
      if (candidates.length === 0) return 0;
      const events = new Map((await allEvents(now)).map((event) => [event.path, event]));
      const [hour, minute] = bookings.siteSettings().reminderTime.split(':').map(Number);
      let queued = 0;
      for (const row of candidates) {
        const startsAt = events.get(row.event_path)?.summary.startsAt ?? null;
        if (startsAt === null || now >= startsAt) continue;
        const day = addDays(localDateTimeAt(startsAt, timeZone), -1);
        const resolved = resolveLocalDateTime({ year: day.year, month: day.month, day: day.day, hour: hour ?? 10, minute: minute ?? 0 }, timeZone);
        const remindAt = resolved.instant;
        // Booked after the reminder time: they booked knowing it is tomorrow.
        if (now < remindAt || row.booked_at >= remindAt) continue;
        const done = await retryWhenBusy(() =>
          bookings.transaction(() => {
            const current = bookings.get(row.id);
            if (current?.status !== 'booked' || bookings.settings(row.event_path)?.cancelled_at !== null) return false;
            if (!bookings.markReminded(row.id, now)) return false;
            return enqueue('booking-reminder', current, now);
          }),
        );
        if (done) queued += 1;
      }
      if (queued > 0) deps.onQueued();
      return queued;
    },

    /**
     * Deletes the bookings of events that finished more than the kept months ago (an event whose
     * file or date has gone counts from its last booking), with their mail and reminder records.
     */
    async deleteExpired(): Promise<number> {
      const now = clock();
      const { keepMonths } = bookings.siteSettings();
      const cutoff = calendarMonthsBefore(now, keepMonths);
      const events = new Map((await allEvents(now)).map((event) => [event.path, event]));
      let deleted = 0;
      for (const { event_path: path, latest } of bookings.eventsWithBookings()) {
        const event = events.get(path);
        const over = event?.summary.finishesAt ?? (event === undefined ? latest : null);
        if (over === null || over >= cutoff) continue;
        deleted += await retryWhenBusy(() =>
          bookings.transaction(() => {
            const count = bookings.deleteForEvent(path);
            if (event === undefined) bookings.removeSettings(path);
            return count;
          }),
        );
      }
      await retryWhenBusy(() => bookings.forgetRequests(now - HOURLY_WINDOW_MS));
      if (deleted > 0) deps.onChange();
      return deleted;
    },

    /** Everything stored about one e-mail address's bookings (an access request). */
    async dataFor(email: string) {
      const now = clock();
      const events = new Map((await allEvents(now)).map((event) => [event.path, event]));
      return bookings.byEmailKey(normaliseEmail(email)).map((row) => ({
        event: events.get(row.event_path)?.summary.title ?? row.event_path,
        booking: adminBooking(row, positionOf(row)),
        mail: queue.forBooking(row.id),
      }));
    },

    /** Erases one e-mail address's bookings and their mail; a place freed goes to the first waiting. */
    async eraseFor(email: string): Promise<number> {
      const now = clock();
      const rows = bookings.byEmailKey(normaliseEmail(email));
      if (rows.length === 0) return 0;
      const promoted = await retryWhenBusy(() =>
        bookings.transaction(() =>
          rows.flatMap((row) => {
            bookings.erase(row.id);
            return row.status === 'booked' ? promoteWaiting(row.event_path, now) : [];
          }),
        ),
      );
      changed(promoted.some((row) => row.email !== null));
      return rows.length;
    },

    /** The booking a queued mail is about, with its event, when the mail is made. */
    async mailContext(bookingId: number) {
      const row = bookings.get(bookingId);
      if (row === undefined) return undefined;
      const event = await eventByPath(row.event_path, clock());
      const settings = bookings.settings(row.event_path);
      return { row, event, settings };
    },
  };
}
