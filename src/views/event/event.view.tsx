import { branchPagePath } from '../../../src-core/domain/branch-pages';
import { Link, useParams } from 'react-router-dom';
import { calendarFileName } from '../../../src-core/domain/calendar-links';
import { eventStructuredData, scriptSafeJson } from '../../../src-core/domain/event-structured-data';
import { pageTitle } from '../../../src-core/domain/navigation';
import { ExternalLink } from '../../components/external-link';
import { NotForSearchEnginesOnceRunning } from '../../components/not-for-search-engines';
import { PageHeading } from '../../components/page-heading';
import { LoadFailure } from '../../components/data-state';
import { usePageTitle } from '../../components/page-title.hook';
import { useRouteData } from '../../lib/route-data.hook';
import { BookingSectionPart } from './booking-section.part';
import { eventQuery, type EventPageData } from './event.query';
import './event.css';

const backToEvents = (
  <p>
    <Link to="/events" className="event-page__back">
      <span aria-hidden="true">←</span> All events
    </Link>
  </p>
);

function AddToCalendar({ event }: { readonly event: EventPageData }) {
  if (event.googleLink === null && event.calendarFile === null) return null;
  return (
    <section aria-labelledby="add-to-calendar" className="event-page__calendar">
      <h2 id="add-to-calendar">Add to calendar</h2>
      <ul className="event-page__calendar-links">
        {event.calendarFile === null ? null : (
          <li>
            <a href={event.calendarFile} className="button" download={calendarFileName(event.title)}>
              Add to my calendar (.ics file)
            </a>
          </li>
        )}
        {event.googleLink === null ? null : (
          <li>
            <ExternalLink href={event.googleLink} className="button button--secondary">
              Add to Google Calendar
            </ExternalLink>
          </li>
        )}
        {event.outlookLink === null ? null : (
          <li>
            <ExternalLink href={event.outlookLink} className="button button--secondary">
              Add to Outlook Calendar
            </ExternalLink>
          </li>
        )}
      </ul>
    </section>
  );
}

function EventDetailsPage({ event }: { readonly event: EventPageData }) {
  const structured = eventStructuredData(event);
  return (
    <article className="event-page">
      {backToEvents}
      <PageHeading>{event.title}</PageHeading>
      {event.status === 'past' ? <p className="status">This event has taken place.</p> : null}
      <dl className="event-page__facts">
        <div>
          <dt>Date:</dt> <dd>{event.when}</dd>
        </div>
        <div>
          <dt>Location:</dt> <dd>{event.where}</dd>
        </div>
        {event.branch === undefined ? null : (
          <div>
            <dt>Branch:</dt>{' '}
            <dd>
              <Link to={branchPagePath(event.branch.slug)}>{event.branch.name}</Link>
            </dd>
          </div>
        )}
      </dl>
      {event.description === '' ? null : (
        <div className="event-page__description">
          {event.description.split('\n\n').map((paragraph, index) => (
            <p key={index}>
              {paragraph.split('\n').map((line, lineIndex) => (
                <span key={lineIndex}>
                  {lineIndex > 0 ? <br /> : null}
                  {line}
                </span>
              ))}
            </p>
          ))}
        </div>
      )}
      <p>
        <ExternalLink href={event.file.url} className="event-page__pdf">
          Click to view PDF<span className="visually-hidden">: {event.title}</span>{' '}
          <span className="file-meta">({event.file.label})</span>
        </ExternalLink>
      </p>
      {event.status === 'past' ? null : <AddToCalendar event={event} />}
      <BookingSectionPart eventId={event.id} />
      {structured === null ? null : (
        // Data for search engines, never run: the page's policy allows no inline script but the loader.
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(structured) }} />
      )}
    </article>
  );
}

export function EventView() {
  const { id = '' } = useParams();
  const event = useRouteData(eventQuery(id));
  const missing = event.status === 'error' && event.error.kind === 'not-found';

  usePageTitle(
    event.status === 'ready' ? pageTitle('event', event.data.title) : missing ? pageTitle('not-found') : pageTitle('event'),
  );

  if (event.status === 'ready') return <EventDetailsPage event={event.data} />;

  if (missing) {
    return (
      <>
        <NotForSearchEnginesOnceRunning />
        <PageHeading>Event not found</PageHeading>
        <p>Sorry, we could not find that event. It may have been removed.</p>
        <p>
          <Link to="/events" className="button">
            See all the events
          </Link>
        </p>
      </>
    );
  }

  // The same heading element as the loaded page, so the focus the layout gave it stays.
  return (
    <article className="event-page">
      {backToEvents}
      <PageHeading>Event</PageHeading>
      {event.status === 'loading' ? (
        <p role="status" className="data-state--loading">
          Loading files...
        </p>
      ) : (
        <LoadFailure retry={event.retry}>The event could not be loaded. {event.error.message}</LoadFailure>
      )}
    </article>
  );
}
