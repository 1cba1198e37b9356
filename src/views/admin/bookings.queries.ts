import type { BookingGlobalSettings, EventBookings, EventBookingSummary } from '../../../src-core/domain/bookings';
import { portOf, type Backend } from '../../../src-core/ports/backend';
import { defineQuery } from '../../lib/route-data.cache';

/** Every key of the organiser's booking lists starts with this, so one change loads them all again. */
const BOOKINGS_ADMIN_KEY = 'admin:bookings';

const bookingsAdminOf = (backend: Backend) => portOf(backend, 'bookingsAdmin', 'This website does not take bookings for events.');

// Bookings come in all the time: each list loads again whenever it is shown (maxAgeMs 0).

/** Every event that takes bookings with its counts ('12 of 40'), by event file path. */
export const bookingSummariesQuery = () =>
  defineQuery(
    `${BOOKINGS_ADMIN_KEY}:summaries`,
    async (backend): Promise<Readonly<Record<string, EventBookingSummary>>> =>
      Object.fromEntries((await bookingsAdminOf(backend).listEventSummaries()).map((summary) => [summary.eventPath, summary])),
    { maxAgeMs: 0 },
  );

/** One event's bookings, booked, waiting and cancelled. */
export const eventBookingsQuery = (eventPath: string) =>
  defineQuery(`${BOOKINGS_ADMIN_KEY}:event:${eventPath}`, async (backend): Promise<EventBookings> => bookingsAdminOf(backend).listBookings(eventPath), {
    maxAgeMs: 0,
  });

/** The reminder time, time zone and how long bookings are kept. */
export const bookingGlobalSettingsQuery = () =>
  defineQuery(`${BOOKINGS_ADMIN_KEY}:settings`, async (backend): Promise<BookingGlobalSettings> => bookingsAdminOf(backend).getGlobalSettings(), {
    maxAgeMs: 0,
  });
