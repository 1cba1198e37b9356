import type { BookingConfirmation } from '../../../src-core/domain/bookings';

interface BookingConfirmationProps {
  readonly confirmation: BookingConfirmation;
  /** The heading level: h2 in the event page's booking section, h1 on the confirmation page. */
  readonly headingLevel: 2 | 1;
  /** The outcome's id, for moving focus to it once booked. */
  readonly id?: string;
}

/**
 * What a person sees once booked (or on the waiting list): the same on the event page with
 * script and on the confirmation page a post without script leads to.
 */
export function BookingConfirmationDetails({ confirmation, headingLevel, id }: BookingConfirmationProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const waiting = confirmation.status === 'waiting';
  return (
    <div className="booking-confirmation">
      <div id={id} tabIndex={-1} role="status" className={waiting ? 'status booking-confirmation__outcome' : 'status status--success booking-confirmation__outcome'}>
        <Heading className="booking-confirmation__title">{waiting ? 'You are on the waiting list' : 'You are booked'}</Heading>
        <p>{confirmation.message}</p>
      </div>
      <dl className="booking-confirmation__facts">
        <div>
          <dt>Event:</dt> <dd>{confirmation.eventTitle}</dd>
        </div>
        <div>
          <dt>Date:</dt> <dd>{confirmation.when}</dd>
        </div>
        <div>
          <dt>Location:</dt> <dd>{confirmation.where}</dd>
        </div>
        <div>
          <dt>Name:</dt> <dd>{confirmation.name}</dd>
        </div>
        <div>
          <dt>Places:</dt> <dd>{confirmation.places}</dd>
        </div>
        {confirmation.answer === '' ? null : (
          <div>
            <dt>Your answer:</dt> <dd>{confirmation.answer}</dd>
          </div>
        )}
      </dl>
      {confirmation.emailed && confirmation.email !== null ? (
        <p>
          An e-mail with these details is on its way to <strong>{confirmation.email}</strong>. It has a link to cancel your booking
          if you cannot come.
        </p>
      ) : (
        <p>We have no e-mail address for you, so please note these details. Keep the link below in case you cannot come.</p>
      )}
      <ul className="booking-confirmation__links">
        {confirmation.calendarHref === null ? null : (
          <li>
            <a href={confirmation.calendarHref} className="button" download>
              Add to my calendar (.ics file)
            </a>
          </li>
        )}
        <li>
          <a href={confirmation.cancelHref} className="button button--secondary">
            Cancel this booking
          </a>
        </li>
      </ul>
    </div>
  );
}
