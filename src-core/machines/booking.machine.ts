/**
 * The booking form on an event page, built on the form block ('./form.setup').
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'submitting' -> 'booked' (final:
 *   the confirmation shows, booked or on the waiting list) or 'refused' (transient) -> 'editing'
 *   with the backend's field messages and `errorMessage` (what was typed is kept): a closed
 *   event, 'already booked', too many bookings, or the website unreachable.
 * Events: 'field.changed' { field: BookingField; value }, 'form.submit' { values? }.
 * Context: `values` (places as typed, '1' to start), `fieldErrors` (validateBookingRequest, or
 *   the backend's), `errorMessage`, `confirmation` (what the backend answered once booked).
 * Made for one event: `maxPlaces`, its per-booking limit, is what the form's own check uses.
 * The composition root provides:
 *   actor `submit`: fromPromise with input BookingRequest, resolving with the BookingConfirmation.
 *   actions `focusFieldToFix` (a refused submit: the first field to fix), `focusFailure` (a
 *   refusal with no field to fix) and `focusConfirmation` (booked): the view's.
 *   action `log` { level, message, error? } (default: the console).
 */
import { assign } from 'xstate';
import { toCoreError } from '../domain/core-error';
import { validateBookingRequest, type BookingConfirmation, type BookingField, type BookingRequest } from '../domain/bookings';
import type { FieldErrors } from '../domain/validation';
import { REFUSED, SUBMIT, VALIDATING, formSetup, notSent, type FormContext, type FormValues } from './form.setup';

export type BookingFormValues = FormValues<BookingField>;

const EMPTY_BOOKING_FORM: BookingFormValues = { name: '', email: '', phone: '', places: '1', answer: '' };

export interface BookingFormContext extends FormContext<BookingField> {
  confirmation: BookingConfirmation | null;
}

/** The form's values as the backend takes them: places as a number (NaN when not a whole number, which the rules refuse). */
function bookingRequestFrom(values: BookingFormValues): BookingRequest {
  const places = values.places.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    places: /^\d+$/.test(places) ? Number(places) : Number.NaN,
    answer: values.answer.trim(),
  };
}

/** The form's values from a post refused without script: every field as a string, anything else dropped. */
export function bookingValuesFrom(raw: Readonly<Record<string, unknown>>): BookingFormValues {
  const text = (field: BookingField) => (typeof raw[field] === 'string' ? raw[field] : EMPTY_BOOKING_FORM[field]);
  return { name: text('name'), email: text('email'), phone: text('phone'), places: text('places'), answer: text('answer') };
}

/** The per-field messages a server left in the page, for this form's fields only. */
export function bookingErrorsFrom(raw: Readonly<Record<string, unknown>>): FieldErrors<BookingField> {
  return Object.fromEntries(
    Object.entries(raw).filter((entry): entry is [BookingField, string] => entry[0] in EMPTY_BOOKING_FORM && typeof entry[1] === 'string'),
  ) as FieldErrors<BookingField>;
}

/** What the form says when the backend refuses the booking. */
function bookingFailureMessage(error: unknown): string {
  const failure = toCoreError(error);
  // The server's own words already say why: closed, already booked, wait a while, or the fields to change.
  if (failure.kind === 'invalid-input' || failure.kind === 'conflict' || failure.kind === 'too-many-requests') return failure.message;
  return `Your booking was not sent. ${failure.message} Nothing you typed is lost; please try again in a while.`;
}

export function bookingMachine(maxPlaces: number) {
  return formSetup<BookingField, BookingRequest, BookingConfirmation, BookingFormContext>({
    empty: EMPTY_BOOKING_FORM,
    validate: (values) => validateBookingRequest(bookingRequestFrom(values), maxPlaces),
    failureMessage: bookingFailureMessage,
  })
    .extend({
      actions: {
        focusConfirmation: () => {},
        keepConfirmation: assign((_, { confirmation }: { confirmation: BookingConfirmation }) => ({ confirmation })),
      },
    })
    .createMachine({
      id: 'booking',
      initial: 'editing',
      context: { values: { ...EMPTY_BOOKING_FORM }, fieldErrors: {}, errorMessage: null, confirmation: null },
      states: {
        editing: {
          on: { 'field.changed': { actions: 'change' }, 'form.submit': SUBMIT },
        },
        validating: VALIDATING,
        submitting: {
          invoke: {
            src: 'submit',
            input: ({ context }) => bookingRequestFrom(context.values),
            onDone: {
              target: 'booked',
              actions: [
                { type: 'keepConfirmation', params: ({ event }) => ({ confirmation: event.output }) },
                { type: 'log', params: ({ event }) => ({ level: 'info', message: `Booking accepted: ${event.output.status}.` }) },
                'focusConfirmation',
              ],
            },
            onError: { target: 'refused', actions: notSent('Booking not sent.') },
          },
        },
        refused: REFUSED,
        booked: { type: 'final' },
      },
    });
}
