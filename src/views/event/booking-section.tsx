import { useMachine } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  BOOKING_FIELDS,
  BOOKING_FORM_ANCHOR,
  BOOKING_LIMITS,
  BOOKING_PAGES,
  type BookingAvailability,
  type BookingConfirmation,
  type BookingField,
  type BookingRequest,
} from '../../../src-core/domain/bookings';
import { bookingErrorsFrom, bookingMachine, bookingValuesFrom } from '../../../src-core/machines/booking.machine';
import type { FieldChangedEvent } from '../../../src-core/machines/form.setup';
import type { BookingsPort } from '../../../src-core/ports/bookings.port';
import { useAfterRender } from '../../lib/after-render.hook';
import { useRouteDataCache } from '../../lib/backend.context';
import { bookingFormKey, bookingFormRefusalFrom } from '../../lib/booking-pages.state';
import { focusById, focusFirstInvalidField } from '../../lib/focus';
import { BookingConfirmationDetails } from '../bookings/booking-confirmation';
import { ErrorSummary } from '../../components/error-summary';
import { LabelledField } from '../../components/labelled-field';
import { FormTrap, trapValue } from '../../components/form-trap';
import { submitHandler } from '../../lib/form-values';

interface BookingFormProps {
  readonly availability: BookingAvailability;
  readonly bookings: BookingsPort;
  /** Called once booked, so the places shown above the form are loaded again. */
  readonly onBooked: () => void;
}

/**
 * The booking form of an event page: a plain form that posts to the event's booking address
 * without script, sent through the booking machine with it; once booked, the confirmation.
 */
function BookingForm({ availability, bookings, onBooked }: BookingFormProps) {
  const formId = useId();
  const outcomeId = `${formId}-outcome`;
  const confirmationId = `${formId}-confirmation`;
  const honeypotId = `${formId}-website`;
  const afterRender = useAfterRender();
  const [machine] = useState(() =>
    bookingMachine(availability.maxPlacesPerBooking).provide({
      actors: {
        // The trap field is read as the booking goes, since robots fill it in at any moment.
        submit: fromPromise<BookingConfirmation, BookingRequest>(({ input }) =>
          bookings.book(availability.eventId, { ...input, website: trapValue(honeypotId) }),
        ),
      },
      actions: {
        focusFieldToFix: () => afterRender(() => focusFirstInvalidField(formId)),
        focusFailure: () => afterRender(() => focusById(outcomeId)),
        focusConfirmation: () => {
          onBooked();
          afterRender(() => focusById(confirmationId));
        },
      },
    }),
  );
  // A post refused without script comes back with the server's messages and what was typed.
  const cache = useRouteDataCache();
  const [restored] = useState(() => {
    const refusal = bookingFormRefusalFrom(cache.get(bookingFormKey(availability.eventId)));
    return refusal === undefined
      ? undefined
      : machine.resolveState({
          value: 'editing',
          context: {
            values: bookingValuesFrom(refusal.values),
            fieldErrors: bookingErrorsFrom(refusal.fieldErrors),
            errorMessage: refusal.message,
            confirmation: null,
          },
        });
  });
  const [state, send] = useMachine(machine, restored === undefined ? {} : { snapshot: restored });
  // Shown once: coming back to the page later starts with an empty form.
  useEffect(() => cache.invalidate(bookingFormKey(availability.eventId)), [cache, availability.eventId]);

  const { fieldErrors, errorMessage, values, confirmation } = state.context;
  if (confirmation !== null) return <BookingConfirmationDetails confirmation={confirmation} headingLevel={2} id={confirmationId} />;

  const sending = state.matches('submitting');
  const ids = Object.fromEntries(BOOKING_FIELDS.map((name) => [name, `${formId}-${name}`])) as Record<BookingField, string>;
  const problems = BOOKING_FIELDS.filter((name) => fieldErrors[name] !== undefined);
  const change = (name: BookingField, value: string) => send({ type: 'field.changed', field: name, value } satisfies FieldChangedEvent<BookingField>);
  const text = (name: BookingField) => ({
    id: ids[name],
    name,
    value: values[name],
    readOnly: sending,
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });
  const waiting = availability.state === 'waiting-list';
  const maxPlaces = availability.maxPlacesPerBooking;

  return (
    <>
      <div id={outcomeId} tabIndex={-1} className="booking__outcome">
        {errorMessage !== null && (
          <p role="alert" className="status status--error">
            {errorMessage}
          </p>
        )}
      </div>

      <ErrorSummary id={`${formId}-summary`} fields={problems} errors={fieldErrors} fieldIds={ids} headingLevel={3} />

      {/* method and action let the form work as a plain post where script has not run. */}
      <form id={formId} className="booking-form" method="post" action={BOOKING_PAGES.book.replace(':event', encodeURIComponent(availability.eventId))} noValidate onSubmit={submitHandler(send)}>
        <LabelledField id={ids.name} label="Your name" error={fieldErrors.name}>
          {(aria) => <input {...text('name')} {...aria} type="text" autoComplete="name" maxLength={BOOKING_LIMITS.name} required />}
        </LabelledField>
        <fieldset className="booking-form__group">
          <legend>How we can reach you</legend>
          <p className="form-field__hint">Give an e-mail address, a phone number, or both. We use them only for this event.</p>
          <LabelledField id={ids.email} label="E-mail address" hint="We send your confirmation and a link to cancel here." error={fieldErrors.email}>
            {(aria) => <input {...text('email')} {...aria} type="email" autoComplete="email" maxLength={BOOKING_LIMITS.email} />}
          </LabelledField>
          <LabelledField id={ids.phone} label="Phone number" error={fieldErrors.phone}>
            {(aria) => <input {...text('phone')} {...aria} type="tel" autoComplete="tel" maxLength={BOOKING_LIMITS.phone} />}
          </LabelledField>
        </fieldset>
        <LabelledField
          id={ids.places}
          label="Number of places"
          hint={maxPlaces === 1 ? 'Each booking is for 1 place.' : `Up to ${maxPlaces} places in one booking.`}
          error={fieldErrors.places}
        >
          {(aria) => (
            <select
              name="places"
              className="form-select booking-form__select"
              value={values.places}
              disabled={sending}
              {...aria}
              onChange={(event) => change('places', event.target.value)}
            >
              {/* A value a refused post brought back that is not on the list stays choosable, so it is shown as sent. */}
              {Array.from({ length: maxPlaces }, (_, index) => String(index + 1))
                .concat(/^\d+$/.test(values.places) && Number(values.places) > maxPlaces ? [values.places] : [])
                .map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
            </select>
          )}
        </LabelledField>
        {availability.question === '' ? null : (
          <LabelledField
            id={ids.answer}
            label={
              <>
                {availability.question}
                <span className="form-field__optional"> (optional)</span>
              </>
            }
            error={fieldErrors.answer}
          >
            {(aria) => <textarea {...text('answer')} {...aria} rows={3} maxLength={BOOKING_LIMITS.answer} />}
          </LabelledField>
        )}
        <FormTrap id={honeypotId} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={sending}>
            {waiting ? 'Join the waiting list' : 'Book my place'}
          </button>
          {sending && (
            <p role="status" className="booking-form__sending">
              Sending your booking...
            </p>
          )}
        </div>
      </form>
    </>
  );
}

export type BookingSectionProps = BookingFormProps;

/** An event's booking section: places left, when bookings close, and the form while it takes bookings. */
export function BookingSection({ availability, bookings, onBooked }: BookingSectionProps) {
  const headingId = useId();
  const open = availability.state === 'open' || availability.state === 'waiting-list';
  return (
    <section id={BOOKING_FORM_ANCHOR} aria-labelledby={headingId} className="booking">
      <h2 id={headingId}>Book a place</h2>
      <p className={open ? 'booking__places' : 'booking__places booking__places--closed'}>{availability.summary}</p>
      {open && availability.closesAtText !== null ? <p>Bookings close on {availability.closesAtText}.</p> : null}
      {open ? <BookingForm availability={availability} bookings={bookings} onBooked={onBooked} /> : null}
    </section>
  );
}
