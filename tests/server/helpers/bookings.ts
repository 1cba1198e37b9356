import { expect } from 'vitest';
import { BOOKING_PATHS, bookingConfirmationSchema, eventBookingApiPath, eventBookingsApiPath, eventBookingsSchema } from '../../../contract/bookings';
import type { BookingSettings } from '../../../src-core/domain/bookings';
import { NO_EVENT_DETAILS, type EventDetails } from '../../../src-core/domain/event-details';
import { samplePdf } from '../../../server/content/sample-pdf';
import type { Clock } from '../../../server/clock';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './accounts';
import type { CookieJarFetch } from './cookie-jar';
import { startTestServer, type TestServer } from './test-server';

export const LUNCH = { id: 'Christmas Lunch', path: 'events/Christmas Lunch.pdf' } as const;

/** Saturday 5 December 2026, 1pm to 4pm in Dublin (the test clock starts on 21 November). */
export const LUNCH_DETAILS: EventDetails = {
  ...NO_EVENT_DETAILS,
  title: 'Christmas Lunch',
  start: '2026-12-05T13:00',
  end: '2026-12-05T16:00',
  timeZone: 'Europe/Dublin',
  venue: 'Hodson Bay Hotel',
  town: 'Athlone',
};

export const SETTINGS: BookingSettings = { places: 40, closesAt: '', maxPlacesPerBooking: 2, question: 'Any dietary or access needs?' };

export interface BookingServer {
  readonly server: TestServer;
  readonly admin: CookieJarFetch;
}

export interface BookingServerOptions {
  readonly env?: Record<string, string>;
  readonly clock?: Clock;
  readonly dataDir?: string;
  /** Starting again on `dataDir`, whose accounts are there already. */
  readonly restart?: boolean;
}

/** A server with an administrator signed in; `addEvent` puts an event file with details there. */
export async function startBookingServer(options: BookingServerOptions = {}): Promise<BookingServer> {
  const server = await startTestServer({
    env: { ...ADMIN_ENV, ...options.env },
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
  });
  if (options.restart !== true) await addTestAccounts(server.app);
  const admin = await signedIn(server.baseUrl, ADMIN);
  return { server, admin };
}

export async function addEvent(
  { server, admin }: BookingServer,
  settings: BookingSettings | null = SETTINGS,
  event: { readonly id: string; readonly details: EventDetails } = { id: LUNCH.id, details: LUNCH_DETAILS },
): Promise<string> {
  const name = `${event.id}.pdf`;
  const upload = await admin.fetch(
    `${server.baseUrl}/api/files?${new URLSearchParams({ folder: 'events', name, details: JSON.stringify(event.details) })}`,
    { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: Buffer.from(samplePdf(event.id, ['Line'])) },
  );
  expect(upload.status).toBe(201);
  const path = `events/${name}`;
  if (settings !== null) await saveSettings({ server, admin }, path, settings);
  return path;
}

export async function saveSettings({ server, admin }: BookingServer, path: string, settings: BookingSettings | null): Promise<void> {
  const response = await admin.fetch(`${server.baseUrl}${eventBookingsApiPath('eventSettings', path)}`, { method: 'PUT', ...json({ settings }) });
  expect(response.status).toBe(200);
}

export function person(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: `Nurse ${n}`, email: `nurse${n}@example.org`, places: 1, ...extra };
}

export function book(server: TestServer, body: Record<string, unknown>, eventId: string = LUNCH.id): Promise<Response> {
  return fetch(`${server.baseUrl}${eventBookingApiPath('book', eventId)}`, { method: 'POST', ...json(body) });
}

export async function booked(server: TestServer, body: Record<string, unknown>, eventId: string = LUNCH.id) {
  const response = await book(server, body, eventId);
  expect(response.status).toBe(201);
  return bookingConfirmationSchema.parse(await response.json());
}

/** The token in a confirmation's cancel link. */
export function tokenOf(cancelHref: string): string {
  return new URL(cancelHref, 'http://site.invalid').searchParams.get('token') ?? '';
}

export function cancelByToken(server: TestServer, token: string): Promise<Response> {
  return fetch(`${server.baseUrl}${BOOKING_PATHS.cancel}`, { method: 'POST', ...json({ token }) });
}

export async function eventBookings({ server, admin }: BookingServer, path: string = LUNCH.path) {
  const response = await admin.fetch(`${server.baseUrl}${eventBookingsApiPath('eventBookings', path)}`);
  expect(response.status).toBe(200);
  return eventBookingsSchema.parse(await response.json());
}

/** Resolves once every queued member mail is finished (sent, refused or given up). */
export function mailSettled(server: TestServer): () => number {
  return () =>
    server.app.db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM mail_queue WHERE state IN ('waiting', 'sending') OR next_attempt_at IS NOT NULL").get()?.n ?? -1;
}
