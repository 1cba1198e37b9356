import { describe, expect, onTestFinished, test } from 'vitest';
import { BOOKING_MESSAGES, type BookingRequest, type BookingSettings } from '../../src-core/domain/bookings';
import { NO_EVENT_DETAILS } from '../../src-core/domain/event-details';
import type { EventsPort } from '../../src-core/ports/events.port';
import type { BookingsAdminPort, BookingsPort } from '../../src-core/ports/bookings.port';
import { rejectsWithKind } from '../support/core-error';
import { pdfBlob, type FileSeed } from './storage.contract';

/** What a backend gives the bookings contract: the organiser signed in, and the public port as a visitor has it. */
export interface BookingsHarness {
  readonly bookings: BookingsPort;
  readonly bookingsAdmin: BookingsAdminPort;
  /** To give the event its date (an administrator's port). */
  readonly events: EventsPort;
  /** Puts event files in the backend directly, without details. */
  seedFiles(files: readonly FileSeed[]): Promise<void>;
  cleanup(): Promise<void>;
}

const NAME = 'Summer Lunch';
const PATH = `events/${NAME}.pdf`;

const SETTINGS: BookingSettings = { places: 3, closesAt: '', maxPlacesPerBooking: 2, question: 'Any dietary or access needs?' };

const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  name: 'Mary Byrne',
  email: 'mary@example.org',
  phone: '',
  places: 2,
  answer: '',
  ...overrides,
});

/** An upcoming event that takes bookings with `settings`, by the organiser's own ports. */
async function openEvent(makeHarness: () => Promise<BookingsHarness>, settings: BookingSettings | null = SETTINGS): Promise<BookingsHarness> {
  const harness = await makeHarness();
  onTestFinished(() => harness.cleanup());
  await harness.seedFiles([{ fullPath: PATH, data: pdfBlob() }]);
  await harness.events.saveDetails(PATH, { ...NO_EVENT_DETAILS, title: NAME, start: '2099-06-12T13:00', timeZone: 'Europe/Dublin', venue: 'Parish Hall', town: 'Athlone' });
  if (settings !== null) await harness.bookingsAdmin.saveSettings(PATH, settings);
  return harness;
}

/** The cancel link's token, from the address the confirmation gives. */
function tokenOf(cancelHref: string): string {
  return new URL(cancelHref, 'http://site.invalid').searchParams.get('token') ?? '';
}

export function bookingsContract(name: string, makeHarness: () => Promise<BookingsHarness>): void {
  describe(`BookingsPort and BookingsAdminPort contract: ${name}`, () => {
    test('an event without booking settings takes no bookings: availability is null', async () => {
      const { bookings } = await openEvent(makeHarness, null);

      expect(await bookings.availability(NAME)).toBeNull();
    });

    test('availability says how many places are left and what the form asks', async () => {
      const { bookings } = await openEvent(makeHarness);

      expect(await bookings.availability(NAME)).toMatchObject({
        eventId: NAME,
        state: 'open',
        places: 3,
        placesLeft: 3,
        maxPlacesPerBooking: 2,
        question: 'Any dietary or access needs?',
        summary: '3 places left',
      });
    });

    test('a booking is confirmed; the same e-mail address cannot book twice; past the places it waits', async () => {
      const { bookings } = await openEvent(makeHarness);

      const first = await bookings.book(NAME, request());
      expect(first).toMatchObject({ eventId: NAME, status: 'booked', places: 2, name: 'Mary Byrne', message: BOOKING_MESSAGES.booked(2) });
      expect(tokenOf(first.cancelHref)).not.toBe('');

      const again = await rejectsWithKind(bookings.book(NAME, request({ name: 'M. Byrne' })), 'conflict');
      expect(again.message).toBe(BOOKING_MESSAGES.alreadyBooked);

      const second = await bookings.book(NAME, request({ name: 'Joan Walsh', email: '', phone: '090 123 4567' }));
      expect(second.status).toBe('waiting');
      expect(await bookings.availability(NAME)).toMatchObject({ state: 'open', placesLeft: 1, summary: '1 place left' });
    });

    test('a booking without a name or a way to reach the person is refused with a message per field', async () => {
      const { bookings } = await openEvent(makeHarness);

      const refusal = await rejectsWithKind(bookings.book(NAME, request({ name: ' ', email: '', phone: '' })), 'invalid-input');

      expect(refusal.fieldErrors).toMatchObject({ name: BOOKING_MESSAGES.name, email: BOOKING_MESSAGES.contactNeeded });
    });

    test('the cancel link finds the booking, cancels it, and the first waiting gets the places', async () => {
      const { bookings, bookingsAdmin } = await openEvent(makeHarness);
      const mary = await bookings.book(NAME, request());
      await bookings.book(NAME, request({ name: 'Joan Walsh', email: 'joan@example.org', places: 2 }));

      const token = tokenOf(mary.cancelHref);
      expect(await bookings.findByToken(token)).toMatchObject({ eventId: NAME, status: 'booked', places: 2, name: 'Mary Byrne', eventCancelled: false });
      expect((await bookings.cancel(token)).status).toBe('cancelled');
      expect((await bookings.cancel(token)).status).toBe('cancelled');
      await rejectsWithKind(bookings.findByToken('no-such-token'), 'not-found');

      const list = await bookingsAdmin.listBookings(PATH);
      expect(list.bookings.map((booking) => [booking.name, booking.status])).toEqual([
        ['Joan Walsh', 'booked'],
        ['Mary Byrne', 'cancelled'],
      ]);
    });

    test('the organiser takes a phone booking, sees the counts, moves someone up and cancels the event', async () => {
      const { bookings, bookingsAdmin } = await openEvent(makeHarness);
      const phoned = await bookingsAdmin.addPhoneBooking(PATH, { name: 'Nora Keane', email: '', phone: '091 555 0101', places: 3, answer: 'No nuts' });
      expect(phoned).toMatchObject({ status: 'booked', source: 'phone', places: 3, answer: 'No nuts' });
      await bookings.book(NAME, request({ name: 'Joan Walsh', email: '', phone: '090 123 4567', places: 1 }));

      const [summary] = await bookingsAdmin.listEventSummaries();
      expect(summary).toMatchObject({ eventPath: PATH, eventId: NAME, countText: '3 of 3, 1 waiting' });

      const waiting = (await bookingsAdmin.listBookings(PATH)).bookings.find((booking) => booking.status === 'waiting');
      const moved = await bookingsAdmin.moveUp(waiting?.id ?? '');
      expect(moved).toMatchObject({ status: 'booked', toPhone: true });
      expect((await bookingsAdmin.markPhoned(moved.id)).toPhone).toBe(false);
      await rejectsWithKind(bookingsAdmin.moveUp(moved.id), 'conflict');

      const cancelled = await bookingsAdmin.cancelEvent(PATH, 'The hall is flooded.');
      expect(cancelled.emailed).toBe(0);
      expect(cancelled.toPhone.map((booking) => booking.name).sort()).toEqual(['Joan Walsh', 'Nora Keane']);
      expect((await bookings.availability(NAME))?.state).toBe('event-cancelled');
      await rejectsWithKind(bookingsAdmin.cancelEvent(PATH, 'Again.'), 'conflict');
    });

    test('the settings every event shares are read and saved', async () => {
      const { bookingsAdmin } = await openEvent(makeHarness);

      const saved = await bookingsAdmin.saveGlobalSettings({ ...(await bookingsAdmin.getGlobalSettings()), reminderTime: '09:30', keepMonths: 6 });

      expect(saved).toMatchObject({ reminderTime: '09:30', keepMonths: 6 });
      expect(await bookingsAdmin.getGlobalSettings()).toMatchObject({ reminderTime: '09:30', keepMonths: 6 });
      await rejectsWithKind(bookingsAdmin.saveGlobalSettings({ ...saved, reminderTime: '25:00' }), 'invalid-input');
    });
  });
}
