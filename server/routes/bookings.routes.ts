import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BOOKING_CSV_COLUMNS,
  BOOKING_MESSAGES,
  BOOKING_PATHS,
  adminBookingSchema,
  bookingAddressDataSchema,
  bookingAddressQuerySchema,
  bookingAvailabilitySchema,
  bookingByTokenSchema,
  bookingConfirmationSchema,
  bookingGlobalSettingsSchema,
  bookingIdParamsSchema,
  bookingRequestSchema,
  bookingTokenBodySchema,
  bookingTokenQuerySchema,
  eventBookingSettingsBodySchema,
  eventBookingSummariesSchema,
  eventBookingsSchema,
  eventCancelRequestSchema,
  eventCancellationSchema,
  eventIdParamsSchema,
  eventPathQuerySchema,
  phoneBookingRequestSchema,
} from '../../contract/bookings';
import type { AdminBooking } from '../../src-core/domain/bookings';
import { fileInWords } from '../audit/audit-wording';
import { apiError } from '../http/api-error';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { adminAreaHooks, listedBranch, noStore, requireArea, requireRecordBranch } from '../plugins/auth.plugin';

/**
 * The public side of bookings (JSON): the event page's availability, booking, and the cancel
 * page's look-up and button. Nothing here is kept by a cache: places change with every booking.
 */
export async function bookingRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onSend', noStore);

  app.get(
    BOOKING_PATHS.availability,
    // null for an event that takes no bookings: the event page asks each time it is shown (places
    // change), and a 404 there would be an error in every visitor's console; 404 is for an unknown event.
    { schema: { params: eventIdParamsSchema, response: { 200: bookingAvailabilitySchema.nullable(), ...errorResponses } } },
    async (request) => app.bookingsService.availability(request.params.event),
  );

  app.post(
    BOOKING_PATHS.book,
    { schema: { params: eventIdParamsSchema, body: bookingRequestSchema, response: { 201: bookingConfirmationSchema, ...errorResponses } } },
    async (request, reply) => {
      const { body } = request;
      const outcome = await app.bookingsService.book(
        request.params.event,
        { name: body.name, email: body.email ?? '', phone: body.phone ?? '', places: body.places, answer: body.answer ?? '', website: body.website },
        request.ip,
      );
      if (outcome.id === undefined) request.log.info({ event: 'booking-honeypot' }, 'A booking filled the honeypot; dropped');
      else await app.audit.record(request, 'booking-received', `booking ${outcome.id}`, null);
      return reply.code(201).send(outcome.confirmation);
    },
  );

  app.get(
    BOOKING_PATHS.byToken,
    { schema: { querystring: bookingTokenQuerySchema, response: { 200: bookingByTokenSchema, ...errorResponses } } },
    async (request, reply) => {
      // The token stays on this site: no other site's link learns it.
      void reply.header('referrer-policy', 'same-origin');
      return app.bookingsService.findByToken(request.query.token);
    },
  );

  app.post(
    BOOKING_PATHS.cancel,
    { schema: { body: bookingTokenBodySchema, response: { 200: bookingByTokenSchema, ...errorResponses } } },
    async (request) => {
      const outcome = await app.bookingsService.cancelByToken(request.body.token);
      if (outcome.changed) await app.audit.record(request, 'booking-cancelled-by-person', `booking ${outcome.id}`, null);
      return outcome.booking;
    },
  );
}

/** A cell a spreadsheet would run as a formula is kept as text; quotes, commas and line breaks are quoted. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const STATUS_WORDS: Readonly<Record<AdminBooking['status'], string>> = { booked: 'Booked', waiting: 'Waiting', cancelled: 'Cancelled' };

function bookingsCsv(rows: readonly AdminBooking[]): string {
  const lines = rows.map((row) => [
    row.name,
    String(row.places),
    row.status === 'waiting' ? `Waiting (${row.waitingPosition ?? ''})` : STATUS_WORDS[row.status],
    row.answer,
    row.email ?? '',
    row.phone ?? '',
    row.bookedAt,
    row.source === 'phone' ? 'By phone' : 'Online',
    '',
  ]);
  return [[...BOOKING_CSV_COLUMNS], ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** 'summer-lunch-bookings.csv': a file name safe in a header whatever the title holds. */
function csvFileName(title: string): string {
  const base = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'event';
  return `${base.slice(0, 60)}-bookings.csv`;
}

/**
 * Bookings for administrators: the counts for the events list, one event's bookings and settings,
 * bookings taken by phone, cancelling one booking or the whole event, moving up from the waiting
 * list, the CSV, the site's reminder time and retention, and one address's access and erasure.
 * Every look at and change to people's bookings is recorded in the audit trail.
 */
export async function bookingAdminRoutes(app: ApiInstance): Promise<void> {
  // One event's bookings go with the event (a branch officer has their branch's); the site's
  // booking settings and one address's bookings across every event stay with 'content'.
  adminAreaHooks(app, 'news-and-events');
  const wholeSite = requireArea('content');
  const service = app.bookingsService;

  async function eventInWords(path: string): Promise<string> {
    const event = (await app.events.listing(app.clock(), '')).events.find((candidate) => candidate.file.fullPath === path);
    return fileInWords(path, event?.details?.title);
  }

  /** The branch of the event at `path`; null for a national event, or for no such event (the route then answers 404). */
  async function branchOfEvent(path: string): Promise<string | null> {
    if (!path.startsWith('events/')) return null;
    return (await app.events.find(path.slice('events/'.length)))?.branch?.id ?? null;
  }

  /** 403 for a branch officer when the event is not their branch's. */
  async function requireEventBranch(request: FastifyRequest, path: string): Promise<void> {
    if (listedBranch(request) === undefined) return;
    requireRecordBranch(request, 'news-and-events', await branchOfEvent(path));
  }

  /** 403 for a branch officer when the booking's event is not their branch's; a booking that is not there is the service's 404. */
  async function requireBookingBranch(request: FastifyRequest, id: string): Promise<void> {
    if (listedBranch(request) === undefined) return;
    const booking = /^[1-9][0-9]{0,14}$/.test(id) ? app.bookings.get(Number(id)) : undefined;
    if (booking !== undefined) await requireEventBranch(request, booking.event_path);
  }

  function bookingInWords(booking: AdminBooking): string {
    return `booking ${booking.id}`;
  }

  app.get(BOOKING_PATHS.summaries, { schema: { response: { 200: eventBookingSummariesSchema, ...errorResponses } } }, async (request) => {
    // Counts only, no person: not an entry of its own in the trail.
    const events = await service.summaries();
    const branch = listedBranch(request);
    if (branch === undefined) return { events };
    const listing = await app.events.listing(app.clock(), '');
    const ours = new Set(listing.events.filter((event) => event.branch?.id === branch).map((event) => event.file.fullPath));
    return { events: events.filter((summary) => ours.has(summary.eventPath)) };
  });

  app.get(
    BOOKING_PATHS.eventBookings,
    { schema: { querystring: eventPathQuerySchema, response: { 200: eventBookingsSchema, ...errorResponses } } },
    async (request) => {
      await requireEventBranch(request, request.query.path);
      const list = await service.eventBookings(request.query.path);
      await app.audit.record(request, 'bookings-read', `${list.bookings.length} bookings of ${await eventInWords(request.query.path)}`);
      return { ...list, bookings: [...list.bookings] };
    },
  );

  app.post(
    BOOKING_PATHS.eventBookings,
    { schema: { querystring: eventPathQuerySchema, body: phoneBookingRequestSchema, response: { 201: adminBookingSchema, ...errorResponses } } },
    async (request, reply) => {
      await requireEventBranch(request, request.query.path);
      const { body } = request;
      const booking = await service.addPhoneBooking(request.query.path, {
        name: body.name,
        email: body.email ?? '',
        phone: body.phone ?? '',
        places: body.places,
        answer: body.answer ?? '',
      });
      await app.audit.record(request, 'booking-added', `${bookingInWords(booking)} for ${await eventInWords(request.query.path)}`);
      return reply.code(201).send(booking);
    },
  );

  app.get(
    BOOKING_PATHS.eventSettings,
    { schema: { querystring: eventPathQuerySchema, response: { 200: eventBookingSettingsBodySchema, ...errorResponses } } },
    async (request) => {
      await requireEventBranch(request, request.query.path);
      return { settings: await service.settings(request.query.path) };
    },
  );

  app.put(
    BOOKING_PATHS.eventSettings,
    { schema: { querystring: eventPathQuerySchema, body: eventBookingSettingsBodySchema, response: { 200: eventBookingSettingsBodySchema, ...errorResponses } } },
    async (request) => {
      await requireEventBranch(request, request.query.path);
      const settings = await service.saveSettings(request.query.path, request.body.settings);
      const what = await eventInWords(request.query.path);
      await app.audit.record(request, 'booking-settings-changed', settings === null ? `${what}: bookings turned off` : what);
      return { settings };
    },
  );

  app.get(
    BOOKING_PATHS.eventExport,
    { schema: { querystring: eventPathQuerySchema, response: { 200: z.instanceof(Buffer), ...errorResponses } } },
    async (request, reply) => {
      await requireEventBranch(request, request.query.path);
      const { title, rows } = await service.exportRows(request.query.path);
      await app.audit.record(request, 'bookings-exported', `${rows.length} bookings of ${await eventInWords(request.query.path)}`);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(title)}"`)
        .send(Buffer.from(`\ufeff${bookingsCsv(rows)}`));
    },
  );

  app.post(
    BOOKING_PATHS.eventCancel,
    { schema: { querystring: eventPathQuerySchema, body: eventCancelRequestSchema, response: { 200: eventCancellationSchema, ...errorResponses } } },
    async (request) => {
      await requireEventBranch(request, request.query.path);
      const outcome = await service.cancelEvent(request.query.path, request.body.message);
      await app.audit.record(
        request,
        'event-cancelled',
        `${await eventInWords(request.query.path)}: ${outcome.emailed} told by e-mail, ${outcome.toPhone.length} to phone`,
      );
      return { emailed: outcome.emailed, toPhone: [...outcome.toPhone] };
    },
  );

  // Cancelling, giving a place and marking as phoned: one booking changed, the change in the trail.
  for (const [path, change, kind] of [
    [BOOKING_PATHS.bookingCancel, 'cancelBooking', 'booking-cancelled'],
    [BOOKING_PATHS.bookingMoveUp, 'moveUp', 'booking-moved-up'],
    [BOOKING_PATHS.bookingPhoned, 'markPhoned', 'booking-phoned'],
  ] as const) {
    app.post(path, { schema: { params: bookingIdParamsSchema, response: { 200: adminBookingSchema, ...errorResponses } } }, async (request) => {
      await requireBookingBranch(request, request.params.id);
      const booking = await service[change](request.params.id);
      await app.audit.record(request, kind, bookingInWords(booking));
      return booking;
    });
  }

  app.get(BOOKING_PATHS.settings, { onRequest: wholeSite, schema: { response: { 200: bookingGlobalSettingsSchema, ...errorResponses } } }, async () =>
    service.globalSettings(),
  );

  app.put(
    BOOKING_PATHS.settings,
    { onRequest: wholeSite, schema: { body: bookingGlobalSettingsSchema, response: { 200: bookingGlobalSettingsSchema, ...errorResponses } } },
    async (request) => {
      const saved = await service.saveGlobalSettings(request.body);
      await app.audit.record(request, 'booking-site-settings-changed', `reminders at ${saved.reminderTime}, kept ${saved.keepMonths} months after the event`);
      return saved;
    },
  );

  app.get(
    BOOKING_PATHS.addressData,
    { onRequest: wholeSite, schema: { querystring: bookingAddressQuerySchema, response: { 200: bookingAddressDataSchema, ...errorResponses } } },
    async (request) => {
      const bookings = await service.dataFor(request.query.email);
      if (bookings.length === 0) throw apiError(404, 'not-found', BOOKING_MESSAGES.bookingNotFound);
      // The trail names no address: only how many bookings were looked at.
      await app.audit.record(request, 'booking-data-read', `${bookings.length} bookings of one address`);
      return { bookings };
    },
  );

  app.delete(
    BOOKING_PATHS.addressData,
    { onRequest: wholeSite, schema: { querystring: bookingAddressQuerySchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const erased = await service.eraseFor(request.query.email);
      if (erased === 0) throw apiError(404, 'not-found', BOOKING_MESSAGES.bookingNotFound);
      await app.audit.record(request, 'booking-erased', `${erased} bookings of one address`);
      return reply.code(204).send(undefined);
    },
  );
}
