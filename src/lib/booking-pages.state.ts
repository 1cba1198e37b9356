import type { BookingByToken, BookingConfirmation } from '../../src-core/domain/bookings';
import type { RenderOptions } from '../../src-core/ports/page-renderer.port';
import { defineQuery, isRecord, type CacheEntry } from './route-data.cache';

/*
 * What a booking or cancel form posted without script came back with: the server puts it into
 * the page's route data under these keys (src/app/entry-server.tsx), so the browser's first
 * render starts from the same state and hydration matches.
 */

/** A booking form refused without script, by event id: its message, a message per field and every value. */
export const bookingFormKey = (eventId: string) => `booking-form:${eventId}`;
export const BOOKING_CONFIRMATION_KEY = 'booking:confirmation';
export const BOOKING_CANCEL_KEY = 'booking:cancel-outcome';

type BookingFormRefusal = NonNullable<RenderOptions['bookingForm']>;
export type BookingCancelOutcome = NonNullable<RenderOptions['bookingCancel']>;

export interface RestoredBookingForm {
  readonly message: string;
  readonly fieldErrors: Readonly<Record<string, unknown>>;
  readonly values: Readonly<Record<string, unknown>>;
}

function readyData(entry: CacheEntry | undefined): Record<string, unknown> | undefined {
  return entry?.status === 'ready' && isRecord(entry.data) ? entry.data : undefined;
}

/** The refusal a server left in the route data, checked, since a page's data is not to be trusted blindly. */
export function bookingFormRefusalFrom(entry: CacheEntry | undefined): RestoredBookingForm | undefined {
  const data = readyData(entry);
  if (data === undefined) return undefined;
  const { message, fieldErrors, values } = data;
  if (typeof message !== 'string' || !isRecord(fieldErrors) || !isRecord(values)) return undefined;
  return { message, fieldErrors, values };
}

/** The confirmation a server left in the route data for the confirmation page. */
export function bookingConfirmationFrom(entry: CacheEntry | undefined): BookingConfirmation | undefined {
  const data = readyData(entry);
  return data !== undefined && typeof data.eventTitle === 'string' && typeof data.message === 'string' ? (data as unknown as BookingConfirmation) : undefined;
}

/** What a cancel posted without script did, as the server left it for the 'cancelled' page. */
export function bookingCancelOutcomeFrom(entry: CacheEntry | undefined): BookingCancelOutcome | undefined {
  const data = readyData(entry);
  if (data === undefined) return undefined;
  if (isRecord(data.booking) && typeof data.booking.eventTitle === 'string') return { booking: data.booking as unknown as BookingByToken };
  return typeof data.message === 'string' ? { message: data.message } : undefined;
}

export const bookingFormQuery = (refusal: BookingFormRefusal) =>
  defineQuery(bookingFormKey(refusal.eventId), async () => ({ message: refusal.message, fieldErrors: refusal.fieldErrors, values: refusal.values }));

export const bookingConfirmationQuery = (confirmation: BookingConfirmation) =>
  defineQuery(BOOKING_CONFIRMATION_KEY, async () => confirmation);

export const bookingCancelOutcomeQuery = (outcome: BookingCancelOutcome) => defineQuery(BOOKING_CANCEL_KEY, async () => outcome);
