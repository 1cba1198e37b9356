import type { BookingAvailability } from '../../../src-core/domain/bookings';
import { defineQuery } from '../../lib/route-data.cache';

/**
 * What the event page shows about booking; null where the event takes no bookings or the
 * backend has none. Places change with every booking, so it loads again each
 * time the page is shown, keeping what the server rendered on screen meanwhile.
 */
export const bookingAvailabilityQuery = (eventId: string) =>
  defineQuery(
    `booking:${eventId}`,
    async (backend, signal): Promise<BookingAvailability | null> =>
      backend.bookings === undefined ? null : backend.bookings.availability(eventId, { signal }),
    { maxAgeMs: 0 },
  );
