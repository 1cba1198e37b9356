import {
  BOOKING_PATHS,
  adminBookingSchema,
  bookingActionPath,
  bookingAvailabilitySchema,
  bookingByTokenSchema,
  bookingConfirmationSchema,
  bookingGlobalSettingsSchema,
  eventBookingApiPath,
  eventBookingSettingsBodySchema,
  eventBookingsApiPath,
  eventBookingSummariesSchema,
  eventBookingsSchema,
  eventCancellationSchema,
  type WireBookingRequest,
} from '../../contract/bookings';
import { isCoreError } from '../../src-core/domain/core-error';
import type { BookingRequest, PhoneBookingRequest } from '../../src-core/domain/bookings';
import type { BookingsAdminPort, BookingsPort } from '../../src-core/ports/bookings.port';
import type { HttpClient } from './http-client';

/** An optional field is left out of the request when empty (JSON drops an undefined value). */
function given(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  return text === '' ? undefined : text;
}

function wireRequest(request: BookingRequest | PhoneBookingRequest): WireBookingRequest {
  return {
    name: request.name.trim(),
    email: given(request.email),
    phone: given(request.phone),
    places: request.places,
    answer: given(request.answer),
  };
}

export function createHttpBookings(client: HttpClient): BookingsPort {
  return {
    async availability(eventId, options = {}) {
      try {
        // null for an event that takes no bookings.
        return await client.request('GET', eventBookingApiPath('availability', eventId), bookingAvailabilitySchema.nullable(), { signal: options.signal });
      } catch (error) {
        // An unknown event (deleted meanwhile): the event page shows nothing about booking.
        if (isCoreError(error) && error.kind === 'not-found') return null;
        throw error;
      }
    },
    book(eventId, request) {
      const website = given(request.website);
      return client.request('POST', eventBookingApiPath('book', eventId), bookingConfirmationSchema, {
        json: { ...wireRequest(request), ...(website === undefined ? {} : { website }) },
      });
    },
    findByToken(token) {
      return client.request('GET', BOOKING_PATHS.byToken, bookingByTokenSchema, { query: { token } });
    },
    cancel(token) {
      return client.request('POST', BOOKING_PATHS.cancel, bookingByTokenSchema, { json: { token } });
    },
  };
}

export function createHttpBookingsAdmin(client: HttpClient): BookingsAdminPort {
  return {
    async listEventSummaries() {
      return (await client.request('GET', BOOKING_PATHS.summaries, eventBookingSummariesSchema)).events;
    },
    async getSettings(eventPath) {
      return (await client.request('GET', eventBookingsApiPath('eventSettings', eventPath), eventBookingSettingsBodySchema)).settings;
    },
    async saveSettings(eventPath, settings) {
      return (await client.request('PUT', eventBookingsApiPath('eventSettings', eventPath), eventBookingSettingsBodySchema, { json: { settings } })).settings;
    },
    async listBookings(eventPath) {
      const bookings = await client.request('GET', eventBookingsApiPath('eventBookings', eventPath), eventBookingsSchema);
      return { ...bookings, csvHref: client.link(eventBookingsApiPath('eventExport', eventPath)) };
    },
    addPhoneBooking(eventPath, request) {
      return client.request('POST', eventBookingsApiPath('eventBookings', eventPath), adminBookingSchema, { json: wireRequest(request) });
    },
    cancelBooking(id) {
      return client.request('POST', bookingActionPath('cancel', id), adminBookingSchema);
    },
    moveUp(id) {
      return client.request('POST', bookingActionPath('move-up', id), adminBookingSchema);
    },
    markPhoned(id) {
      return client.request('POST', bookingActionPath('phoned', id), adminBookingSchema);
    },
    cancelEvent(eventPath, message) {
      return client.request('POST', eventBookingsApiPath('eventCancel', eventPath), eventCancellationSchema, { json: { message } });
    },
    csvHref(eventPath) {
      return client.link(eventBookingsApiPath('eventExport', eventPath));
    },
    getGlobalSettings() {
      return client.request('GET', BOOKING_PATHS.settings, bookingGlobalSettingsSchema);
    },
    saveGlobalSettings(settings) {
      return client.request('PUT', BOOKING_PATHS.settings, bookingGlobalSettingsSchema, { json: settings });
    },
  };
}
