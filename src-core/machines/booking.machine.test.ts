import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import { BOOKING_MESSAGES, type BookingConfirmation, type BookingRequest } from '../domain/bookings';
import { bookingErrorsFrom, bookingMachine, bookingValuesFrom } from './booking.machine';
import type { LogParams } from './log';

const confirmation: BookingConfirmation = {
  eventId: 'Summer Lunch',
  eventTitle: 'Summer Lunch',
  when: 'Saturday 12 September 2026, 1pm',
  where: 'Parish Hall, Athlone',
  status: 'booked',
  places: 2,
  name: 'Mary Byrne',
  email: 'mary@example.org',
  phone: null,
  answer: 'No nuts, please',
  emailed: true,
  cancelHref: '/bookings/cancel?token=abc',
  calendarHref: '/events/Summer%20Lunch/calendar.ics',
  message: BOOKING_MESSAGES.booked(2),
};

function bookingWith(run: (request: BookingRequest) => Promise<BookingConfirmation>, maxPlaces = 2) {
  const sent: BookingRequest[] = [];
  const logged: LogParams[] = [];
  const focused: string[] = [];
  const machine = bookingMachine(maxPlaces).provide({
    actors: {
      submit: fromPromise<BookingConfirmation, BookingRequest>(({ input }) => {
        sent.push(input);
        return run(input);
      }),
    },
    actions: {
      log: (_, params) => void logged.push(params),
      focusFieldToFix: () => void focused.push('field to fix'),
      focusFailure: () => void focused.push('failure'),
      focusConfirmation: () => void focused.push('confirmation'),
    },
  });
  return { actor: createActor(machine).start(), sent, logged, focused };
}

type BookingActor = ReturnType<typeof bookingWith>['actor'];

function fill(actor: BookingActor, values: Partial<Record<'name' | 'email' | 'phone' | 'places' | 'answer', string>>) {
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'field.changed', field: field as 'name', value });
}

test('the form starts empty, for one place', () => {
  const { actor } = bookingWith(async () => confirmation);

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.values).toEqual({ name: '', email: '', phone: '', places: '1', answer: '' });
});

test('a form without a name or any way to reach the person says so beside each field, sends nothing and moves focus', () => {
  const { actor, sent, focused } = bookingWith(async () => confirmation);

  actor.send({ type: 'form.submit' });

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: BOOKING_MESSAGES.name, email: BOOKING_MESSAGES.contactNeeded });
  expect(sent).toEqual([]);
  expect(focused).toEqual(['field to fix']);
});

test('more places than one booking may take are refused with the limit', () => {
  const { actor, sent } = bookingWith(async () => confirmation, 2);
  fill(actor, { name: 'Mary Byrne', phone: '01 234 5678', places: '3' });

  actor.send({ type: 'form.submit' });

  expect(actor.getSnapshot().context.fieldErrors).toEqual({ places: 'Please choose between 1 and 2 places.' });
  expect(sent).toEqual([]);
});

test('a complete form is sent trimmed, with places as a number, and the confirmation is kept', async () => {
  const { actor, sent, focused, logged } = bookingWith(async () => confirmation);
  fill(actor, { name: ' Mary Byrne ', email: ' mary@example.org ', places: '2', answer: ' No nuts, please ' });

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (snapshot) => snapshot.status === 'done');

  expect(sent).toEqual([{ name: 'Mary Byrne', email: 'mary@example.org', phone: '', places: 2, answer: 'No nuts, please' }]);
  expect(actor.getSnapshot().value).toBe('booked');
  expect(actor.getSnapshot().context.confirmation).toEqual(confirmation);
  expect(focused).toEqual(['confirmation']);
  expect(logged.map((entry) => entry.message)).toEqual(['Booking accepted: booked.']);
});

test('values given with the submit (filled in by the browser) are the ones sent', async () => {
  const { actor, sent } = bookingWith(async () => confirmation);

  actor.send({ type: 'form.submit', values: { name: 'Mary Byrne', email: '', phone: '087 123 4567', places: '1', answer: '' } });
  await waitFor(actor, (snapshot) => snapshot.status === 'done');

  expect(sent[0]).toMatchObject({ name: 'Mary Byrne', phone: '087 123 4567', places: 1 });
});

test("'already booked' keeps what was typed, says so and moves focus to the message", async () => {
  const { actor, focused } = bookingWith(() => Promise.reject(new CoreError('conflict', BOOKING_MESSAGES.alreadyBooked)));
  fill(actor, { name: 'Mary Byrne', email: 'mary@example.org' });

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (snapshot) => snapshot.value === 'editing' && snapshot.context.errorMessage !== null);

  expect(actor.getSnapshot().context.errorMessage).toBe(BOOKING_MESSAGES.alreadyBooked);
  expect(actor.getSnapshot().context.values.email).toBe('mary@example.org');
  expect(focused).toEqual(['failure']);
});

test("the server's message per field shows beside the field, and focus goes to it", async () => {
  const refusal = new CoreError('invalid-input', BOOKING_MESSAGES.checkFields, { fieldErrors: { phone: BOOKING_MESSAGES.phone, website: 'ignored' } });
  const { actor, focused } = bookingWith(() => Promise.reject(refusal));
  fill(actor, { name: 'Mary Byrne', phone: '01 234 5678' });

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (snapshot) => snapshot.value === 'editing' && snapshot.context.errorMessage !== null);

  expect(actor.getSnapshot().context.fieldErrors).toEqual({ phone: BOOKING_MESSAGES.phone });
  expect(actor.getSnapshot().context.errorMessage).toBe(BOOKING_MESSAGES.checkFields);
  expect(focused).toEqual(['field to fix']);
});

test('an unreachable website says nothing typed is lost, and focus goes to the message', async () => {
  const { actor, focused } = bookingWith(() => Promise.reject(new CoreError('unavailable', 'The website cannot be reached right now.')));
  fill(actor, { name: 'Mary Byrne', email: 'mary@example.org' });

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (snapshot) => snapshot.value === 'editing' && snapshot.context.errorMessage !== null);

  expect(actor.getSnapshot().context.errorMessage).toBe(
    'Your booking was not sent. The website cannot be reached right now. Nothing you typed is lost; please try again in a while.',
  );
  expect(focused).toEqual(['failure']);
});

test('closed bookings are refused in the words of the server', async () => {
  const { actor } = bookingWith(() => Promise.reject(new CoreError('invalid-input', BOOKING_MESSAGES.closed)));
  fill(actor, { name: 'Mary Byrne', email: 'mary@example.org' });

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (snapshot) => snapshot.value === 'editing' && snapshot.context.errorMessage !== null);

  expect(actor.getSnapshot().context.errorMessage).toBe(BOOKING_MESSAGES.closed);
});

test('a refused post without script comes back with its values and messages, anything else dropped', () => {
  expect(bookingValuesFrom({ name: 'Mary', places: '3', website: 'x', answer: 4 })).toEqual({ name: 'Mary', email: '', phone: '', places: '3', answer: '' });
  expect(bookingErrorsFrom({ name: BOOKING_MESSAGES.name, website: 'no', places: 5 })).toEqual({ name: BOOKING_MESSAGES.name });
});
