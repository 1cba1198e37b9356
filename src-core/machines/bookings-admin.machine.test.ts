import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { AdminBooking } from '../domain/bookings';
import { bookingsAdminMachine, type BookingsAdminJob, type BookingsAdminOutcome } from './bookings-admin.machine';

const booking = (overrides: Partial<AdminBooking> = {}): AdminBooking => ({
  id: '7',
  status: 'booked',
  source: 'phone',
  name: 'Joan Walsh',
  email: null,
  phone: '090 123 4567',
  places: 1,
  answer: '',
  bookedAt: '2026-06-01T09:00:00.000Z',
  waitingPosition: null,
  promotedAt: null,
  toPhone: false,
  cancelledAt: null,
  cancelledBy: null,
  ...overrides,
});

function organiserWith(run: (job: BookingsAdminJob) => Promise<BookingsAdminOutcome>) {
  const ran: BookingsAdminJob[] = [];
  const moments: string[] = [];
  const machine = bookingsAdminMachine.provide({
    actors: {
      run: fromPromise<BookingsAdminOutcome, BookingsAdminJob>(({ input }) => {
        ran.push(input);
        return run(input);
      }),
    },
    actions: {
      onChanged: (_, { eventPath }) => void moments.push(`lists load again: ${eventPath ?? 'settings'}`),
      focusNotice: () => void moments.push('notice'),
      focusProblem: (_, { target }) => void moments.push(`problem ${target}`),
      focusButton: (_, { target }) => void moments.push(`button ${target}`),
      jobDone: (_, { kind }) => {
        if (kind === 'saveSettings') moments.push('settings form closes');
      },
    },
  });
  return { actor: createActor(machine).start(), ran, moments };
}

const phoneBooking: BookingsAdminJob = {
  kind: 'addPhoneBooking',
  eventPath: 'events/Summer Lunch.pdf',
  request: { name: 'Joan Walsh', email: '', phone: '090 123 4567', places: 1, answer: '' },
};

test('a phone booking runs at once, says who is booked, and the lists load again', async () => {
  const { actor, ran, moments } = organiserWith(async () => booking());

  actor.send({ type: 'job.start', job: phoneBooking });
  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);

  expect(ran).toEqual([phoneBooking]);
  expect(actor.getSnapshot().context.notice).toBe('Joan Walsh is booked.');
  expect(moments).toEqual(['lists load again: events/Summer Lunch.pdf', 'notice']);
});

test('a phone booking on a full event says it went on the waiting list', async () => {
  const { actor } = organiserWith(async () => booking({ status: 'waiting', waitingPosition: 2 }));

  actor.send({ type: 'job.start', job: phoneBooking });
  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);

  expect(actor.getSnapshot().context.notice).toBe('Joan Walsh is on the waiting list (number 2): the event is full.');
});

test('cancelling a booking asks first; saying no sends nothing and puts focus back on the button', () => {
  const { actor, ran, moments } = organiserWith(async () => booking({ status: 'cancelled' }));

  actor.send({ type: 'job.start', job: { kind: 'cancelBooking', eventPath: 'events/Summer Lunch.pdf', id: '7', name: 'Joan Walsh' } });
  expect(actor.getSnapshot().value).toBe('confirming');
  actor.send({ type: 'cancel' });

  expect(actor.getSnapshot().value).toBe('idle');
  expect(ran).toEqual([]);
  expect(moments).toEqual(['button booking:7']);
});

test('cancelling a booking, once confirmed, cancels it', async () => {
  const { actor, ran } = organiserWith(async () => booking({ status: 'cancelled' }));

  actor.send({ type: 'job.start', job: { kind: 'cancelBooking', eventPath: 'events/Summer Lunch.pdf', id: '7', name: 'Joan Walsh' } });
  actor.send({ type: 'confirm' });
  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);

  expect(ran).toHaveLength(1);
  expect(actor.getSnapshot().context.notice).toMatch(/^Joan Walsh's booking was cancelled\./);
});

test('moving up someone without e-mail says to phone them', async () => {
  const { actor } = organiserWith(async () => booking({ toPhone: true, promotedAt: '2026-06-02T10:00:00.000Z' }));

  actor.send({ type: 'job.start', job: { kind: 'moveUp', eventPath: 'events/Summer Lunch.pdf', id: '7', name: 'Joan Walsh' } });
  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);

  expect(actor.getSnapshot().context.notice).toBe('Joan Walsh is booked now. They gave no e-mail address, so please phone them to tell them.');
});

const CANCEL_MESSAGE_NEEDED = 'Please write a short message to everyone booked, saying why the event is cancelled.';

test('cancelling an event needs a message, asks first, then says who is e-mailed and lists those to phone', async () => {
  const toPhone = [booking()];
  const { actor, ran, moments } = organiserWith(async () => ({ emailed: 11, toPhone }));
  const job: BookingsAdminJob = { kind: 'cancelEvent', eventPath: 'events/Summer Lunch.pdf', title: 'Summer Lunch', message: ' ' };

  actor.send({ type: 'job.start', job });
  expect(actor.getSnapshot().context.problem).toEqual({
    target: 'event:events/Summer Lunch.pdf',
    message: CANCEL_MESSAGE_NEEDED,
    fieldErrors: { message: CANCEL_MESSAGE_NEEDED },
  });
  expect(ran).toEqual([]);

  actor.send({ type: 'job.start', job: { ...job, message: 'The hall is flooded.' } });
  expect(actor.getSnapshot().value).toBe('confirming');
  actor.send({ type: 'confirm' });
  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);

  expect(actor.getSnapshot().context.notice).toBe('“Summer Lunch” is cancelled. 11 people are being told by e-mail. Please phone the person listed below.');
  expect(actor.getSnapshot().context.toPhone).toEqual(toPhone);
  expect(moments).toEqual(['problem event:events/Summer Lunch.pdf', 'lists load again: events/Summer Lunch.pdf', 'notice']);
});

test("a refusal shows the server's words, and its message per field, on the job's target", async () => {
  const refusal = new CoreError('invalid-input', 'Some details need a change.', { fieldErrors: { places: 'Please give the number of places.' } });
  const { actor, moments } = organiserWith(() => Promise.reject(refusal));

  actor.send({
    type: 'job.start',
    job: { kind: 'saveSettings', eventPath: 'events/Summer Lunch.pdf', title: 'Summer Lunch', settings: { places: 0, closesAt: '', maxPlacesPerBooking: 2, question: '' } },
  });
  await waitFor(actor, (snapshot) => snapshot.context.problem !== null);

  expect(actor.getSnapshot().context.problem).toEqual({
    target: 'event:events/Summer Lunch.pdf',
    message: 'Some details need a change.',
    fieldErrors: { places: 'Please give the number of places.' },
  });
  expect(moments).toEqual(['problem event:events/Summer Lunch.pdf']);
});

test('saved booking settings close their form, then the notice says so', async () => {
  const saved = { places: 40, closesAt: '', maxPlacesPerBooking: 2, question: '' };
  const { actor, moments } = organiserWith(async () => saved);

  actor.send({ type: 'job.start', job: { kind: 'saveSettings', eventPath: 'events/Summer Lunch.pdf', title: 'Summer Lunch', settings: saved } });
  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);

  expect(actor.getSnapshot().context.notice).toBe('The booking settings of “Summer Lunch” were saved.');
  expect(moments).toEqual(['lists load again: events/Summer Lunch.pdf', 'settings form closes', 'notice']);
});
