import type { BookingByToken, BookingConfirmation } from '../../src-core/domain/bookings';
import type { Clock } from '../clock';
import { createPostedFormOutcomes, type FormRefusal, type PostedFormOutcomes } from '../http/posted-form-outcomes';

/** A booking form refused, for the event page the browser is sent back to. */
export interface RefusedBooking extends FormRefusal {
  readonly eventId: string;
}

export interface BookingFormOutcomes {
  readonly refused: PostedFormOutcomes<RefusedBooking>;
  /** The confirmation page's booking: it names the cancel link, so it is kept for this browser only. */
  readonly booked: PostedFormOutcomes<BookingConfirmation>;
  readonly cancelled: PostedFormOutcomes<{ readonly booking: BookingByToken } | { readonly message: string }>;
}

/** Long enough to read the page, put things right and reload. */
const OUTCOME_LIFETIME_MS = 30 * 60 * 1000;

/** The booking and cancel forms' outcomes (server/http/posted-form-outcomes.ts). */
export function createBookingFormOutcomes(now: Clock): BookingFormOutcomes {
  return {
    refused: createPostedFormOutcomes<RefusedBooking>(OUTCOME_LIFETIME_MS, now),
    booked: createPostedFormOutcomes<BookingConfirmation>(OUTCOME_LIFETIME_MS, now),
    cancelled: createPostedFormOutcomes(OUTCOME_LIFETIME_MS, now),
  };
}
