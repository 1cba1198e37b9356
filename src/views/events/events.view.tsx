import { Link, useSearchParams } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import { PAST_EVENTS_MONTHS } from '../../../src-core/domain/event-listing';
import { useRouteData } from '../../lib/route-data.hook';
import { DataState } from '../../components/data-state';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { eventsQuery, type EventsPageData } from '../event.queries';
import { CalendarFeedSection } from './calendar-feed-section';
import { EventCard } from './event-card';
import { ALL_PAST_EVENTS_SEARCH, BRANCH_PARAM, showsAllPastEvents } from './past-events';
import { BranchFilter } from './branch-filter';
import './events.css';

const nothingAtAll = ({ overview }: EventsPageData) =>
  overview.upcoming.length + overview.undated.length + overview.past.length + overview.olderPastCount === 0;

export function EventsView() {
  usePageTitle(pageTitle('events'));
  const [search] = useSearchParams();
  const allPast = showsAllPastEvents(search);
  const branchSlug = search.get(BRANCH_PARAM) ?? '';
  const data = useRouteData(eventsQuery(allPast, branchSlug));

  return (
    <>
      <PageHeading>Upcoming Events</PageHeading>
      <DataState
        data={data}
        loadingText="Loading files..."
        emptyText="There are no upcoming events yet. Please check back soon."
        failureText="The events could not be loaded."
        isEmpty={(page) => nothingAtAll(page) && page.branches.length === 0}
      >
        {({ overview, calendar, branches, branch }) => (
          <>
            {branch !== null && (
              <p className="events__chosen-branch">
                {branch.name === '' ? 'No branch has that address: no events are shown.' : `Showing the events of ${branch.name} only.`}
              </p>
            )}
            {overview.upcoming.length + overview.undated.length === 0 ? (
              <p className="status">There are no upcoming events yet. Please check back soon.</p>
            ) : (
              <ul className="grid">
                {[...overview.upcoming, ...overview.undated].map((event) => (
                  <EventCard key={event.id} event={event} />
                ))}
              </ul>
            )}
            {/* After the upcoming events, so a visitor meets the events first and the choice of branch next. */}
            <BranchFilter branches={branches} chosen={branch} />
            {calendar === null ? (
              <p className="events__no-feed">
                Calendar apps cannot subscribe to our events on this website. To add an event to your calendar, open it and choose
                Add to calendar.
              </p>
            ) : (
              <CalendarFeedSection calendar={calendar} />
            )}
            {overview.past.length + overview.olderPastCount === 0 ? null : (
              <section aria-labelledby="past-events" className="events__past">
                <h2 id="past-events">Past events</h2>
                <p>{allPast ? 'Every event that has taken place, newest first.' : `Events of the last ${PAST_EVENTS_MONTHS} months, newest first.`}</p>
                {overview.past.length === 0 ? null : (
                  <ul className="grid">
                    {overview.past.map((event) => (
                      <EventCard key={event.id} event={event} heading="h3" />
                    ))}
                  </ul>
                )}
                {!allPast && overview.olderPastCount > 0 ? (
                  <Link to={`/events?${ALL_PAST_EVENTS_SEARCH}${branchSlug === '' ? '' : `&${BRANCH_PARAM}=${encodeURIComponent(branchSlug)}`}`} className="button button--secondary">
                    Show older events ({overview.olderPastCount})
                  </Link>
                ) : null}
              </section>
            )}
          </>
        )}
      </DataState>
    </>
  );
}
