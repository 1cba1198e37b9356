import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { describeFile } from '../../../src-core/domain/files';
import { useRouteData } from '../../lib/route-data.hook';
import { DataState } from '../../components/data-state';
import { ExternalLink } from '../../components/external-link';
import { PAGE_HEADING_ID } from '../../components/page-heading';
import { eventListingQuery } from '../event.queries';
import { adminEventLabel } from './admin-event';
import { EventDetailsEditor } from './event-details-editor';
import { BookingGlobalSettingsSection, EventBookingsPanel } from './event-bookings';
import { bookingSummariesQuery } from './bookings.queries';
import { useBackend } from '../../lib/backend.context';
import type { ListedEvent } from '../../../src-core/domain/event-listing';
import { useBranchLimit } from './branch-limit';
import { activeBranchesQuery } from '../branches/branches.queries';
import { useAfterRender } from '../../lib/after-render.hook';
import { BranchEventUpload, DeleteEventButton } from './branch-event-files';
import { StoppedUploadNote } from './upload-guard';

/** An event's bookings panel, once the counts of every event are there (one request for the whole list). */
function EventBookings({ eventPath, title }: { readonly eventPath: string; readonly title: string }) {
  const summaries = useRouteData(bookingSummariesQuery());
  if (summaries.status === 'loading') return null;
  if (summaries.status === 'error') {
    return (
      <p className="status status--error">
        The bookings could not be loaded. {summaries.error.message}
      </p>
    );
  }
  return <EventBookingsPanel eventPath={eventPath} title={title} summary={summaries.data[eventPath]} />;
}

/**
 * The Events page of the admin area: every event file by its title and date, each with its
 * details (date, time, place, description) to add or change, and, where the backend takes
 * bookings, its bookings. Uploading and deleting event files stays on /admin, as the spec puts them there;
 * a branch officer, who has no Files page, uploads and deletes their branch's events here.
 */
export function EventsSection() {
  const listing = useRouteData(eventListingQuery());
  const { bookingsAdmin, privacy } = useBackend();
  const takesBookings = bookingsAdmin !== undefined;
  // A branch officer works on their branch's events only (the server refuses the others), and
  // keeps them there: no choice of branch.
  const branchLimit = useBranchLimit();
  const oneBranch = branchLimit !== undefined;
  const shown = (events: readonly ListedEvent[]) => (oneBranch ? events.filter((event) => event.branch !== undefined && event.branch.id === branchLimit) : events);
  const branches = useRouteData(activeBranchesQuery());
  const branchChoices = !oneBranch && branches.status === 'ready' && branches.data !== null && branches.data.length > 0 ? branches.data : null;
  const [deleted, setDeleted] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const afterRender = useAfterRender();
  function onDeleted(title: string): void {
    setDeleted(`"${title}" was deleted.`);
    // The event and its button are gone; the notice takes focus so the keyboard stays on the list.
    afterRender(() => noticeRef.current?.focus());
  }
  return (
    <>
      {oneBranch ? (
        <>
          <StoppedUploadNote />
          <BranchEventUpload />
        </>
      ) : null}
      <section aria-labelledby={PAGE_HEADING_ID} className="admin-card admin-events">
        {oneBranch ? (
          <>
            <p>
              These are your branch&rsquo;s events. Add each one&rsquo;s date, time and place here so visitors can see when it is and add it to
              their calendar.
            </p>
            <p>
              To add an event, upload its file under &lsquo;Upload Events&rsquo; above: it goes into your branch at once. To change an
              event&rsquo;s file, delete the event here, then upload the new file and add its date, time and place again.
            </p>
            <div ref={noticeRef} tabIndex={-1} role="status" className="admin-delete__notice">
              {deleted !== null && <p className="status status--success">{deleted}</p>}
            </div>
          </>
        ) : (
          <p>
            Each event shows on the &lsquo;Upcoming Events&rsquo; page. Add its date, time and place here so visitors can see
            when it is and add it to their calendar. To add or remove an event file, use <Link to="/admin">Files</Link>.
          </p>
        )}
        <DataState
          data={listing}
          loadingText="Loading events..."
          emptyText={oneBranch ? 'Your branch has no events yet. Upload one under ‘Upload Events’ above.' : "There are no event files. Upload one under 'Upload Events' on the Files page."}
          failureText="The events could not be loaded."
          isEmpty={(data) => shown(data.events).length === 0}
        >
          {(data) => (
            <ul className="admin-events__list">
              {shown(data.events).map((event) => {
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
                    <EventDetailsEditor
                      file={event.file}
                      details={event.details}
                      timeZone={data.timeZone}
                      {...(event.branch === undefined ? {} : { branch: event.branch })}
                      branchChoices={branchChoices}
                    />
                    {takesBookings ? <EventBookings eventPath={event.file.fullPath} title={label.title} /> : null}
                    {oneBranch ? <DeleteEventButton file={event.file} title={label.title} onDeleted={onDeleted} /> : null}
                  </li>
                );
              })}
            </ul>
          )}
        </DataState>
        {/* Bookings kept by an outside service: no server of the association's sends reminders or deletes old bookings. */}
        {!takesBookings || oneBranch ? null : privacy.bookingsKeptBy === undefined ? (
          <BookingGlobalSettingsSection />
        ) : (
          <p className="admin-events__no-bookings">
            On this website no reminder e-mail is sent the day before an event, and bookings are not deleted by themselves
            after it: both need the association&rsquo;s own server. Someone moved up from the waiting list when another
            person cancels is e-mailed when you next open the event&rsquo;s bookings. Delete old bookings yourself from the
            Firebase console.
          </p>
        )}
      </section>
    </>
  );
}
