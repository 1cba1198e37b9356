import type {
  AdminBooking,
  BookingAvailability,
  BookingByToken,
  BookingConfirmation,
  BookingGlobalSettings,
  BookingRequest,
  BookingSettings,
  EventBookings,
  EventBookingSummary,
  EventCancellation,
  PhoneBookingRequest,
} from '../domain/bookings';

/**
 * Booking a place at an event, as the public pages use it: no account, a token for cancelling.
 * Events are named by their id (the file name without '.pdf'), as in their page's address.
 * Every method may throw CoreError 'unavailable'.
 */
export interface BookingsPort {
  /**
   * What the event page shows about booking; null when the event takes no bookings.
   * @throws CoreError 'not-found' for an unknown event.
   */
  availability(eventId: string, options?: { readonly signal?: AbortSignal }): Promise<BookingAvailability | null>;
  /**
   * Books places, or a place on the waiting list when too few are left.
   * @throws CoreError 'invalid-input' (with a message per field, or for closed bookings, a
   *   cancelled or finished event, or one that takes no bookings), 'conflict' when this e-mail
   *   address or phone number already booked this event, 'too-many-requests', 'not-found'.
   */
  book(eventId: string, request: BookingRequest): Promise<BookingConfirmation>;
  /**
   * The booking a cancel link names, for its page to show before the button is pressed.
   * @throws CoreError 'not-found' when the token names no booking (any more).
   */
  findByToken(token: string): Promise<BookingByToken>;
  /**
   * Cancels the booking the token names; resolves alike when it was already cancelled.
   * @throws CoreError 'not-found' when the token names no booking (any more).
   */
  cancel(token: string): Promise<BookingByToken>;
}

/**
 * Bookings in the admin area. Events are named by their file's full path ('events/Summer Lunch.pdf'),
 * as their details are. Every method needs an administrator session and may throw CoreError
 * 'not-authorised' or 'unavailable'; every read and change is recorded in the audit trail.
 */
export interface BookingsAdminPort {
  /** Every event that takes bookings, with its counts, for the events list ('12 of 40'). */
  listEventSummaries(): Promise<readonly EventBookingSummary[]>;
  /** The event's booking settings; null when it takes no bookings. @throws CoreError 'not-found'. */
  getSettings(eventPath: string): Promise<BookingSettings | null>;
  /**
   * Turns bookings on or changes them (settings), or off (null).
   * @throws CoreError 'invalid-input' (with fieldErrors), 'not-found', 'conflict' when turning
   *   off an event that has bookings.
   */
  saveSettings(eventPath: string, settings: BookingSettings | null): Promise<BookingSettings | null>;
  /** Every booking of one event with its counts. @throws CoreError 'not-found' (no such event, or no bookings taken). */
  listBookings(eventPath: string): Promise<EventBookings>;
  /**
   * A booking taken by phone: booked, or waiting when too few places are left; closing time
   * and per-booking limit do not apply.
   * @throws CoreError 'invalid-input', 'conflict' (same e-mail or phone), 'not-found'.
   */
  addPhoneBooking(eventPath: string, request: PhoneBookingRequest): Promise<AdminBooking>;
  /** Cancels one booking; a freed place goes to the first waiting. @throws CoreError 'not-found'. */
  cancelBooking(id: string): Promise<AdminBooking>;
  /**
   * Gives a waiting booking its places now, even past the limit (the organiser's decision).
   * @throws CoreError 'not-found', 'conflict' when it is not waiting.
   */
  moveUp(id: string): Promise<AdminBooking>;
  /** Marks a booking moved up without e-mail as phoned. @throws CoreError 'not-found', 'conflict'. */
  markPhoned(id: string): Promise<AdminBooking>;
  /**
   * Cancels the event: every booked and waiting person is told by e-mail (with `message`), and
   * those without e-mail are listed to phone. @throws CoreError 'not-found', 'conflict' when already cancelled.
   */
  cancelEvent(eventPath: string, message: string): Promise<EventCancellation>;
  /** The address that downloads one event's bookings as CSV. */
  csvHref(eventPath: string): string;
  getGlobalSettings(): Promise<BookingGlobalSettings>;
  /** @throws CoreError 'invalid-input' (with fieldErrors). */
  saveGlobalSettings(settings: BookingGlobalSettings): Promise<BookingGlobalSettings>;
}
