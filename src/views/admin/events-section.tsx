import { Link } from 'react-router-dom';
import { describeFile } from '../../../src-core/domain/files';
import { useRouteData } from '../../lib/route-data.hook';
import { DataState } from '../../components/data-state';
import { ExternalLink } from '../../components/external-link';
import { PAGE_HEADING_ID } from '../../components/page-heading';
import { eventListingQuery } from '../event.queries';
import { adminEventLabel } from './admin-event';
import { EventDetailsEditor } from './event-details-editor';

/**
 * The Events page of the admin area: every event file by its title and date, each with its
 * details (date, time, place, description) to add or change. Uploading and deleting event
 * files stays on /admin, as the spec puts them there.
 */
export function EventsSection() {
  const listing = useRouteData(eventListingQuery());
  return (
    <section aria-labelledby={PAGE_HEADING_ID} className="admin-card admin-events">
      <p>
        Each event shows on the &lsquo;Upcoming Events&rsquo; page. Add its date, time and place here so visitors can see
        when it is and add it to their calendar. To add or remove an event file, use <Link to="/admin">Files</Link>.
      </p>
      <DataState
        data={listing}
        loadingText="Loading events..."
        emptyText="There are no event files. Upload one under 'Upload Events' on the Files page."
        failureText="The events could not be loaded."
        isEmpty={(data) => data.events.length === 0}
      >
        {(data) => (
          <ul className="admin-events__list">
            {data.events.map((event) => {
              const label = adminEventLabel(event, data);
              return (
                <li key={event.file.fullPath} className="admin-event">
                  <h2 className="admin-event__title">{label.title}</h2>
                  <p className="admin-event__when">{label.when}</p>
                  <p className="admin-event__file">
                    <ExternalLink href={event.file.url} className="admin-event__open">
                      Open the file<span className="visually-hidden"> of {label.title}</span> <span className="file-meta">({describeFile(event.file)})</span>
                    </ExternalLink>
                  </p>
                  <EventDetailsEditor file={event.file} details={event.details} timeZone={data.timeZone} />
                </li>
              );
            })}
          </ul>
        )}
      </DataState>
    </section>
  );
}
