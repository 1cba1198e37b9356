import { z } from './zod';
import { isoDateTime, queuedMailSchema } from './wire';
import { BOOKING_LIMITS } from '../src-core/domain/bookings';

/**
 * Booking a place at an event: the public booking and cancelling, and the admin area's bookings,
 * settings and list at the door. Paths and wire shapes shared by the server and its clients; the
 * texts, types and rules live in the core (src-core/domain/bookings.ts).
 *
 * Public routes name an event by its id (the file name without '.pdf', encoded as one path
 * segment); admin routes by its file's full path in `?path=`, as the event details do.
 */
export const BOOKING_PATHS = {
  /** Public GET: the event's availability (`bookingAvailabilitySchema`), or 404 `not-found` when it takes no bookings. */
  availability: '/api/events/:event/booking',
  /** Public POST (JSON `bookingRequestSchema`): 201 with `bookingConfirmationSchema`. */
  book: '/api/events/:event/bookings',
  /** Public GET `?token=`: the booking a cancel link names (`bookingByTokenSchema`). */
  byToken: '/api/bookings/by-token',
  /** Public POST (JSON `{ token }`): cancels it; 200 with `bookingByTokenSchema`. */
  cancel: '/api/bookings/cancel',
  /** Admin GET: every event that takes bookings, with counts. */
  summaries: '/api/event-bookings/summaries',
  /** Admin GET `?path=`: the event's bookings; POST `?path=`: a booking taken by phone. */
  eventBookings: '/api/event-bookings',
  /** Admin GET and PUT `?path=`: the event's booking settings (`{ settings }`, null for none). */
  eventSettings: '/api/event-bookings/settings',
  /** Admin GET `?path=`: the event's bookings as CSV. */
  eventExport: '/api/event-bookings/export.csv',
  /** Admin POST `?path=` with `{ message }`: cancels the event and tells everyone. */
  eventCancel: '/api/event-bookings/cancel-event',
  /** Admin POST: cancels one booking. */
  bookingCancel: '/api/bookings/:id/cancel',
  /** Admin POST: moves a waiting booking up. */
  bookingMoveUp: '/api/bookings/:id/move-up',
  /** Admin POST: marks a booking moved up without e-mail as phoned. */
  bookingPhoned: '/api/bookings/:id/phoned',
  /** Admin GET and PUT: the reminder time, zone and retention (`bookingGlobalSettingsSchema`). */
  settings: '/api/booking-settings',
  /** Admin GET `?email=`: every booking of one address with its mail (an access request); DELETE erases them. */
  addressData: '/api/booking-data',
} as const;

export {
  BOOKING_DEFAULTS,
  BOOKING_FORM_ANCHOR,
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  BOOKING_PAGES,
  bookingPagePath,
} from '../src-core/domain/bookings';

/** @public For the adapters and fakes, which read these values off the wire. */
export const BOOKING_STATUSES = ['booked', 'waiting', 'cancelled'] as const;
/** @public For the adapters and fakes, which read these values off the wire. */
export const BOOKING_STATES = ['open', 'waiting-list', 'closed', 'event-cancelled', 'event-over'] as const;

export const eventIdParamsSchema = z.object({ event: z.string().min(1).max(2_000) });
export const bookingIdParamsSchema = z.object({ id: z.string().min(1).max(40) });
/** `?path=events/Name.pdf`: an event file's full path. */
export const eventPathQuerySchema = z.object({ path: z.string().min(1).max(2_000) });
export const bookingTokenQuerySchema = z.object({ token: z.string().min(1).max(200) });
export const bookingTokenBodySchema = z.object({ token: z.string().min(1).max(200) });

/** @public Both directions of the settings, for the adapters and fakes too. */
export const bookingSettingsSchema = z.object({
  places: z.number().int().nullable(),
  closesAt: z.string().max(40),
  maxPlacesPerBooking: z.number().int(),
  question: z.string().max(BOOKING_LIMITS.question * 2),
});
/** Both directions of `eventSettings`: null turns bookings off (GET: the event takes none). */
export const eventBookingSettingsBodySchema = z.object({ settings: bookingSettingsSchema.nullable() });

export const bookingGlobalSettingsSchema = z.object({
  reminderTime: z.string().max(5),
  timeZone: z.string().max(100),
  keepMonths: z.number().int(),
});

export const bookingAvailabilitySchema = z.object({
  eventId: z.string(),
  state: z.enum(BOOKING_STATES),
  places: z.number().int().nullable(),
  placesLeft: z.number().int().nullable(),
  maxPlacesPerBooking: z.number().int(),
  question: z.string(),
  closesAt: isoDateTime.nullable(),
  closesAtText: z.string().nullable(),
  summary: z.string(),
});

/** The form's fields as sent (JSON); the server's rules (validateBookingRequest) give each field its message. */
export const bookingRequestSchema = z.object({
  name: z.string().max(1_000),
  email: z.string().max(1_000).optional(),
  phone: z.string().max(100).optional(),
  places: z.number().int().min(0).max(BOOKING_LIMITS.places),
  answer: z.string().max(BOOKING_LIMITS.answer * 2).optional(),
  /** A hidden field people leave empty. */
  website: z.string().max(10_000).optional(),
});
/** @public For the adapters and fakes. */
export type WireBookingRequest = z.infer<typeof bookingRequestSchema>;

/** A booking taken by phone (admin): no honeypot. */
export const phoneBookingRequestSchema = bookingRequestSchema.omit({ website: true });

export const bookingConfirmationSchema = z.object({
  eventId: z.string(),
  eventTitle: z.string(),
  when: z.string(),
  where: z.string(),
  status: z.enum(['booked', 'waiting']),
  places: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  answer: z.string(),
  emailed: z.boolean(),
  cancelHref: z.string(),
  calendarHref: z.string().nullable(),
  message: z.string(),
});

export const bookingByTokenSchema = z.object({
  eventId: z.string(),
  eventTitle: z.string(),
  when: z.string(),
  status: z.enum(BOOKING_STATUSES),
  places: z.number().int(),
  name: z.string(),
  eventCancelled: z.boolean(),
});

export const adminBookingSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  source: z.enum(['online', 'phone']),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  places: z.number().int(),
  answer: z.string(),
  bookedAt: isoDateTime,
  waitingPosition: z.number().int().nullable(),
  promotedAt: isoDateTime.nullable(),
  toPhone: z.boolean(),
  cancelledAt: isoDateTime.nullable(),
  cancelledBy: z.enum(['person', 'organiser', 'event']).nullable(),
});

/** @public For the adapters and fakes. */
export const bookingCountsSchema = z.object({
  bookedPlaces: z.number().int(),
  bookings: z.number().int(),
  waitingPlaces: z.number().int(),
  waiting: z.number().int(),
  places: z.number().int().nullable(),
  toPhone: z.number().int(),
});

/** @public For the adapters and fakes. */
export const eventBookingSummarySchema = z.object({
  eventPath: z.string(),
  eventId: z.string(),
  counts: bookingCountsSchema,
  cancelledAt: isoDateTime.nullable(),
  countText: z.string(),
});

export const eventBookingSummariesSchema = z.object({ events: z.array(eventBookingSummarySchema) });

export const eventBookingsSchema = eventBookingSummarySchema.extend({
  eventTitle: z.string(),
  when: z.string(),
  settings: bookingSettingsSchema,
  bookings: z.array(adminBookingSchema),
  csvHref: z.string(),
});

export const eventCancelRequestSchema = z.object({ message: z.string().max(BOOKING_LIMITS.cancelMessage * 2) });
export const eventCancellationSchema = z.object({ emailed: z.number().int(), toPhone: z.array(adminBookingSchema) });

export const bookingAddressQuerySchema = z.object({ email: z.string().min(1).max(1_000) });

/** Everything stored about one address's bookings: each with its event's title and its mail. */
export const bookingAddressDataSchema = z.object({
  bookings: z.array(z.object({ event: z.string(), booking: adminBookingSchema, mail: z.array(queuedMailSchema) })),
});

/** The columns of the CSV export, in order ('Tick' is left empty for the door). */
export const BOOKING_CSV_COLUMNS = ['Name', 'Places', 'Status', 'Answer', 'E-mail', 'Phone', 'Booked at', 'How', 'Tick'] as const;

/** @public The public availability or booking address of one event, for the http adapter. */
export function eventBookingApiPath(which: 'availability' | 'book', eventId: string): string {
  return BOOKING_PATHS[which].replace(':event', encodeURIComponent(eventId));
}

/** @public An admin address for one event, by its file's full path, for the http adapter. */
export function eventBookingsApiPath(which: 'eventBookings' | 'eventSettings' | 'eventExport' | 'eventCancel', eventPath: string): string {
  return `${BOOKING_PATHS[which]}?path=${encodeURIComponent(eventPath)}`;
}

/** @public An admin action on one booking, for the http adapter. */
export function bookingActionPath(action: 'cancel' | 'move-up' | 'phoned', id: string): string {
  const path = action === 'cancel' ? BOOKING_PATHS.bookingCancel : action === 'move-up' ? BOOKING_PATHS.bookingMoveUp : BOOKING_PATHS.bookingPhoned;
  return path.replace(':id', encodeURIComponent(id));
}
