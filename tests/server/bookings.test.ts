import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { expect, onTestFinished, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { BOOKING_CSV_COLUMNS, BOOKING_MESSAGES, BOOKING_PATHS, bookingActionPath, bookingAvailabilitySchema, eventBookingApiPath, eventBookingsApiPath } from '../../contract/bookings';
import { errorBodySchema } from '../../contract/wire';
import { json } from './helpers/accounts';
import { auditKinds } from './helpers/membership';
import { LUNCH, SETTINGS, addEvent, book, booked, cancelByToken, eventBookings, person, startBookingServer, tokenOf } from './helpers/bookings';
import { createTestClock, HOUR } from './helpers/test-clock';

test('20 bookings arriving together for the last 3 places give exactly 3 booked and 17 on the waiting list', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup, { ...SETTINGS, places: 10 });
  for (const n of [1, 2, 3, 4, 5, 6, 7]) await booked(setup.server, person(n));

  const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => booked(setup.server, person(100 + index))));
  const list = await eventBookings(setup);
  const availability = bookingAvailabilitySchema.parse(await (await fetch(`${setup.server.baseUrl}${eventBookingApiPath('availability', LUNCH.id)}`)).json());

  expect(responses.filter((response) => response.status === 'booked')).toHaveLength(3);
  expect(responses.filter((response) => response.status === 'waiting')).toHaveLength(17);
  expect(list.counts).toMatchObject({ bookedPlaces: 10, bookings: 10, waiting: 17, waitingPlaces: 17, places: 10 });
  expect(list.countText).toBe('10 of 10, 17 waiting');
  expect(list.bookings.filter((booking) => booking.status === 'waiting').map((booking) => booking.waitingPosition)).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));
  expect(availability).toMatchObject({ state: 'waiting-list', placesLeft: 0, summary: 'Fully booked — join the waiting list' });
});

// Another process writing a booking, as the admin command or a second server would: it takes the
// write lock, adds one booked place, says so, and commits when its input closes.
const OTHER_WRITER = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
db.prepare("INSERT INTO bookings (event_path, status, source, name, places, answer, token_hash, booked_at) VALUES (?, 'booked', 'phone', 'Taken elsewhere', 1, '', 'elsewhere', ?)").run(process.argv[2], Date.now());
process.stdout.write('locked\\n');
process.stdin.on('end', () => { db.exec('COMMIT'); db.close(); process.exit(0); });
process.stdin.resume();
`;

test('a place another process is booking counts: the booking arriving meanwhile waits for it and goes on the waiting list', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup, { ...SETTINGS, places: 3 });
  await booked(setup.server, person(1, { places: 2 }));
  const child = spawn(process.execPath, ['-e', OTHER_WRITER, path.join(setup.server.dataDir, 'site.db'), LUNCH.path], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  await new Promise<void>((resolve) => readline.createInterface({ input: child.stdout }).once('line', () => resolve()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));

  const pending = booked(setup.server, person(2));
  // Reads go on while the other process writes: the page still sees its committed places.
  const during = bookingAvailabilitySchema.parse(await (await fetch(`${setup.server.baseUrl}${eventBookingApiPath('availability', LUNCH.id)}`)).json());
  child.stdin.end();
  await exited;
  const result = await pending;

  expect(during.placesLeft).toBe(1);
  expect(result.status).toBe('waiting');
  expect((await eventBookings(setup)).countText).toBe('3 of 3, 1 waiting');
});

test('the event page is told the places left, and bookings past the closing time are refused with a clear message', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup, { ...SETTINGS, places: 12, closesAt: '2026-11-22T17:00' });
  const availabilityUrl = `${setup.server.baseUrl}${eventBookingApiPath('availability', LUNCH.id)}`;

  const before = bookingAvailabilitySchema.parse(await (await fetch(availabilityUrl)).json());
  clock.advance(33 * HOUR);
  const after = bookingAvailabilitySchema.parse(await (await fetch(availabilityUrl)).json());
  const refused = await book(setup.server, person(1));

  expect(before).toMatchObject({ state: 'open', placesLeft: 12, summary: '12 places left', closesAtText: 'Sunday 22 November 2026, 5pm', question: 'Any dietary or access needs?' });
  expect(after).toMatchObject({ state: 'closed', summary: BOOKING_MESSAGES.closed });
  expect(refused.status).toBe(400);
  expect(errorBodySchema.parse(await refused.json()).error).toMatchObject({ kind: 'invalid-input', message: BOOKING_MESSAGES.closed });
  // The administrator's session has ended by now: the stored rows say it.
  expect(setup.server.app.bookings.forEvent(LUNCH.path)).toEqual([]);
});

test('the same e-mail address or phone number cannot book the same event twice, and is told kindly without anyone else’s details', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup);
  await booked(setup.server, { name: 'Mary Byrne', email: 'mary.byrne@example.org', phone: '087 123 4567', places: 2, answer: 'No stairs, please' });

  const sameEmail = await book(setup.server, { name: 'M. Byrne', email: 'Mary.Byrne@Example.org', places: 1 });
  const samePhone = await book(setup.server, { name: 'Someone', phone: '+353 87 123 4567', places: 1 });
  const body = errorBodySchema.parse(await sameEmail.json());
  const other = await book(setup.server, { name: 'Ann Walsh', phone: '090 647 1234', places: 1 });

  expect([sameEmail.status, samePhone.status]).toEqual([409, 409]);
  expect(body.error).toEqual({ kind: 'conflict', message: BOOKING_MESSAGES.alreadyBooked });
  expect(JSON.stringify(body)).not.toMatch(/Mary|No stairs|087/);
  expect(other.status).toBe(201);
  expect((await eventBookings(setup)).counts.bookings).toBe(2);
});

test('a booking needs a name and an e-mail or a phone, and at most the places one booking may take; nothing is stored otherwise', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup);

  const response = await book(setup.server, { name: ' ', places: 3 });
  const body = errorBodySchema.parse(await response.json());

  expect(response.status).toBe(400);
  expect(body.error.fieldErrors).toEqual({ name: BOOKING_MESSAGES.name, email: BOOKING_MESSAGES.contactNeeded, places: 'Please choose between 1 and 2 places.' });
  expect((await eventBookings(setup)).bookings).toEqual([]);
});

test('an event that takes no bookings, or an unknown one, says so', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup, null);

  const notOffered = await fetch(`${setup.server.baseUrl}${eventBookingApiPath('availability', LUNCH.id)}`);
  const unknown = await fetch(`${setup.server.baseUrl}${eventBookingApiPath('availability', 'Nothing Here')}`);
  const booking = await book(setup.server, person(1));

  expect(notOffered.status).toBe(200);
  expect(await notOffered.json()).toBeNull();
  expect(errorBodySchema.parse(await unknown.json()).error.message).toBe(API_MESSAGES.eventNotFound);
  expect(booking.status).toBe(404);
});

test('signed out, every admin booking route answers 401 and tells nothing', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup);
  const { id } = (await eventBookings(setup)).bookings[0] ?? { id: '1' };
  const path = encodeURIComponent(LUNCH.path);
  const routes: [string, string, unknown?][] = [
    ['GET', BOOKING_PATHS.summaries],
    ['GET', `${BOOKING_PATHS.eventBookings}?path=${path}`],
    ['POST', `${BOOKING_PATHS.eventBookings}?path=${path}`, person(1)],
    ['GET', `${BOOKING_PATHS.eventSettings}?path=${path}`],
    ['PUT', `${BOOKING_PATHS.eventSettings}?path=${path}`, { settings: null }],
    ['GET', `${BOOKING_PATHS.eventExport}?path=${path}`],
    ['POST', `${BOOKING_PATHS.eventCancel}?path=${path}`, { message: '' }],
    ['POST', bookingActionPath('cancel', id)],
    ['POST', bookingActionPath('move-up', id)],
    ['POST', bookingActionPath('phoned', id)],
    ['GET', BOOKING_PATHS.settings],
    ['PUT', BOOKING_PATHS.settings, { reminderTime: '09:00', timeZone: 'Europe/Dublin', keepMonths: 1 }],
    ['GET', `${BOOKING_PATHS.addressData}?email=nurse1%40example.org`],
    ['DELETE', `${BOOKING_PATHS.addressData}?email=nurse1%40example.org`],
  ];

  const statuses = await Promise.all(
    routes.map(async ([method, route, body]) => {
      const response = await fetch(`${setup.server.baseUrl}${route}`, { method, ...(body === undefined ? {} : json(body)) });
      return [method, route, response.status, (await response.text()).includes('Nurse')] as const;
    }),
  );

  expect(statuses).toEqual(routes.map(([method, route]) => [method, route, 401, false]));
});

test('the CSV lists every booking with a tick column, keeps formulas as text, and the download is in the audit trail', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup);
  await booked(setup.server, { name: '=HYPERLINK("http://bad.example","Click")', email: 'a@example.org', places: 2, answer: '+1, "vegetarian"' });
  const byPhone = await setup.admin.fetch(`${setup.server.baseUrl}${eventBookingsApiPath('eventBookings', LUNCH.path)}`, {
    method: 'POST',
    ...json({ name: 'Nora Kelly', phone: '090 647 1234', places: 3, answer: '' }),
  });

  const response = await setup.admin.fetch(`${setup.server.baseUrl}${eventBookingsApiPath('eventExport', LUNCH.path)}`);
  const text = (await response.text()).replace(/^\ufeff/, '');
  const [header, first, second] = text.split('\r\n');

  expect(byPhone.status).toBe(201);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toBe('attachment; filename="christmas-lunch-bookings.csv"');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(header).toBe(BOOKING_CSV_COLUMNS.join(','));
  expect(first).toMatch(/^"'=HYPERLINK\(""http:\/\/bad\.example"",""Click""\)",2,Booked,"'\+1, ""vegetarian""",a@example\.org,,20\d\d-[^,]+,Online,$/);
  expect(second).toMatch(/^Nora Kelly,3,Booked,,,090 647 1234,[^,]+,By phone,$/);
  expect(auditKinds(setup.server)).toEqual(expect.arrayContaining(['booking-received', 'booking-added', 'bookings-exported']));
});

test('the organiser adds a phone booking past the per-booking limit, moves someone up, and cancels one; each is in the audit trail', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup, { ...SETTINGS, places: 4 });
  await booked(setup.server, person(1, { places: 2 }));
  await booked(setup.server, person(2, { places: 2 }));
  const waiting = await booked(setup.server, person(3, { places: 2 }));

  const list = await eventBookings(setup);
  const third = list.bookings.find((booking) => booking.name === 'Nurse 3');
  const moved = await setup.admin.fetch(`${setup.server.baseUrl}${bookingActionPath('move-up', third?.id ?? '')}`, { method: 'POST' });
  const again = await setup.admin.fetch(`${setup.server.baseUrl}${bookingActionPath('move-up', third?.id ?? '')}`, { method: 'POST' });
  const cancelled = await setup.admin.fetch(`${setup.server.baseUrl}${bookingActionPath('cancel', third?.id ?? '')}`, { method: 'POST' });
  const after = await eventBookings(setup);
  const summaries = (await (await setup.admin.fetch(`${setup.server.baseUrl}${BOOKING_PATHS.summaries}`)).json()) as { events: unknown[] };

  expect(waiting.status).toBe('waiting');
  expect(moved.status).toBe(200);
  expect(again.status).toBe(409);
  expect(errorBodySchema.parse(await again.json()).error.message).toBe(BOOKING_MESSAGES.notWaiting);
  expect(cancelled.status).toBe(200);
  expect(after.countText).toBe('4 of 4');
  expect(summaries.events).toEqual([
    { eventPath: LUNCH.path, eventId: LUNCH.id, counts: { bookedPlaces: 4, bookings: 2, waitingPlaces: 0, waiting: 0, places: 4, toPhone: 0 }, cancelledAt: null, countText: '4 of 4' },
  ]);
  expect(after.bookings.at(-1)).toMatchObject({ name: 'Nurse 3', status: 'cancelled', cancelledBy: 'organiser' });
  expect(auditKinds(setup.server)).toEqual(expect.arrayContaining(['bookings-read', 'booking-moved-up', 'booking-cancelled', 'booking-settings-changed']));
});

test('a person with the link cancels with the button (a POST); opening the link changes nothing, and a used or unknown link says so', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup);
  const confirmation = await booked(setup.server, person(1, { places: 2 }));
  const token = tokenOf(confirmation.cancelHref);

  const looked = await fetch(`${setup.server.baseUrl}${BOOKING_PATHS.byToken}?token=${encodeURIComponent(token)}`);
  const lookedBody = (await looked.json()) as Record<string, unknown>;
  const stillBooked = (await eventBookings(setup)).counts.bookedPlaces;
  const first = await cancelByToken(setup.server, token);
  const second = await cancelByToken(setup.server, token);
  const unknown = await cancelByToken(setup.server, 'not-a-token');

  expect(confirmation).toMatchObject({ status: 'booked', message: 'Your booking is confirmed: 2 places.', calendarHref: '/events/Christmas%20Lunch/calendar.ics' });
  expect(looked.headers.get('cache-control')).toBe('no-store');
  expect(lookedBody).toMatchObject({ eventTitle: 'Christmas Lunch', status: 'booked', places: 2, name: 'Nurse 1' });
  expect(stillBooked).toBe(2);
  expect(first.status).toBe(200);
  expect(await second.json()).toMatchObject({ status: 'cancelled' });
  expect(unknown.status).toBe(404);
  expect(errorBodySchema.parse(await unknown.json()).error.message).toBe(BOOKING_MESSAGES.cancelLinkNotValid);
  expect((await eventBookings(setup)).counts.bookedPlaces).toBe(0);
  expect(auditKinds(setup.server).filter((kind) => kind === 'booking-cancelled-by-person')).toHaveLength(1);
});

test('without script, a booking posts and redirects to its confirmation page; a refused one back to the form with an outcome', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup);
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    redirect: 'manual' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const bookUrl = `${setup.server.baseUrl}/events/Christmas%20Lunch/book`;

  const accepted = await fetch(bookUrl, form({ name: 'Mary Byrne', email: 'mary@example.org', places: '2', answer: 'None' }));
  const refused = await fetch(bookUrl, form({ name: 'Mary Byrne', email: 'mary@example.org', places: '1' }));
  const token = setup.server.app.bookingFormOutcomes.booked.find(new URL(accepted.headers.get('location') ?? '', 'http://x').searchParams.get('outcome') ?? '');
  const refusal = setup.server.app.bookingFormOutcomes.refused.find(new URL(refused.headers.get('location') ?? '', 'http://x').searchParams.get('outcome') ?? '');
  const cancel = await fetch(`${setup.server.baseUrl}/bookings/cancel`, form({ token: tokenOf(token?.cancelHref ?? '') }));
  const otherSite = await fetch(bookUrl, { ...form({ name: 'Ann Walsh', email: 'ann@example.org', places: '1' }), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' } });
  const otherSiteRefusal = setup.server.app.bookingFormOutcomes.refused.find(new URL(otherSite.headers.get('location') ?? '', 'http://x').searchParams.get('outcome') ?? '');

  expect(accepted.status).toBe(303);
  expect(accepted.headers.get('location')).toMatch(/^\/events\/Christmas%20Lunch\/booked\?outcome=[\w-]+$/);
  expect(token).toMatchObject({ status: 'booked', places: 2, name: 'Mary Byrne' });
  expect(refused.status).toBe(303);
  expect(refused.headers.get('location')).toMatch(/^\/events\/Christmas%20Lunch\?outcome=[\w-]+#booking$/);
  expect(refusal).toMatchObject({ status: 409, message: BOOKING_MESSAGES.alreadyBooked, values: { name: 'Mary Byrne', email: 'mary@example.org', places: '1' } });
  expect(cancel.status).toBe(303);
  expect(cancel.headers.get('location')).toMatch(/^\/bookings\/cancelled\?outcome=[\w-]+$/);
  expect(otherSite.status).toBe(303);
  expect(otherSiteRefusal).toMatchObject({ status: 403, message: API_MESSAGES.crossOrigin, values: { name: 'Ann Walsh' } });
  expect((await eventBookings(setup)).bookings.map((booking) => [booking.name, booking.status])).toEqual([['Mary Byrne', 'cancelled']]);
});

test('the retention sweep deletes an event’s bookings and their mail the configured months after it, not before', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup);
  await booked(setup.server, person(1));
  await booked(setup.server, person(2));
  const count = (table: string) => setup.server.app.db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()?.n ?? -1;
  const mailBefore = count('mail_queue');

  // The lunch ends 5 December 2026 at 4pm; three months later is 5 March 2027.
  clock.advance(Date.UTC(2027, 2, 5, 15, 0) - clock.now());
  const early = await setup.server.app.bookingsService.deleteExpired();
  const kept = count('bookings');
  clock.advance(2 * HOUR);
  const deleted = await setup.server.app.bookingsService.deleteExpired();

  expect(mailBefore).toBe(2);
  expect([early, kept]).toEqual([0, 2]);
  expect(deleted).toBe(2);
  expect([count('bookings'), count('mail_queue'), count('booking_settings')]).toEqual([0, 0, 1]);
});

test('one address’s bookings are exported and erased in one step each, and a place freed goes to the first waiting', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  await addEvent(setup, { ...SETTINGS, places: 1 });
  await booked(setup.server, person(1));
  await booked(setup.server, person(2));
  const address = `${setup.server.baseUrl}${BOOKING_PATHS.addressData}?email=NURSE1%40example.org`;

  const exported = await setup.admin.fetch(address);
  const exportedBody = (await exported.json()) as { bookings: { event: string; booking: { name: string }; mail: unknown[] }[] };
  const erased = await setup.admin.fetch(address, { method: 'DELETE' });
  const gone = await setup.admin.fetch(address);

  expect(exported.status).toBe(200);
  expect(exportedBody.bookings).toHaveLength(1);
  expect(exportedBody.bookings[0]).toMatchObject({ event: 'Christmas Lunch', booking: { name: 'Nurse 1' } });
  expect(exportedBody.bookings[0]?.mail).toHaveLength(1);
  expect(erased.status).toBe(204);
  expect(gone.status).toBe(404);
  expect((await eventBookings(setup)).bookings.map((booking) => [booking.name, booking.status])).toEqual([['Nurse 2', 'booked']]);
  expect(auditKinds(setup.server)).toEqual(expect.arrayContaining(['booking-data-read', 'booking-erased']));
});
