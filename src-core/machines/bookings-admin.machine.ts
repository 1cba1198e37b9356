/**
 * What an organiser does with an event's bookings on the admin area's Events page (the lists
 * are route data, loaded again after each change): turn bookings on, change or off, take a
 * booking by phone, cancel a booking, move someone up from the waiting list, mark them phoned,
 * cancel the whole event, and the settings every event shares. Cancelling a booking and
 * cancelling the event ask first; the event's cancel message is checked here before anything is sent.
 *
 * Built on the job block (./jobs.setup.ts): a job ends with a notice (and, after cancelling an
 * event, the people without e-mail to phone in `toPhone`), or with `problem` on the job's target
 * (with the server's message per field where it gave them).
 * The composition root provides: actor `run` (input the job, output an EventCancellation for
 *   'cancelEvent'), from the bookings admin port; action `onChanged` (params { eventPath }: the
 *   counts and that event's lists load again, what is on screen staying meanwhile); `jobDone`
 *   (after 'saveSettings', the event's booking settings form closes); the view's `focusNotice`,
 *   `focusProblem` and `focusButton`.
 */
import { jobsMachine } from './jobs.setup';
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

export const bookingsAdminMachine = jobsMachine({
  id: 'bookingsAdmin',
  target: bookingsJobTarget,
  asksFirst: ASKS_FIRST,
  missing: (job: BookingsAdminJob) =>
    job.kind === 'cancelEvent' && job.message.trim() === '' ? { message: CANCEL_MESSAGE_NEEDED, fieldErrors: { message: CANCEL_MESSAGE_NEEDED } as Readonly<Record<string, string>> } : null,
  refused: (_, failure) => ({ message: failure.message, fieldErrors: { ...failure.fieldErrors } as Readonly<Record<string, string>> }),
  done: (job, outcome: BookingsAdminOutcome) => ({ notice: doneText(job, outcome), toPhone: isCancellation(outcome) ? outcome.toPhone : [] }),
  /** After cancelling an event: those booked without an e-mail address, to phone. */
  initial: { toPhone: [] as readonly AdminBooking[] },
  // The event whose lists a job changed; null for the settings every event shares.
  changed: (job) => ({ eventPath: job === null || job.kind === 'saveGlobalSettings' ? null : job.eventPath }),
});
