import { expect, expectTypeOf, test } from 'vitest';
import type { z } from 'zod';
import { bookingActionPath, eventBookingApiPath, eventBookingsApiPath } from '../../contract/bookings';
import type {
  adminBookingSchema,
  bookingAvailabilitySchema,
  bookingByTokenSchema,
  bookingConfirmationSchema,
  bookingGlobalSettingsSchema,
  bookingSettingsSchema,
  eventBookingsSchema,
  eventBookingSummarySchema,
} from '../../contract/bookings';
import type {
  AdminBooking,
  BookingAvailability,
  BookingByToken,
  BookingConfirmation,
  BookingGlobalSettings,
  BookingSettings,
  EventBookings,
  EventBookingSummary,
} from '../../src-core/domain/bookings';

// The wire shapes and the core's types describe the same things: a change to one without the
// other fails here before any adapter or view could see a mismatch.
test('every booking response on the wire is the core type an adapter hands on', () => {
  expectTypeOf<z.infer<typeof bookingAvailabilitySchema>>().toExtend<BookingAvailability>();
  expectTypeOf<z.infer<typeof bookingConfirmationSchema>>().toExtend<BookingConfirmation>();
  expectTypeOf<z.infer<typeof bookingByTokenSchema>>().toExtend<BookingByToken>();
  expectTypeOf<z.infer<typeof adminBookingSchema>>().toExtend<AdminBooking>();
  expectTypeOf<z.infer<typeof eventBookingSummarySchema>>().toExtend<EventBookingSummary>();
  expectTypeOf<z.infer<typeof eventBookingsSchema>>().toExtend<EventBookings>();
  // Settings travel both ways: each shape fits the other.
  expectTypeOf<z.infer<typeof bookingSettingsSchema>>().toExtend<BookingSettings>();
  expectTypeOf<BookingSettings>().toExtend<z.infer<typeof bookingSettingsSchema>>();
  expectTypeOf<z.infer<typeof bookingGlobalSettingsSchema>>().toExtend<BookingGlobalSettings>();
  expectTypeOf<BookingGlobalSettings>().toExtend<z.infer<typeof bookingGlobalSettingsSchema>>();
});

test('addresses encode event ids as one segment and event paths as a query', () => {
  expect(eventBookingApiPath('book', 'Lunch / Dinner')).toBe('/api/events/Lunch%20%2F%20Dinner/bookings');
  expect(eventBookingsApiPath('eventExport', 'events/Summer Lunch.pdf')).toBe('/api/event-bookings/export.csv?path=events%2FSummer%20Lunch.pdf');
  expect(bookingActionPath('move-up', '12')).toBe('/api/bookings/12/move-up');
});
