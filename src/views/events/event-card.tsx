import { Link } from 'react-router-dom';
import { eventPath, type EventSummary } from '../../../src-core/domain/event-listing';
import { ExternalLink } from '../../components/external-link';

/**
 * One event in a grid: the spec's card (title, 'Date:', 'Location:', 'Click to view PDF'),
 * with the title leading to the event's own page. An event without details shows the spec's
 * 'Unknown Date' and 'Unknown Location'.
 */
export function EventCard({ event, heading: Heading = 'h2' }: { readonly event: EventSummary; readonly heading?: 'h2' | 'h3' }) {
  return (
    <li className={event.status === 'past' ? 'card event-card event-card--past' : 'card event-card'}>
      <Heading className="event-card__title">
        <Link to={eventPath(event.id)} className="event-card__page-link">
          {event.title}
        </Link>
      </Heading>
      <dl className="event-card__facts">
        <div>
          <dt>Date:</dt> <dd>{event.when}</dd>
        </div>
        <div>
          <dt>Location:</dt> <dd>{event.where}</dd>
        </div>
      </dl>
      <ExternalLink href={event.file.url} className="event-card__link">
        Click to view PDF<span className="visually-hidden">: {event.title}</span>{' '}
        <span className="file-meta">({event.file.label})</span>
      </ExternalLink>
    </li>
  );
}
