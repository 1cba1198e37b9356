/** The organiser's settings for one event, checked alike by both backends (apart from bookings.ts, which public pages load). */
import { BOOKING_LIMITS, BOOKING_MESSAGES, type BookingSettings } from './bookings';
import { CoreError } from './core-error';
import { parseLocalDateTime } from './zoned-time';

/** The organiser's settings checked and tidied, or a CoreError 'invalid-input' with a message per field (both backends). */
export function checkedBookingSettings(settings: BookingSettings): BookingSettings {
  const fieldErrors: Record<string, string> = {};
  if (settings.places !== null && (!Number.isInteger(settings.places) || settings.places < 1 || settings.places > BOOKING_LIMITS.places)) {
    fieldErrors.places = BOOKING_MESSAGES.settingsPlaces;
  }
  if (!Number.isInteger(settings.maxPlacesPerBooking) || settings.maxPlacesPerBooking < 1 || settings.maxPlacesPerBooking > BOOKING_LIMITS.maxPlacesPerBooking) {
    fieldErrors.maxPlacesPerBooking = BOOKING_MESSAGES.settingsMaxPlaces;
  }
  const closesAt = settings.closesAt.trim();
  if (closesAt !== '' && parseLocalDateTime(closesAt) === null) fieldErrors.closesAt = BOOKING_MESSAGES.settingsClosesAt;
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const question = settings.question.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  if (question.length > BOOKING_LIMITS.question) fieldErrors.question = BOOKING_MESSAGES.settingsQuestionTooLong;
  if (Object.keys(fieldErrors).length > 0) throw new CoreError('invalid-input', Object.values(fieldErrors)[0] ?? BOOKING_MESSAGES.checkFields, { fieldErrors });
  return { places: settings.places, closesAt, maxPlacesPerBooking: settings.maxPlacesPerBooking, question };
}

