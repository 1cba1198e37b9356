import { eventsOverview, nextUpcomingEvent, type CalendarFeed, type EventSummary, type EventsOverview } from '../../src-core/domain/event-listing';
import type { Backend } from '../../src-core/ports/backend';
import type { BranchLink } from '../../src-core/domain/branches';
import { defineQuery, type RouteDataCache } from '../lib/route-data.cache';

// The events' queries, shared like route.queries.ts's by the views and the route table. One
// event's page has its own (event/event.query.ts), so the home page does not download its calendar code.

/** The events folder as a backend lists it, details and zone included, for the admin area. */
export const eventListingQuery = () => defineQuery('events:listing', (backend, signal) => backend.events.listEvents({ signal }));

/**
 * After an event changed: the public event pages are forgotten (they load afresh when next
 * shown) and the admin area's listing loads again in place, so its forms stay on screen.
 */
export function eventsChanged(cache: RouteDataCache, backend: Backend): void {
  for (const prefix of ['events:recent', 'events:all-past', 'events:next', 'event:']) cache.invalidate(prefix);
  void cache.refresh(eventListingQuery(), backend);
}

export interface EventsPageData {
  readonly overview: EventsOverview;
  readonly calendar: CalendarFeed | null;
  /** The active branches, for a link per branch; none where the backend keeps no branches. */
  readonly branches: readonly BranchLink[];
  /** The branch whose events only are shown (?branch=slug); null for every event. */
  readonly branch: BranchLink | null;
}

/**
 * The Events page: upcoming, undated and past events; every past one when `allPast`; only one
 * branch's when `branchSlug` names one (an address naming no branch shows none).
 */
export const eventsQuery = (allPast: boolean, branchSlug = '') =>
  defineQuery(
    `events:${allPast ? 'all-past' : 'recent'}${branchSlug === '' ? '' : `:branch:${branchSlug}`}`,
    async (backend, signal): Promise<EventsPageData> => {
      const [listing, branches] = await Promise.all([
        backend.events.listEvents({ signal }),
        backend.branches === undefined ? Promise.resolve([]) : backend.branches.listBranches({ signal }),
      ]);
      const links = branches.filter((one) => one.active).map(({ id, slug, name }) => ({ id, slug, name }));
      const branch = branchSlug === '' ? null : (links.find((one) => one.slug === branchSlug) ?? { id: '', slug: branchSlug, name: '' });
      const events = branch === null ? listing.events : listing.events.filter((event) => branch.id !== '' && event.branch?.id === branch.id);
      return { overview: eventsOverview({ ...listing, events }, { allPast }), calendar: listing.calendar, branches: links, branch };
    },
    { expiresAt: (data) => data.overview.changesAt },
  );

/** The home page's pointer to the next event, or null when none is coming up. */
export const nextEventQuery = () =>
  defineQuery(
    'events:next',
    async (backend, signal): Promise<EventSummary | null> => nextUpcomingEvent(await backend.events.listEvents({ signal })),
    { expiresAt: (event) => event?.finishesAt ?? null },
  );
