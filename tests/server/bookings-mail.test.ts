import { expect, test } from 'vitest';
import { BOOKING_MESSAGES, bookingActionPath, eventBookingApiPath, eventBookingsApiPath, eventCancellationSchema } from '../../contract/bookings';
import { errorBodySchema } from '../../contract/wire';
import { NO_EVENT_DETAILS } from '../../src-core/domain/event-details';
import { json } from './helpers/accounts';
import { LUNCH, SETTINGS, addEvent, book, booked, cancelByToken, eventBookings, mailSettled, person, startBookingServer, tokenOf } from './helpers/bookings';
import { startListSmtpPeer } from './helpers/list-smtp-peer';
import { mailEnv, mailsTo, subjectOf } from './helpers/membership';
import { createTestClock, MINUTE } from './helpers/test-clock';
import { temporaryDir } from './helpers/test-server';

const CAROLS = {
  id: 'Carol Service',
  details: { ...NO_EVENT_DETAILS, title: 'Carol Service', start: '2026-12-05T19:00', end: '2026-12-05T20:30', timeZone: 'Europe/Dublin', venue: 'St Mary’s Church', town: 'Athlone' },
};

function subjects(peer: Awaited<ReturnType<typeof startListSmtpPeer>>, email: string): string[] {
  return mailsTo(peer, email).map(subjectOf);
}

test('a confirmation carries the event’s calendar file and the cancel link; a cancellation promotes exactly one person, who is mailed once, or listed to phone without e-mail', async () => {
  const peer = await startListSmtpPeer();
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now, env: mailEnv(peer.port) });
  await addEvent(setup, { ...SETTINGS, places: 2 });
  const first = await booked(setup.server, person(1));
  await booked(setup.server, person(2));
  const waiting = await booked(setup.server, person(3));
  await booked(setup.server, { name: 'Nora Kelly', phone: '090 647 1234', places: 1 });
  await expect.poll(() => peer.received.length).toBe(3);
  const confirmation = await mailsTo(peer, 'nurse1@example.org')[0]?.parsed();

  const cancelled = await cancelByToken(setup.server, tokenOf(first.cancelHref));
  const again = await cancelByToken(setup.server, tokenOf(first.cancelHref));
  await expect.poll(mailSettled(setup.server)).toBe(0);
  await expect.poll(() => peer.received.length).toBe(4);
  const afterFirst = await eventBookings(setup);
  const second = (await eventBookings(setup)).bookings.find((booking) => booking.name === 'Nurse 2');
  await setup.admin.fetch(`${setup.server.baseUrl}${bookingActionPath('cancel', second?.id ?? '')}`, { method: 'POST' });
  await expect.poll(mailSettled(setup.server)).toBe(0);
  const afterSecond = await eventBookings(setup);
  const nora = afterSecond.bookings.find((booking) => booking.name === 'Nora Kelly');
  const phoned = await setup.admin.fetch(`${setup.server.baseUrl}${bookingActionPath('phoned', nora?.id ?? '')}`, { method: 'POST' });
  const promotedMail = await mailsTo(peer, 'nurse3@example.org')[1]?.parsed();
  await setup.server.close();

  expect(waiting.status).toBe('waiting');
  expect(confirmation?.subject).toBe('Your booking: Christmas Lunch');
  expect(confirmation?.text).toContain('When: Saturday 5 December 2026, 1pm to 4pm.');
  expect(confirmation?.text).toMatch(/Cancel my booking: http:\/\/[^\s]+\/bookings\/cancel\?token=[\w-]+/);
  expect(confirmation?.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([['event.ics', 'text/calendar']]);
  expect(confirmation?.attachments[0]?.content.toString()).toContain('SUMMARY:Christmas Lunch');
  expect([cancelled.status, again.status]).toEqual([200, 200]);
  expect(afterFirst.bookings.map((booking) => [booking.name, booking.status])).toEqual([
    ['Nurse 2', 'booked'],
    ['Nurse 3', 'booked'],
    ['Nora Kelly', 'waiting'],
    ['Nurse 1', 'cancelled'],
  ]);
  expect(subjects(peer, 'nurse3@example.org')).toEqual(['Waiting list: Christmas Lunch', 'A place for you: Christmas Lunch']);
  expect(promotedMail?.text).toContain('your booking of 1 place at Christmas Lunch is now confirmed');
  expect(afterSecond.counts).toMatchObject({ bookedPlaces: 2, waiting: 0, toPhone: 1 });
  expect(nora).toMatchObject({ status: 'booked', toPhone: true });
  expect(phoned.status).toBe(200);
  // Nothing more went out: four confirmations were three (Nora has no e-mail), and one promotion.
  expect(peer.copiesByRecipient()).toEqual(
    new Map([
      ['nurse1@example.org', 1],
      ['nurse2@example.org', 1],
      ['nurse3@example.org', 2],
    ]),
  );
});

test('reminders go the day before at the reminder time, once each even across a restart, and never for a cancelled booking or event', async () => {
  const peer = await startListSmtpPeer();
  const clock = createTestClock();
  const dataDir = temporaryDir('bookings');
  const env = mailEnv(peer.port);
  const setup = await startBookingServer({ clock: clock.now, env, dataDir });
  await addEvent(setup);
  await addEvent(setup, SETTINGS, CAROLS);
  await booked(setup.server, person(1));
  const leaving = await booked(setup.server, person(2));
  await booked(setup.server, person(3), CAROLS.id);
  // Confirmed first: a booking cancelled before its confirmation leaves is not confirmed at all.
  await expect.poll(() => peer.received.length).toBe(3);
  await cancelByToken(setup.server, tokenOf(leaving.cancelHref));
  const carolsCancelled = await setup.admin.fetch(`${setup.server.baseUrl}${eventBookingsApiPath('eventCancel', 'events/Carol Service.pdf')}`, {
    method: 'POST',
    ...json({ message: 'The church roof is being repaired.' }),
  });

  clock.advance(Date.UTC(2026, 11, 4, 9, 59) - clock.now());
  const early = await setup.server.app.bookingsService.queueDueReminders();
  clock.advance(MINUTE + 30_000);
  const due = await setup.server.app.bookingsService.queueDueReminders();
  const twice = await setup.server.app.bookingsService.queueDueReminders();
  await expect.poll(mailSettled(setup.server)).toBe(0);
  await setup.server.close();

  clock.advance(MINUTE);
  const restarted = await startBookingServer({ clock: clock.now, env, dataDir, restart: true });
  const afterRestart = await restarted.server.app.bookingsService.queueDueReminders();
  await expect.poll(mailSettled(restarted.server)).toBe(0);
  const reminder = mailsTo(peer, 'nurse1@example.org').find((mail) => subjectOf(mail) === 'Reminder: Christmas Lunch is tomorrow');
  const reminderText = await reminder?.parsed();
  await restarted.server.close();

  expect(carolsCancelled.status).toBe(200);
  expect([early, due, twice, afterRestart]).toEqual([0, 1, 0, 0]);
  expect(subjects(peer, 'nurse1@example.org')).toEqual(['Your booking: Christmas Lunch', 'Reminder: Christmas Lunch is tomorrow']);
  expect(subjects(peer, 'nurse2@example.org')).toEqual(['Your booking: Christmas Lunch']);
  expect(subjects(peer, 'nurse3@example.org')).toEqual(['Your booking: Carol Service', 'Cancelled: Carol Service']);
  expect(reminderText?.attachments.map((attachment) => attachment.filename)).toEqual(['event.ics']);
  expect(reminderText?.text).toContain('Where: Hodson Bay Hotel, Athlone.');
});

test('cancelling an event tells everyone booked or waiting once, lists those without e-mail to phone, and the event then takes no bookings', async () => {
  const peer = await startListSmtpPeer();
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now, env: mailEnv(peer.port) });
  await addEvent(setup, { ...SETTINGS, places: 2 });
  await booked(setup.server, person(1));
  await booked(setup.server, { name: 'Nora Kelly', phone: '090 647 1234', places: 1 });
  await booked(setup.server, person(2, { places: 2 }));
  await expect.poll(() => peer.received.length).toBe(2);
  const cancelUrl = `${setup.server.baseUrl}${eventBookingsApiPath('eventCancel', LUNCH.path)}`;

  const response = await setup.admin.fetch(cancelUrl, { method: 'POST', ...json({ message: 'The hotel has closed for repairs.\nWe will choose a new date soon.' }) });
  const outcome = eventCancellationSchema.parse(await response.json());
  const again = await setup.admin.fetch(cancelUrl, { method: 'POST', ...json({ message: '' }) });
  await expect.poll(mailSettled(setup.server)).toBe(0);
  const told = await mailsTo(peer, 'nurse2@example.org').at(-1)?.parsed();
  const availability = (await (await fetch(`${setup.server.baseUrl}${eventBookingApiPath('availability', LUNCH.id)}`)).json()) as { state: string };
  const late = await book(setup.server, person(9));
  const list = await eventBookings(setup);
  await setup.server.close();

  expect(outcome.emailed).toBe(2);
  expect(outcome.toPhone.map((booking) => [booking.name, booking.phone])).toEqual([['Nora Kelly', '090 647 1234']]);
  expect(again.status).toBe(409);
  expect(subjects(peer, 'nurse1@example.org')).toEqual(['Your booking: Christmas Lunch', 'Cancelled: Christmas Lunch']);
  expect(subjects(peer, 'nurse2@example.org')).toEqual(['Waiting list: Christmas Lunch', 'Cancelled: Christmas Lunch']);
  expect(told?.text).toContain('The hotel has closed for repairs.');
  expect(availability.state).toBe('event-cancelled');
  expect(late.status).toBe(400);
  expect(errorBodySchema.parse(await late.json()).error.message).toBe(BOOKING_MESSAGES.eventCancelled);
  expect(list.cancelledAt).not.toBeNull();
  expect(list.bookings.every((booking) => booking.status === 'cancelled' && booking.cancelledBy === 'event')).toBe(true);
});

test('more places for an event move those waiting up, first come first, each mailed once', async () => {
  const peer = await startListSmtpPeer();
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now, env: mailEnv(peer.port) });
  const path = await addEvent(setup, { ...SETTINGS, places: 1 });
  await booked(setup.server, person(1));
  await booked(setup.server, person(2, { places: 2 }));
  await booked(setup.server, person(3));

  const saved = await setup.admin.fetch(`${setup.server.baseUrl}${eventBookingsApiPath('eventSettings', path)}`, { method: 'PUT', ...json({ settings: { ...SETTINGS, places: 2 } }) });
  await expect.poll(mailSettled(setup.server)).toBe(0);
  const list = await eventBookings(setup);
  await setup.server.close();

  expect(saved.status).toBe(200);
  // Nurse 2 asked for two places and only one freed up: Nurse 3, next in line, fits.
  expect(list.bookings.map((booking) => [booking.name, booking.status])).toEqual([
    ['Nurse 1', 'booked'],
    ['Nurse 3', 'booked'],
    ['Nurse 2', 'waiting'],
  ]);
  expect(subjects(peer, 'nurse3@example.org')).toEqual(['Waiting list: Christmas Lunch', 'A place for you: Christmas Lunch']);
  expect(subjects(peer, 'nurse2@example.org')).toEqual(['Waiting list: Christmas Lunch']);
});

test('the reminder time and how long bookings are kept are the site’s settings, checked before they are stored', async () => {
  const clock = createTestClock();
  const setup = await startBookingServer({ clock: clock.now });
  const url = `${setup.server.baseUrl}/api/booking-settings`;

  const initial = (await (await setup.admin.fetch(url)).json()) as Record<string, unknown>;
  const refused = await setup.admin.fetch(url, { method: 'PUT', ...json({ reminderTime: '25:00', timeZone: 'Europe/Dublin', keepMonths: 0 }) });
  const saved = await setup.admin.fetch(url, { method: 'PUT', ...json({ reminderTime: '09:30', timeZone: 'Europe/Dublin', keepMonths: 6 }) });

  expect(initial).toEqual({ reminderTime: '10:00', timeZone: 'Europe/Dublin', keepMonths: 3 });
  expect(refused.status).toBe(400);
  expect(errorBodySchema.parse(await refused.json()).error.fieldErrors).toEqual({ reminderTime: BOOKING_MESSAGES.reminderTime, keepMonths: BOOKING_MESSAGES.keepMonths });
  expect(await saved.json()).toEqual({ reminderTime: '09:30', timeZone: 'Europe/Dublin', keepMonths: 6 });
  expect(setup.server.app.bookings.siteSettings()).toEqual({ reminderTime: '09:30', keepMonths: 6 });
});
