import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { BOOKING_MESSAGES, BOOKING_PAGES, type BookingByToken } from '../../../src-core/domain/bookings';
import { isCoreError } from '../../../src-core/domain/core-error';
import { eventPath } from '../../../src-core/domain/event-listing';
import { pageTitle } from '../../../src-core/domain/navigation';
import { NotForSearchEnginesOnceRunning } from '../../components/not-for-search-engines';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { useBackend, useRouteDataCache } from '../../lib/backend.context';
import {
  BOOKING_CANCEL_KEY,
  BOOKING_CONFIRMATION_KEY,
  bookingCancelOutcomeFrom,
  bookingConfirmationFrom,
} from '../../lib/booking-pages.state';
import { useRouteData } from '../../lib/route-data.hook';
import { BookingConfirmationDetails } from './booking-confirmation';
import { bookingByTokenQuery } from './booking.queries';

const LINK_CUT_SHORT = 'This link is not complete. Please use the whole link from your confirmation e-mail.';
const UNAVAILABLE = 'The website cannot be reached right now. Please try again in a while, or contact us.';

function BackToEvent({ eventId }: { readonly eventId: string }) {
  return (
    <p>
      <Link to={eventPath(eventId)}>Back to the event</Link> or <Link to="/events">see all the events</Link>.
    </p>
  );
}

/** The booking a page is about: the event, its date, the name and the places. */
function BookingFacts({ booking }: { readonly booking: BookingByToken }) {
  return (
    <dl className="booking-confirmation__facts">
      <div>
        <dt>Event:</dt> <dd>{booking.eventTitle}</dd>
      </div>
      <div>
        <dt>Date:</dt> <dd>{booking.when}</dd>
      </div>
      <div>
        <dt>Name:</dt> <dd>{booking.name}</dd>
      </div>
      <div>
        <dt>Places:</dt> <dd>{booking.places}</dd>
      </div>
    </dl>
  );
}

/** After a booking posted without script (BOOKING_PAGES.booked): its confirmation, shown once. */
function BookedView() {
  usePageTitle(pageTitle('booking'));
  const { event = '' } = useParams();
  const cache = useRouteDataCache();
  const [confirmation] = useState(() => bookingConfirmationFrom(cache.get(BOOKING_CONFIRMATION_KEY)));
  if (confirmation === undefined) {
    return (
      <div className="booking-page">
      <NotForSearchEnginesOnceRunning />
        <PageHeading>Your booking</PageHeading>
        <p>
          This page showed a booking once, just after it was made. If you gave an e-mail address, your confirmation e-mail has
          the details and a link to cancel.
        </p>
        <BackToEvent eventId={event} />
      </div>
    );
  }
  return (
    <div className="booking-page">
      <NotForSearchEnginesOnceRunning />
      <BookingConfirmationDetails confirmation={confirmation} headingLevel={1} />
      <BackToEvent eventId={confirmation.eventId} />
    </div>
  );
}

type CancelOutcome = { readonly kind: 'done'; readonly booking: BookingByToken } | { readonly kind: 'refused'; readonly message: string };

/**
 * The page a confirmation's cancel link opens (BOOKING_PAGES.cancel?token=): the booking and one
 * button, a POST, so opening the link (as a mail program's link scanner does) changes nothing.
 * Without script the form posts the token to the page's own address and the server leads to
 * BOOKING_PAGES.cancelled.
 */
function CancelView() {
  usePageTitle(pageTitle('booking', 'Cancel a booking'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { bookings } = useBackend();
  return (
    <div className="booking-page">
      <NotForSearchEnginesOnceRunning />
      <PageHeading>Cancel a booking</PageHeading>
      {bookings === undefined ? (
        <p>{BOOKING_MESSAGES.notOffered}</p>
      ) : token === '' ? (
        <p className="status status--error">{LINK_CUT_SHORT}</p>
      ) : (
        <CancelBooking token={token} cancel={(value) => bookings.cancel(value)} />
      )}
    </div>
  );
}

function CancelBooking({ token, cancel }: { readonly token: string; readonly cancel: (token: string) => Promise<BookingByToken> }) {
  const booking = useRouteData(bookingByTokenQuery(token));
  const [outcome, setOutcome] = useState<CancelOutcome | undefined>();
  const [sending, setSending] = useState(false);
  const outcomeId = useId();
  const moved = useRef(false);

  useEffect(() => {
    if (moved.current) document.getElementById(outcomeId)?.focus();
  }, [outcome, outcomeId]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      setOutcome({ kind: 'done', booking: await cancel(token) });
    } catch (error) {
      const notValid = isCoreError(error) && error.kind === 'not-found';
      setOutcome({ kind: 'refused', message: notValid ? BOOKING_MESSAGES.cancelLinkNotValid : UNAVAILABLE });
    }
    setSending(false);
    moved.current = true;
  }

  if (outcome?.kind === 'done') {
    return (
      <>
        <p id={outcomeId} role="status" tabIndex={-1} className="status status--success booking-page__outcome">
          {BOOKING_MESSAGES.cancelled}
        </p>
        <BookingFacts booking={outcome.booking} />
        <BackToEvent eventId={outcome.booking.eventId} />
      </>
    );
  }
  if (booking.status === 'loading') {
    return (
      <p role="status" className="data-state--loading">
        Loading your booking...
      </p>
    );
  }
  if (booking.status === 'error') {
    return (
      <p className="status status--error">{booking.error.kind === 'not-found' ? BOOKING_MESSAGES.cancelLinkNotValid : UNAVAILABLE}</p>
    );
  }
  const found = booking.data;
  const gone = found.status === 'cancelled' || found.eventCancelled;
  return (
    <>
      {outcome?.kind === 'refused' && (
        <p id={outcomeId} role="alert" tabIndex={-1} className="status status--error booking-page__outcome">
          {outcome.message}
        </p>
      )}
      <BookingFacts booking={found} />
      {gone ? (
        <>
          <p className="status">{found.eventCancelled ? BOOKING_MESSAGES.eventCancelled : BOOKING_MESSAGES.alreadyCancelled}</p>
          <BackToEvent eventId={found.eventId} />
        </>
      ) : (
        <form method="post" action={BOOKING_PAGES.cancel} onSubmit={(event) => void submit(event)} className="booking-page__form">
          <p>
            {found.status === 'waiting'
              ? 'You are on the waiting list. If you no longer want a place, press the button to take your name off the list.'
              : 'If you cannot come, press the button to cancel your booking, so someone else can have your place.'}
          </p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button" disabled={sending}>
            Cancel my booking
          </button>
        </form>
      )}
    </>
  );
}

/** Where a cancel posted without script leads (BOOKING_PAGES.cancelled): what was cancelled, or why nothing was. */
function CancelledView() {
  usePageTitle(pageTitle('booking', 'Booking cancelled'));
  const cache = useRouteDataCache();
  const [outcome] = useState(() => bookingCancelOutcomeFrom(cache.get(BOOKING_CANCEL_KEY)));
  return (
    <div className="booking-page">
      <NotForSearchEnginesOnceRunning />
      <PageHeading>Your booking</PageHeading>
      {outcome === undefined ? (
        <p>This page showed a cancelled booking once, just after it was cancelled. <Link to="/events">See all the events</Link>.</p>
      ) : 'booking' in outcome ? (
        <>
          <p role="status" className="status status--success">
            {outcome.booking.eventCancelled ? BOOKING_MESSAGES.eventCancelled : BOOKING_MESSAGES.cancelled}
          </p>
          <BookingFacts booking={outcome.booking} />
          <BackToEvent eventId={outcome.booking.eventId} />
        </>
      ) : (
        <p className="status status--error">{outcome.message}</p>
      )}
    </div>
  );
}

/** The three booking pages, in the subscription pages' chunk (subscription-pages.tsx): small and seldom seen. */
export const BOOKING_PAGE_VIEWS = { booked: BookedView, cancel: CancelView, cancelled: CancelledView } as const;
