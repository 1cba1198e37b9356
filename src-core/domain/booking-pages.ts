// Alone in its file: the route table is in every page's first load, and needs only these
// addresses, not the booking form's texts (src-core/domain/bookings.ts).

/**
 * The booking pages, and where the booking and cancel forms post when script has not run
 * (Post/Redirect/Get). ':event' is the event's id, as in '/events/:event'.
 */
export const BOOKING_PAGES = {
  /** POST only: the event page's booking form without script. Refused, back to '/events/:event?outcome=…#booking'. */
  book: '/events/:event/book',
  /** The confirmation page after a booking posted without script: '?outcome=' names it. */
  booked: '/events/:event/booked',
  /** GET with '?token=': the booking and a button; the button POSTs the token (a form field) here. */
  cancel: '/bookings/cancel',
  /** Where a cancel posted without script leads: '?outcome=' names what was cancelled. */
  cancelled: '/bookings/cancelled',
} as const;

/** The id of the booking form on the event page, for the address a refused form comes back to. */
export const BOOKING_FORM_ANCHOR = 'booking';

/** A booking page of one event: bookingPagePath('book', 'Summer Lunch') is '/events/Summer%20Lunch/book'. */
export function bookingPagePath(page: 'book' | 'booked', eventId: string): string {
  return BOOKING_PAGES[page].replace(':event', encodeURIComponent(eventId));
}
