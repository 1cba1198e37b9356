import { Link } from 'react-router-dom';
import { eventPath } from '../../../src-core/domain/event-listing';
import { useRouteData } from '../../lib/route-data.hook';
import { nextEventQuery } from '../event.queries';

/**
 * The next event, below the mission text. Shown only once known: the server renders it into the
 * page; where the page is built without data (the hosted build) it appears when loaded, and a
 * failure to load it leaves the home page as it was rather than showing an error there.
 */
export function NextEvent() {
  const next = useRouteData(nextEventQuery());
  if (next.status !== 'ready' || next.data === null) return null;
  const event = next.data;
  return (
    <section aria-labelledby="home-next-event" className="home__next-event">
      <h2 id="home-next-event">Our next event</h2>
      <p className="home__next-event-title">
        <Link to={eventPath(event.id)}>{event.title}</Link>
      </p>
      <p>
        {event.when}
        {event.where === 'Unknown Location' ? null : <>, {event.where}</>}
      </p>
      <p>
        <Link to="/events">See all our events</Link>
      </p>
    </section>
  );
}
