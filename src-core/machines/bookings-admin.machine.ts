/**
 * What an organiser does with an event's bookings on the admin area's Events page (the lists
 * are route data, loaded again after each change): turn bookings on, change or off, take a
 * booking by phone, cancel a booking, move someone up from the waiting list, mark them phoned,
 * cancel the whole event, and the settings every event shares. Cancelling a booking and
 * cancelling the event ask first; the event's cancel message is checked here before anything is sent.
 *
 * States: 'idle': 'job.start' { job } -> 'confirming' when the job asks first, else -> 'working';
 *   'confirming': 'confirm' -> 'working', 'cancel' -> 'idle' (focus back on the button that asked).
 *   'working' runs the job and ends in 'idle' with a notice (and, after cancelling an event, the
 *   people without e-mail to phone), or with `problem` on the job's target (with the server's
 *   message per field where it gave them).
 * The composition root provides: actor `run` (input the job, output an EventCancellation for
 *   'cancelEvent'), from the bookings admin port; action `onChanged` (params { eventPath }: the
 *   counts and that event's lists load again, what is on screen staying meanwhile); the
 *   view's `focusNotice`, `focusProblem` (params { target }), `focusButton` (params { target }) and
 *   `settingsSaved` (an event's booking settings were saved: their form closes).
 */
import { assign, setup } from 'xstate';
import { toProvide } from './to-provide';
import { toCoreError } from '../domain/core-error';
import type { AdminBooking, BookingGlobalSettings, BookingSettings, EventCancellation, PhoneBookingRequest } from '../domain/bookings';

export type BookingsAdminJob =
  | { readonly kind: 'saveSettings'; readonly eventPath: string; readonly title: string; readonly settings: BookingSettings | null }
  | { readonly kind: 'addPhoneBooking'; readonly eventPath: string; readonly request: PhoneBookingRequest }
  | { readonly kind: 'cancelBooking'; readonly eventPath: string; readonly id: string; readonly name: string }
  | { readonly kind: 'moveUp'; readonly eventPath: string; readonly id: string; readonly name: string }
  | { readonly kind: 'markPhoned'; readonly eventPath: string; readonly id: string; readonly name: string }
  | { readonly kind: 'cancelEvent'; readonly eventPath: string; readonly title: string; readonly message: string }
  | { readonly kind: 'saveGlobalSettings'; readonly settings: BookingGlobalSettings };

export type BookingsAdminJobKind = BookingsAdminJob['kind'];

/** What a job leaves behind: the booking it made or changed, or what cancelling an event did. */
export type BookingsAdminOutcome = AdminBooking | EventCancellation | BookingSettings | BookingGlobalSettings | null;

const CANCEL_MESSAGE_NEEDED = 'Please write a short message to everyone booked, saying why the event is cancelled.';

/** Where a job's outcome is shown: 'event:path', 'booking:id' or 'settings'. */
function bookingsJobTarget(job: BookingsAdminJob): string {
  switch (job.kind) {
    case 'saveSettings':
    case 'addPhoneBooking':
    case 'cancelEvent':
      return `event:${job.eventPath}`;
    case 'cancelBooking':
    case 'moveUp':
    case 'markPhoned':
      return `booking:${job.id}`;
    case 'saveGlobalSettings':
      return 'settings';
  }
}

const ASKS_FIRST: ReadonlySet<BookingsAdminJobKind> = new Set(['cancelBooking', 'cancelEvent']);

function isCancellation(outcome: BookingsAdminOutcome): outcome is EventCancellation {
  return outcome !== null && 'emailed' in outcome && 'toPhone' in outcome;
}

function isBooking(outcome: BookingsAdminOutcome): outcome is AdminBooking {
  return outcome !== null && 'status' in outcome && 'source' in outcome;
}

function doneText(job: BookingsAdminJob, outcome: BookingsAdminOutcome): string {
  switch (job.kind) {
    case 'saveSettings':
      return job.settings === null ? `“${job.title}” no longer takes bookings.` : `The booking settings of “${job.title}” were saved.`;
    case 'addPhoneBooking':
      return isBooking(outcome) && outcome.status === 'waiting'
        ? `${job.request.name} is on the waiting list (number ${outcome.waitingPosition ?? ''}): the event is full.`
        : `${job.request.name} is booked.`;
    case 'cancelBooking':
      return `${job.name}'s booking was cancelled. If someone was waiting, the first of them got the places.`;
    case 'moveUp':
      return isBooking(outcome) && outcome.toPhone
        ? `${job.name} is booked now. They gave no e-mail address, so please phone them to tell them.`
        : `${job.name} is booked now, and was told by e-mail.`;
    case 'markPhoned':
      return `${job.name} is marked as phoned.`;
    case 'cancelEvent': {
      const emailed = isCancellation(outcome) ? outcome.emailed : 0;
      const toPhone = isCancellation(outcome) ? outcome.toPhone.length : 0;
      const mail = emailed === 1 ? '1 person is being told by e-mail.' : `${emailed} people are being told by e-mail.`;
      return `“${job.title}” is cancelled. ${mail}${toPhone === 0 ? '' : ` Please phone the ${toPhone === 1 ? 'person' : `${toPhone} people`} listed below.`}`;
    }
    case 'saveGlobalSettings':
      return 'The booking settings were saved.';
  }
}

/** The event whose lists a job changed; null for the settings every event shares. */
function changedEvent({ context }: { context: { job: BookingsAdminJob | null } }): { eventPath: string | null } {
  return { eventPath: context.job === null || context.job.kind === 'saveGlobalSettings' ? null : context.job.eventPath };
}

export interface BookingsAdminContext {
  job: BookingsAdminJob | null;
  notice: string | null;
  problem: { readonly target: string; readonly message: string; readonly fieldErrors: Readonly<Record<string, string>> } | null;
  /** After cancelling an event: those booked without an e-mail address, to phone. */
  toPhone: readonly AdminBooking[];
}

export type BookingsAdminEvent = { type: 'job.start'; job: BookingsAdminJob } | { type: 'confirm' } | { type: 'cancel' };

export const bookingsAdminMachine = setup({
  types: { context: {} as BookingsAdminContext, events: {} as BookingsAdminEvent },
  actors: { run: toProvide<BookingsAdminOutcome, BookingsAdminJob>('run') },
  actions: {
    start: assign((_, { job }: { job: BookingsAdminJob }) => ({ job, notice: null, problem: null, toPhone: [] })),
    messageMissing: assign((_, { job }: { job: BookingsAdminJob }) => ({
      job: null,
      notice: null,
      problem: { target: bookingsJobTarget(job), message: CANCEL_MESSAGE_NEEDED, fieldErrors: { message: CANCEL_MESSAGE_NEEDED } },
    })),
    showProblem: assign(({ context }, { error }: { error: unknown }) => {
      const failure = toCoreError(error);
      const job = context.job;
      return { problem: { target: job === null ? '' : bookingsJobTarget(job), message: failure.message, fieldErrors: { ...failure.fieldErrors } }, job: null };
    }),
    showDone: assign(({ context }, { outcome }: { outcome: BookingsAdminOutcome }) => ({
      notice: context.job === null ? null : doneText(context.job, outcome),
      toPhone: isCancellation(outcome) ? outcome.toPhone : [],
      job: null,
    })),
    onChanged: (_, _params: { eventPath: string | null }) => {},
    focusNotice: () => {},
    focusProblem: (_, _params: { target: string }) => {},
    focusButton: (_, _params: { target: string }) => {},
    settingsSaved: () => {},
  },
  guards: {
    messageMissing: (_, { job }: { job: BookingsAdminJob }) => job.kind === 'cancelEvent' && job.message.trim() === '',
    asksFirst: (_, { job }: { job: BookingsAdminJob }) => ASKS_FIRST.has(job.kind),
    savingSettings: ({ context }) => context.job?.kind === 'saveSettings',
  },
}).createMachine({
  id: 'bookingsAdmin',
  initial: 'idle',
  context: { job: null, notice: null, problem: null, toPhone: [] },
  states: {
    idle: {
      on: {
        'job.start': [
          {
            guard: { type: 'messageMissing', params: ({ event }) => ({ job: event.job }) },
            actions: [
              { type: 'messageMissing', params: ({ event }) => ({ job: event.job }) },
              { type: 'focusProblem', params: ({ event }) => ({ target: bookingsJobTarget(event.job) }) },
            ],
          },
          {
            guard: { type: 'asksFirst', params: ({ event }) => ({ job: event.job }) },
            target: 'confirming',
            actions: { type: 'start', params: ({ event }) => ({ job: event.job }) },
          },
          { target: 'working', actions: { type: 'start', params: ({ event }) => ({ job: event.job }) } },
        ],
      },
    },
    confirming: {
      on: {
        confirm: 'working',
        cancel: {
          target: 'idle',
          actions: [
            { type: 'focusButton', params: ({ context }) => ({ target: context.job === null ? '' : bookingsJobTarget(context.job) }) },
            assign({ job: null }),
          ],
        },
      },
    },
    working: {
      invoke: {
        src: 'run',
        input: ({ context }) => {
          if (context.job === null) throw new Error('No job to run.');
          return context.job;
        },
        onDone: [
          {
            guard: 'savingSettings',
            target: 'idle',
            actions: [{ type: 'onChanged', params: changedEvent }, { type: 'showDone', params: ({ event }) => ({ outcome: event.output }) }, 'settingsSaved', 'focusNotice'],
          },
          { target: 'idle', actions: [{ type: 'onChanged', params: changedEvent }, { type: 'showDone', params: ({ event }) => ({ outcome: event.output }) }, 'focusNotice'] },
        ],
        onError: {
          target: 'idle',
          actions: [
            { type: 'focusProblem', params: ({ context }) => ({ target: context.job === null ? '' : bookingsJobTarget(context.job) }) },
            { type: 'showProblem', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});
