/**
 * The self-hosted server's booking routes, as the MSW fake answers them (mocks/self-hosted-api.ts
 * holds the state and the sign-in): availability, booking with the server's rules, cancelling by
 * token, and every admin route. Mail is not sent here: a booking with an e-mail address counts
 * as e-mailed when the fake says mail is set up.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { API_MESSAGES } from '../contract/api-messages';
import type { ApiHelpers } from './self-hosted-api';
import {
  BOOKING_MESSAGES,
  BOOKING_PAGES,
  BOOKING_PATHS,
  bookingGlobalSettingsSchema,
  bookingRequestSchema,
  bookingTokenBodySchema,
  eventBookingSettingsBodySchema,
  eventCancelRequestSchema,
  phoneBookingRequestSchema,
  type WireBookingRequest,
} from '../contract/bookings';
import {
  bookingCountText,
  placesLeftText,
  validateBookingRequest,
  type AdminBooking,
  type BookingAvailability,
  type BookingByToken,
  type BookingCounts,
  type BookingGlobalSettings,
  type BookingSettings,
  type BookingState,
  type EventBookingSummary,
} from '../src-core/domain/bookings';
import { eventCalendarPath, eventIdOf, summariseEvent, type EventSummary, type ListedEvent } from '../src-core/domain/event-listing';
import { hasErrors } from '../src-core/domain/validation';

/** One booking as the fake keeps it: what the organiser sees, its event and its cancel token. */
export interface MockBooking extends AdminBooking {
  readonly eventPath: string;
  readonly token: string;
}

export interface BookingsState {
  /** Booking settings by event file path ('events/Summer Outing.pdf'); an event without any takes no bookings. */
  bookingSettings: Record<string, BookingSettings>;
  bookings: MockBooking[];
  /** When each cancelled event was cancelled, by its file path. */
  cancelledEvents: Record<string, string>;
  bookingGlobalSettings: BookingGlobalSettings;
  emailSetUp: boolean;
  now: () => Date;
}

interface Helpers extends ApiHelpers {
  /** Every event file with its details, as the events listing has them. */
  readonly events: () => readonly { readonly path: string; readonly event: ListedEvent }[];
  readonly timeZone: () => string;
}

/** A booking as the form leaves it, for seeding tests. */
export function sampleBooking(overrides: Partial<MockBooking> = {}): MockBooking {
  return {
    id: '1',
    eventPath: 'events/Summer Outing.pdf',
    token: 'token-1',
    status: 'booked',
    source: 'online',
    name: 'Mary Byrne',
    email: 'mary@example.org',
    phone: null,
    places: 2,
    answer: '',
    bookedAt: '2026-03-02T10:00:00.000Z',
    waitingPosition: null,
    promotedAt: null,
    toPhone: false,
    cancelledAt: null,
    cancelledBy: null,
    ...overrides,
  };
}

const ORDER: Readonly<Record<AdminBooking['status'], number>> = { booked: 0, waiting: 1, cancelled: 2 };

export function bookingsHandlers(state: BookingsState, helpers: Helpers): HttpHandler[] {
  const { forAdministrator, fail, jsonBody } = helpers;
  let nextId = state.bookings.reduce((max, one) => Math.max(max, Number(one.id) || 0), 0) + 1;

  const byId = (id: string) => {
    const found = helpers.events().find(({ event }) => eventIdOf(event.file.name) === id);
    return found === undefined ? undefined : { ...found, summary: summariseEvent(found.event, helpers.timeZone(), state.now().getTime()) };
  };
  const byPath = (path: string | null) => {
    const found = helpers.events().find((one) => one.path === path);
    return found === undefined ? undefined : byId(eventIdOf(found.event.file.name));
  };
  const of = (path: string) => state.bookings.filter((one) => one.eventPath === path);
  const counts = (path: string): BookingCounts => {
    const bookings = of(path);
    const sum = (list: readonly MockBooking[]) => list.reduce((total, one) => total + one.places, 0);
    const booked = bookings.filter((one) => one.status === 'booked');
    const waiting = bookings.filter((one) => one.status === 'waiting');
    return {
      bookedPlaces: sum(booked),
      bookings: booked.length,
      waitingPlaces: sum(waiting),
      waiting: waiting.length,
      places: state.bookingSettings[path]?.places ?? null,
      toPhone: bookings.filter((one) => one.toPhone).length,
    };
  };
  const placesLeft = (path: string): number | null => {
    const { places, bookedPlaces } = counts(path);
    return places === null ? null : Math.max(0, places - bookedPlaces);
  };
  const closesAt = (settings: BookingSettings, summary: EventSummary): number | null =>
    settings.closesAt === '' ? summary.startsAt : Date.parse(`${settings.closesAt}:00Z`);
  const bookingState = (path: string, summary: EventSummary): BookingState => {
    const settings = state.bookingSettings[path];
    if (state.cancelledEvents[path] !== undefined) return 'event-cancelled';
    if (summary.status === 'past') return 'event-over';
    const closing = settings === undefined ? null : closesAt(settings, summary);
    if (closing !== null && state.now().getTime() >= closing) return 'closed';
    return placesLeft(path) === 0 ? 'waiting-list' : 'open';
  };
  const renumber = (path: string) => {
    let position = 0;
    state.bookings = state.bookings.map((one) => {
      if (one.eventPath !== path) return one;
      if (one.status !== 'waiting') return { ...one, waitingPosition: null };
      position += 1;
      return { ...one, waitingPosition: position };
    });
  };
  const change = (changed: MockBooking) => {
    state.bookings = state.bookings.map((one) => (one.id === changed.id ? changed : one));
    renumber(changed.eventPath);
    return state.bookings.find((one) => one.id === changed.id) ?? changed;
  };
  /** A freed place goes to the first waiting, if their places fit; told by e-mail, or listed to phone. */
  const promote = (path: string) => {
    const first = of(path).find((one) => one.status === 'waiting');
    const left = placesLeft(path);
    if (first === undefined || (left !== null && left < first.places)) return;
    change({ ...first, status: 'booked', promotedAt: state.now().toISOString(), toPhone: first.email === null });
  };
  const adminView = (booking: MockBooking): AdminBooking => {
    const { eventPath: _path, token: _token, ...rest } = booking;
    return rest;
  };
  const byToken = (booking: MockBooking): BookingByToken => {
    const event = byPath(booking.eventPath);
    return {
      eventId: event?.summary.id ?? '',
      eventTitle: event?.summary.title ?? '',
      when: event?.summary.when ?? '',
      status: booking.status,
      places: booking.places,
      name: booking.name,
      eventCancelled: state.cancelledEvents[booking.eventPath] !== undefined,
    };
  };
  const summary = (path: string, eventId: string): EventBookingSummary => {
    const count = counts(path);
    return { eventPath: path, eventId, counts: count, cancelledAt: state.cancelledEvents[path] ?? null, countText: bookingCountText(count) };
  };
  const clash = (path: string, request: WireBookingRequest) =>
    of(path).some(
      (one) =>
        one.status !== 'cancelled' &&
        ((request.email !== undefined && one.email?.toLowerCase() === request.email.toLowerCase()) ||
          (request.phone !== undefined && one.phone?.replace(/\D/g, '') === request.phone.replace(/\D/g, ''))),
    );
  const invalidFields = (errors: Record<string, string | undefined>) =>
    fail('invalid-input', BOOKING_MESSAGES.checkFields, 400, {
      fieldErrors: Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    });
  const add = (path: string, request: WireBookingRequest, source: 'online' | 'phone'): MockBooking => {
    const left = placesLeft(path);
    const waiting = state.cancelledEvents[path] === undefined && left !== null && (left < request.places || of(path).some((one) => one.status === 'waiting'));
    const id = String(nextId++);
    const booking: MockBooking = {
      ...sampleBooking(),
      id,
      eventPath: path,
      token: `token-${id}`,
      status: waiting ? 'waiting' : 'booked',
      source,
      name: request.name.trim(),
      email: request.email?.trim() ?? null,
      phone: request.phone?.trim() ?? null,
      places: request.places,
      answer: request.answer?.trim() ?? '',
      bookedAt: state.now().toISOString(),
    };
    state.bookings = [...state.bookings, booking];
    renumber(path);
    return state.bookings.find((one) => one.id === id) ?? booking;
  };
  const actOn = (action: (booking: MockBooking) => Response) => forAdministrator(({ params }: { params: Record<string, unknown> }) => {
    const booking = state.bookings.find((one) => one.id === params.id);
    if (booking === undefined) return fail('not-found', BOOKING_MESSAGES.bookingNotFound, 404);
    return action(booking);
  });
  const pathOf = (request: Request) => new URL(request.url).searchParams.get('path');

  return [
    http.get(`*${BOOKING_PATHS.availability}`, ({ params }) => {
      const event = byId(String(params.event));
      const settings = event === undefined ? undefined : state.bookingSettings[event.path];
      if (event === undefined) return fail('not-found', API_MESSAGES.eventNotFound, 404);
      if (settings === undefined) return HttpResponse.json(null);
      const bookingNow = bookingState(event.path, event.summary);
      const closing = closesAt(settings, event.summary);
      const left = placesLeft(event.path);
      const availability: BookingAvailability = {
        eventId: event.summary.id,
        state: bookingNow,
        places: settings.places,
        placesLeft: left,
        maxPlacesPerBooking: settings.maxPlacesPerBooking,
        question: settings.question,
        closesAt: closing === null ? null : new Date(closing).toISOString(),
        closesAtText: closing === null ? null : settings.closesAt === '' ? event.summary.when : settings.closesAt.replace('T', ', '),
        summary: placesLeftText(bookingNow, left),
      };
      return HttpResponse.json(availability);
    }),

    http.post(`*${BOOKING_PATHS.book}`, async ({ params, request }) => {
      const body = bookingRequestSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', BOOKING_MESSAGES.checkFields, 400);
      const event = byId(String(params.event));
      const settings = event === undefined ? undefined : state.bookingSettings[event.path];
      if (event === undefined || settings === undefined) return fail('invalid-input', BOOKING_MESSAGES.notOffered, 400);
      const now = bookingState(event.path, event.summary);
      if (now === 'closed' || now === 'event-cancelled' || now === 'event-over') return fail('invalid-input', placesLeftText(now, null), 400);
      const request_ = body.data;
      const errors = validateBookingRequest(
        { name: request_.name, email: request_.email ?? '', phone: request_.phone ?? '', places: request_.places, answer: request_.answer ?? '' },
        settings.maxPlacesPerBooking,
      );
      if (hasErrors(errors)) return invalidFields(errors);
      if (clash(event.path, request_)) return fail('conflict', BOOKING_MESSAGES.alreadyBooked, 409);
      const booking = add(event.path, request_, 'online');
      const emailed = booking.email !== null && state.emailSetUp;
      return HttpResponse.json(
        {
          eventId: event.summary.id,
          eventTitle: event.summary.title,
          when: event.summary.when,
          where: event.summary.where,
          status: booking.status === 'waiting' ? 'waiting' : 'booked',
          places: booking.places,
          name: booking.name,
          email: booking.email,
          phone: booking.phone,
          answer: booking.answer,
          emailed,
          cancelHref: `${BOOKING_PAGES.cancel}?token=${encodeURIComponent(booking.token)}`,
          calendarHref: event.summary.start === null ? null : eventCalendarPath(event.summary.id),
          message: booking.status === 'waiting' ? BOOKING_MESSAGES.waiting : BOOKING_MESSAGES.booked(booking.places),
        },
        { status: 201 },
      );
    }),

    http.get(`*${BOOKING_PATHS.byToken}`, ({ request }) => {
      const token = new URL(request.url).searchParams.get('token');
      const booking = state.bookings.find((one) => one.token === token);
      if (booking === undefined) return fail('not-found', BOOKING_MESSAGES.cancelLinkNotValid, 404);
      return HttpResponse.json(byToken(booking));
    }),

    http.post(`*${BOOKING_PATHS.cancel}`, async ({ request }) => {
      const body = bookingTokenBodySchema.safeParse(await jsonBody(request));
      const booking = body.success ? state.bookings.find((one) => one.token === body.data.token) : undefined;
      if (booking === undefined) return fail('not-found', BOOKING_MESSAGES.cancelLinkNotValid, 404);
      if (booking.status === 'cancelled') return HttpResponse.json(byToken(booking));
      const cancelled = change({ ...booking, status: 'cancelled', cancelledAt: state.now().toISOString(), cancelledBy: 'person', waitingPosition: null, toPhone: false });
      promote(booking.eventPath);
      return HttpResponse.json(byToken(cancelled));
    }),

    http.get(`*${BOOKING_PATHS.summaries}`, forAdministrator(() => {
      const events = helpers
        .events()
        .filter(({ path }) => state.bookingSettings[path] !== undefined)
        .map(({ path, event }) => summary(path, eventIdOf(event.file.name)));
      return HttpResponse.json({ events });
    })),

    http.get(`*${BOOKING_PATHS.eventSettings}`, forAdministrator(({ request }) => {
      const event = byPath(pathOf(request));
      if (event === undefined) return fail('not-found', BOOKING_MESSAGES.bookingNotFound, 404);
      return HttpResponse.json({ settings: state.bookingSettings[event.path] ?? null });
    })),

    http.put(`*${BOOKING_PATHS.eventSettings}`, forAdministrator(async ({ request }) => {
      const body = eventBookingSettingsBodySchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', BOOKING_MESSAGES.checkFields, 400);
      const event = byPath(pathOf(request));
      if (event === undefined) return fail('not-found', BOOKING_MESSAGES.bookingNotFound, 404);
      const { settings } = body.data;
      if (settings === null) {
        if (of(event.path).some((one) => one.status !== 'cancelled')) return fail('conflict', BOOKING_MESSAGES.bookingsExist, 409);
        const { [event.path]: _dropped, ...rest } = state.bookingSettings;
        state.bookingSettings = rest;
        return HttpResponse.json({ settings: null });
      }
      const errors: Record<string, string | undefined> = {
        places: settings.places !== null && (settings.places < 1 || settings.places > 100_000) ? BOOKING_MESSAGES.settingsPlaces : undefined,
        maxPlacesPerBooking: settings.maxPlacesPerBooking < 1 || settings.maxPlacesPerBooking > 50 ? BOOKING_MESSAGES.settingsMaxPlaces : undefined,
        closesAt: settings.closesAt !== '' && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(settings.closesAt) ? BOOKING_MESSAGES.settingsClosesAt : undefined,
        question: settings.question.length > 300 ? BOOKING_MESSAGES.settingsQuestionTooLong : undefined,
      };
      if (Object.values(errors).some((message) => message !== undefined)) return invalidFields(errors);
      const kept = { ...settings, question: settings.question.trim() };
      state.bookingSettings = { ...state.bookingSettings, [event.path]: kept };
      return HttpResponse.json({ settings: kept });
    })),

    http.get(`*${BOOKING_PATHS.eventExport}`, forAdministrator(({ request }) => {
      const path = pathOf(request) ?? '';
      const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
      const rows = of(path).map((one) =>
        [one.name, String(one.places), one.status, one.answer, one.email ?? '', one.phone ?? '', one.bookedAt, one.source, ''].map(quote).join(','),
      );
      const csv = ['Name,Places,Status,Answer,E-mail,Phone,Booked at,How,Tick', ...rows].join('\r\n');
      return new HttpResponse(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    })),

    http.get(`*${BOOKING_PATHS.eventBookings}`, forAdministrator(({ request }) => {
      const event = byPath(pathOf(request));
      const settings = event === undefined ? undefined : state.bookingSettings[event.path];
      if (event === undefined || settings === undefined) return fail('not-found', BOOKING_MESSAGES.notOffered, 404);
      const bookings = of(event.path)
        .map(adminView)
        .sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.bookedAt.localeCompare(b.bookedAt));
      return HttpResponse.json({
        ...summary(event.path, event.summary.id),
        eventTitle: event.summary.title,
        when: event.summary.when,
        settings,
        bookings,
        csvHref: `${BOOKING_PATHS.eventExport}?path=${encodeURIComponent(event.path)}`,
      });
    })),

    http.post(`*${BOOKING_PATHS.eventBookings}`, forAdministrator(async ({ request }) => {
      const body = phoneBookingRequestSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', BOOKING_MESSAGES.checkFields, 400);
      const event = byPath(pathOf(request));
      if (event === undefined || state.bookingSettings[event.path] === undefined) return fail('not-found', BOOKING_MESSAGES.notOffered, 404);
      const data = body.data;
      const errors = validateBookingRequest(
        { name: data.name, email: data.email ?? '', phone: data.phone ?? '', places: data.places, answer: data.answer ?? '' },
        50,
      );
      if (hasErrors(errors)) return invalidFields(errors);
      if (clash(event.path, data)) return fail('conflict', BOOKING_MESSAGES.alreadyBooked, 409);
      return HttpResponse.json(adminView(add(event.path, data, 'phone')), { status: 201 });
    })),

    http.post(`*${BOOKING_PATHS.eventCancel}`, forAdministrator(async ({ request }) => {
      const body = eventCancelRequestSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', BOOKING_MESSAGES.checkFields, 400);
      const event = byPath(pathOf(request));
      if (event === undefined) return fail('not-found', BOOKING_MESSAGES.notOffered, 404);
      if (state.cancelledEvents[event.path] !== undefined) return fail('conflict', BOOKING_MESSAGES.eventAlreadyCancelled, 409);
      const at = state.now().toISOString();
      const told = of(event.path).filter((one) => one.status !== 'cancelled');
      state.cancelledEvents = { ...state.cancelledEvents, [event.path]: at };
      for (const one of told) change({ ...one, status: 'cancelled', cancelledAt: at, cancelledBy: 'event', toPhone: false });
      return HttpResponse.json({
        emailed: told.filter((one) => one.email !== null).length,
        toPhone: told.filter((one) => one.email === null).map((one) => adminView({ ...one, status: 'cancelled', cancelledAt: at, cancelledBy: 'event' })),
      });
    })),

    http.post(
      `*${BOOKING_PATHS.bookingCancel}`,
      actOn((booking) => {
        if (booking.status === 'cancelled') return HttpResponse.json(adminView(booking));
        const cancelled = change({ ...booking, status: 'cancelled', cancelledAt: state.now().toISOString(), cancelledBy: 'organiser', toPhone: false });
        promote(booking.eventPath);
        return HttpResponse.json(adminView(cancelled));
      }),
    ),

    http.post(
      `*${BOOKING_PATHS.bookingMoveUp}`,
      actOn((booking) => {
        if (booking.status !== 'waiting') return fail('conflict', BOOKING_MESSAGES.notWaiting, 409);
        return HttpResponse.json(
          adminView(change({ ...booking, status: 'booked', promotedAt: state.now().toISOString(), toPhone: booking.email === null })),
        );
      }),
    ),

    http.post(
      `*${BOOKING_PATHS.bookingPhoned}`,
      actOn((booking) => {
        if (!booking.toPhone) return fail('conflict', BOOKING_MESSAGES.notToPhone, 409);
        return HttpResponse.json(adminView(change({ ...booking, toPhone: false })));
      }),
    ),

    http.get(`*${BOOKING_PATHS.settings}`, forAdministrator(() => HttpResponse.json(state.bookingGlobalSettings))),

    http.put(`*${BOOKING_PATHS.settings}`, forAdministrator(async ({ request }) => {
      const body = bookingGlobalSettingsSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', BOOKING_MESSAGES.checkFields, 400);
      const errors: Record<string, string | undefined> = {
        reminderTime: /^([01]\d|2[0-3]):[0-5]\d$/.test(body.data.reminderTime) ? undefined : BOOKING_MESSAGES.reminderTime,
        keepMonths: body.data.keepMonths < 1 || body.data.keepMonths > 24 ? BOOKING_MESSAGES.keepMonths : undefined,
      };
      if (Object.values(errors).some((message) => message !== undefined)) return invalidFields(errors);
      state.bookingGlobalSettings = body.data;
      return HttpResponse.json(state.bookingGlobalSettings);
    })),
  ];
}
