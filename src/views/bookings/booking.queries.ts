import { CoreError } from '../../../src-core/domain/core-error';
import { BOOKING_MESSAGES, type BookingByToken } from '../../../src-core/domain/bookings';
import { defineQuery } from '../../lib/route-data.cache';

/** The booking a cancel link names, for its page; loaded afresh on every visit, since it may have been cancelled meanwhile. */
export const bookingByTokenQuery = (token: string) =>
  defineQuery(
    `booking-by-token:${token}`,
    async (backend): Promise<BookingByToken> => {
      if (backend.bookings === undefined) throw new CoreError('not-found', BOOKING_MESSAGES.notOffered);
      return backend.bookings.findByToken(token);
    },
    { maxAgeMs: 0 },
  );
