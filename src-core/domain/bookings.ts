/**
 * Booking a place at an event: the settings an organiser gives an event, what the event page
 * shows and the booking form sends, what the organiser sees, and every text the server answers.
 * Shared by the server (through contract/bookings.ts, which has the wire schemas), the event page
 * and the admin area, without zod, so a public page's code carries no wire schemas.
 * Bookings are personal data (docs/behaviour.md): kept until BOOKING_DEFAULTS.keepMonths after the event.
 */
import { isPhoneShape } from './membership-application';
import type { FieldErrors } from './validation';

export { BOOKING_FORM_ANCHOR, BOOKING_PAGES, bookingPagePath } from './booking-pages';

/** What a site starts with before its administrators change anything. */
export const BOOKING_DEFAULTS = {
  /** Up to how many places one booking may take. */
  maxPlacesPerBooking: 2,
  /** The reminder is sent the day before the event at this wall-clock time ('HH:mm'). */
  reminderTime: '10:00',
  /** The zone the reminder time and closing times are read in. */
  timeZone: 'Europe/Dublin',
  /** Bookings are deleted this many months after their event. */
  keepMonths: 3,
} as const;

/** Longest values and largest numbers, in UTF-16 units like an input's maxLength, so form, server and storage agree. */
export const BOOKING_LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  answer: 1_000,
  question: 300,
  /** Most places an event may offer. */
  places: 100_000,
  /** Most places one booking may ever be allowed to take. */
  maxPlacesPerBooking: 50,
  /** The message sent to everyone when an event is cancelled. */
  cancelMessage: 2_000,
  /** Longest retention an administrator may choose. */
  keepMonths: 24,
} as const;

/**
 * A booking's place in line: 'booked' holds its places, 'waiting' is on the waiting list in the
 * order it came, 'cancelled' holds nothing (by the person, the organiser, or with the event).
 */
export type BookingStatus = 'booked' | 'waiting' | 'cancelled';

/** Where a booking came from: the event page, or the organiser taking it by phone. */
export type BookingSource = 'online' | 'phone';

/** What an organiser sets for one event that takes bookings (none set: the event takes no bookings). */
export interface BookingSettings {
  /** How many places there are; null for no limit (then there is never a waiting list). */
  readonly places: number | null;
  /**
   * When bookings close, as the wall-clock time in BookingGlobalSettings.timeZone
   * ('2026-09-11T17:00'); '' for when the event starts.
   */
  readonly closesAt: string;
  /** Up to how many places one booking may take (BOOKING_DEFAULTS.maxPlacesPerBooking). */
  readonly maxPlacesPerBooking: number;
  /** An optional question for everyone booking ('Any dietary or access needs?'); '' for none. */
  readonly question: string;
}

/** @public What the admin form starts from for an event that takes no bookings yet. */
export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  places: null,
  closesAt: '',
  maxPlacesPerBooking: BOOKING_DEFAULTS.maxPlacesPerBooking,
  question: '',
};

/** The site's settings for every event's bookings. */
export interface BookingGlobalSettings {
  /** 'HH:mm': the day before the event, reminders are sent at this time. */
  readonly reminderTime: string;
  /** The IANA zone reminder and closing times are read in; Europe/Dublin unless configured. */
  readonly timeZone: string;
  /** Bookings are deleted this many months after their event (1 to BOOKING_LIMITS.keepMonths). */
  readonly keepMonths: number;
}

/**
 * Whether the event page's form can be sent, and where it leads:
 * 'open' books places; 'waiting-list' (fully booked) puts the booking on the waiting list;
 * 'closed' (past the closing time), 'event-cancelled' and 'event-over' take nothing.
 */
export type BookingState = 'open' | 'waiting-list' | 'closed' | 'event-cancelled' | 'event-over';

/** What the event page shows about booking, for an event that takes bookings. */
export interface BookingAvailability {
  /** The event's id in addresses (its file name without '.pdf'). */
  readonly eventId: string;
  readonly state: BookingState;
  /** Null for no limit. */
  readonly places: number | null;
  /** Null for no limit; 0 when fully booked. */
  readonly placesLeft: number | null;
  /** The most places the form may ask for now: the per-booking limit (not cut by places left: the rest wait). */
  readonly maxPlacesPerBooking: number;
  /** '' for no question. */
  readonly question: string;
  /** ISO 8601 with offset: when bookings close; null for when the event starts and no start is known. */
  readonly closesAt: string | null;
  /** 'Friday 11 September 2026, 5pm', or null. */
  readonly closesAtText: string | null;
  /** The line the page shows: '12 places left', 'Fully booked — join the waiting list', or why it is closed. */
  readonly summary: string;
}

/** The booking form's fields as sent. Optional fields are '' when not given. */
export interface BookingRequest {
  readonly name: string;
  /** At least one of e-mail and phone. */
  readonly email: string;
  readonly phone: string;
  readonly places: number;
  /** The answer to the event's question; '' without one. */
  readonly answer: string;
  /** The hidden field people leave empty. */
  readonly website?: string;
}

/** What a person who has just booked is shown (and sent by e-mail when they gave an address). */
export interface BookingConfirmation {
  readonly eventId: string;
  readonly eventTitle: string;
  /** 'Saturday 12 September 2026, 2.30pm', or 'Unknown Date'. */
  readonly when: string;
  /** 'Parish Hall, Athlone', or 'Unknown Location'. */
  readonly where: string;
  /** 'booked', or 'waiting' when the booking went on the waiting list. */
  readonly status: 'booked' | 'waiting';
  readonly places: number;
  readonly name: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly answer: string;
  /** Whether a confirmation e-mail is on its way (an e-mail address was given and mail is set up). */
  readonly emailed: boolean;
  /** The page whose button cancels this booking (its token in the address). */
  readonly cancelHref: string;
  /** The event's .ics file; null where the event has no date. */
  readonly calendarHref: string | null;
  /** The heading line: BOOKING_MESSAGES.booked(places) or BOOKING_MESSAGES.waiting. */
  readonly message: string;
}

/** One booking as its cancel page shows it (named by the token in the page's address). */
export interface BookingByToken {
  readonly eventId: string;
  readonly eventTitle: string;
  readonly when: string;
  readonly status: BookingStatus;
  readonly places: number;
  readonly name: string;
  /** Whether the event itself was cancelled. */
  readonly eventCancelled: boolean;
}

/** One booking as the organiser sees it. */
export interface AdminBooking {
  readonly id: string;
  readonly status: BookingStatus;
  readonly source: BookingSource;
  readonly name: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly places: number;
  readonly answer: string;
  /** ISO 8601: when it came in (the waiting list's order). */
  readonly bookedAt: string;
  /** 1 for the first on the waiting list; null unless waiting. */
  readonly waitingPosition: number | null;
  /** When it moved up from the waiting list (by itself or by the organiser); null if never. */
  readonly promotedAt: string | null;
  /** Moved up without an e-mail address, so the organiser must phone them; false once marked phoned. */
  readonly toPhone: boolean;
  readonly cancelledAt: string | null;
  /** 'person' (their cancel page), 'organiser', or 'event' (the whole event was cancelled). */
  readonly cancelledBy: 'person' | 'organiser' | 'event' | null;
}

/** Places and bookings of one event, for the events list ('12 of 40') and the bookings page. */
export interface BookingCounts {
  /** Places held by 'booked' bookings. */
  readonly bookedPlaces: number;
  readonly bookings: number;
  /** Places asked for by waiting bookings. */
  readonly waitingPlaces: number;
  readonly waiting: number;
  /** Null for no limit. */
  readonly places: number | null;
  /** Bookings moved up without e-mail that the organiser has not yet phoned. */
  readonly toPhone: number;
}

/** One event that takes bookings, as the admin events list shows it. */
export interface EventBookingSummary {
  /** The event file's full path ('events/Summer Lunch.pdf'): what settings are kept by. */
  readonly eventPath: string;
  readonly eventId: string;
  readonly counts: BookingCounts;
  /** ISO 8601 when the event was cancelled; null otherwise. */
  readonly cancelledAt: string | null;
  /** '12 of 40', '12 booked' for no limit, with ', 3 waiting' when any wait. */
  readonly countText: string;
}

/** Every booking of one event (cancelled ones too), for the bookings page and the list at the door. */
export interface EventBookings extends EventBookingSummary {
  readonly eventTitle: string;
  readonly when: string;
  readonly settings: BookingSettings;
  /** Booked first, in the order they came; then waiting in order; then cancelled. */
  readonly bookings: readonly AdminBooking[];
  /** Downloads the list as CSV (administrators only). */
  readonly csvHref: string;
}

/** A booking the organiser takes by phone: the same fields, no honeypot; places past the per-booking limit are allowed. */
export type PhoneBookingRequest = Omit<BookingRequest, 'website'>;

/** What cancelling a whole event did. */
export interface EventCancellation {
  /** How many bookings (booked or waiting) are told by e-mail. */
  readonly emailed: number;
  /** Those without an e-mail address, for the organiser to phone. */
  readonly toPhone: readonly AdminBooking[];
}

export type BookingField = 'name' | 'email' | 'phone' | 'places' | 'answer';

/** @public The fields in the order the form shows them, for the error summary. */
export const BOOKING_FIELDS: readonly BookingField[] = ['name', 'email', 'phone', 'places', 'answer'];

export const BOOKING_MESSAGES = {
  name: 'Please enter your name, for example Mary Byrne.',
  nameTooLong: `Please keep your name to ${BOOKING_LIMITS.name} characters or fewer.`,
  email: 'Please enter a valid e-mail address, like name@example.org, or leave it empty and give a phone number.',
  phone: 'Please enter a phone number using numbers, spaces and + only, like 01 234 5678.',
  contactNeeded: 'Please give an e-mail address or a phone number, so we can tell you if anything changes.',
  places: (max: number) => (max === 1 ? 'Each booking is for 1 place.' : `Please choose between 1 and ${max} places.`),
  answerTooLong: `Please keep your answer to ${BOOKING_LIMITS.answer} characters or fewer.`,
  checkFields: 'Some details need a change. Please look at the messages beside them.',
  booked: (places: number) => `Your booking is confirmed: ${places === 1 ? '1 place' : `${places} places`}.`,
  waiting: 'The event is fully booked, so you are on the waiting list. If a place frees up, we will tell you.',
  alreadyBooked:
    'There is already a booking for this event with this e-mail address or phone number. If it is yours, the confirmation e-mail has a link to cancel it. To change it, cancel it and book again, or contact us.',
  closed: 'Bookings for this event have closed.',
  eventCancelled: 'This event has been cancelled, so it takes no bookings.',
  eventOver: 'This event has already taken place.',
  notOffered: 'This event does not take bookings on the website.',
  tooManyForAddress: 'Several bookings with this e-mail address or phone number came in the last hour. Please wait a while before trying again.',
  tooManyFromConnection:
    'A great many bookings have come from your internet connection in the last hour. Please wait a while before trying again.',
  cancelLinkNotValid: 'This cancel link is not valid any more. The booking may have been deleted after the event. Please contact us if you need help.',
  cancelled: 'Your booking is cancelled. Thank you for letting us know.',
  alreadyCancelled: 'This booking was already cancelled.',
  bookingNotFound: 'This booking could not be found. It may have been deleted after the event.',
  notWaiting: 'This booking is not on the waiting list, so it cannot be moved up. Please reload the list to see it as it is now.',
  notToPhone: 'This person is not waiting for a phone call.',
  eventAlreadyCancelled: 'This event was already cancelled.',
  settingsPlaces: `Please give the number of places as a whole number from 1 to ${BOOKING_LIMITS.places}, or choose no limit.`,
  settingsMaxPlaces: `Please give the places one booking may take as a whole number from 1 to ${BOOKING_LIMITS.maxPlacesPerBooking}.`,
  settingsClosesAt: 'Please give the closing date and time, or leave it empty to close bookings when the event starts.',
  settingsQuestionTooLong: `Please keep the question to ${BOOKING_LIMITS.question} characters or fewer.`,
  reminderTime: 'Please give the reminder time as hours and minutes, like 10:00.',
  keepMonths: `Please give a whole number of months from 1 to ${BOOKING_LIMITS.keepMonths}.`,
  bookingsExist: 'This event has bookings, so it must keep taking them. Cancel the event instead to tell everyone.',
} as const;

/** The line the event page shows for places: '12 places left', '1 place left', or the full or closed wording. */
export function placesLeftText(state: BookingState, placesLeft: number | null): string {
  switch (state) {
    case 'closed':
      return BOOKING_MESSAGES.closed;
    case 'event-cancelled':
      return BOOKING_MESSAGES.eventCancelled;
    case 'event-over':
      return BOOKING_MESSAGES.eventOver;
    case 'waiting-list':
      return 'Fully booked — join the waiting list';
    case 'open':
      if (placesLeft === null) return 'Places available';
      return placesLeft === 1 ? '1 place left' : `${placesLeft} places left`;
  }
}

/** '12 of 40', or '12 booked' with no limit, then ', 3 waiting' when any wait. */
export function bookingCountText(counts: Pick<BookingCounts, 'bookedPlaces' | 'places' | 'waitingPlaces'>): string {
  const booked = counts.places === null ? `${counts.bookedPlaces} booked` : `${counts.bookedPlaces} of ${counts.places}`;
  return counts.waitingPlaces > 0 ? `${booked}, ${counts.waitingPlaces} waiting` : booked;
}

// Deliberately loose: one '@', no spaces, a dot in the domain. The mail server is the real judge.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Every field's message at once, the same on the event page and the server. `maxPlaces` is the
 * event's per-booking limit.
 */
export function validateBookingRequest(request: BookingRequest, maxPlaces: number): FieldErrors<BookingField> {
  const errors: FieldErrors<BookingField> = {};
  const name = request.name.trim();
  if (name === '') errors.name = BOOKING_MESSAGES.name;
  else if (name.length > BOOKING_LIMITS.name) errors.name = BOOKING_MESSAGES.nameTooLong;
  const email = request.email.trim();
  const phone = request.phone.trim();
  if (email !== '' && (email.length > BOOKING_LIMITS.email || !EMAIL_SHAPE.test(email))) errors.email = BOOKING_MESSAGES.email;
  if (phone !== '' && !isPhoneShape(phone)) errors.phone = BOOKING_MESSAGES.phone;
  if (email === '' && phone === '') errors.email = BOOKING_MESSAGES.contactNeeded;
  if (!Number.isInteger(request.places) || request.places < 1 || request.places > maxPlaces) errors.places = BOOKING_MESSAGES.places(maxPlaces);
  if (request.answer.trim().length > BOOKING_LIMITS.answer) errors.answer = BOOKING_MESSAGES.answerTooLong;
  return errors;
}

/**
 * @public The privacy page's words on bookings, for its view, with the retention the site keeps:
 * each paragraph is plain text for the page to show in order. `keptBy` names the outside service
 * that keeps them where the site has no server of its own (no reminders, no deleting by itself).
 */
export function bookingPrivacyParagraphs(keepMonths: number = BOOKING_DEFAULTS.keepMonths, keptBy?: string): readonly string[] {
  if (keptBy !== undefined) {
    return [
      'When you book a place at an event, we keep your name, the e-mail address or phone number you give, the number of places, your answer to the event’s question and when you booked. We use them only to run the event: to confirm your booking, tell you if a place frees up or the event changes, and give the organiser a list for the door.',
      `${keptBy} keeps your booking for us. You can cancel it at any time with the link in your confirmation e-mail, or ask us to show you or delete what we keep.`,
      'Only the association’s administrators see bookings.',
    ];
  }
  return [
    'When you book a place at an event, we keep your name, the e-mail address or phone number you give, the number of places, your answer to the event’s question and when you booked. We use them only to run the event: to confirm your booking, remind you the day before, tell you if a place frees up or the event changes, and give the organiser a list for the door.',
    `Your booking is deleted ${keepMonths} month${keepMonths === 1 ? '' : 's'} after the event. You can cancel it at any time with the link in your confirmation e-mail, or ask us to show you or delete what we keep.`,
    'Only the association’s administrators see bookings, and every look at them is recorded in our activity records.',
  ];
}
