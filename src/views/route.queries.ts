import { eventCalendarDataUrl, eventCalendarText, googleCalendarLink, outlookCalendarLink } from '../../src-core/domain/calendar-links';
import { CoreError } from '../../src-core/domain/core-error';
import {
  eventCalendarPath,
  eventPath,
  eventsOverview,
  findEvent,
  nextUpcomingEvent,
  summariseEvent,
  type CalendarFeed,
  type EventSummary,
  type EventsOverview,
} from '../../src-core/domain/event-listing';
import { sortNewestFirst } from '../../src-core/domain/news';
import { noSearch } from '../../src-core/domain/search';
import type { Folder } from '../../src-core/domain/stored-file';
import type { Backend } from '../../src-core/ports/backend';
import { defineQuery, type RouteDataCache } from '../lib/route-data.cache';

// Shared by the views (useRouteData) and the route table (so a server loads the same keys first).

export const postsQuery = () =>
  defineQuery('posts', async (backend, signal) => sortNewestFirst(await backend.content.listPosts({ signal })));

/** The search page's results; an empty query asks the backend nothing. */
export const searchQuery = (query: string) =>
  defineQuery(`search:${query}`, (backend, signal) =>
    query === '' ? Promise.resolve(noSearch(backend.search.coverage)) : backend.search.search(query, { signal }),
  );

export const postQuery = (id: string) =>
  defineQuery(`post:${id}`, (backend, signal) => backend.content.getPost(id, { signal }));

export const filesQuery = (folder: Folder) =>
  defineQuery(`files:${folder}`, (backend, signal) => backend.storage.listFiles(folder, { signal }));

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
}

/** The Events page: upcoming, undated and past events; every past one when `allPast`. */
export const eventsQuery = (allPast: boolean) =>
  defineQuery(
    `events:${allPast ? 'all-past' : 'recent'}`,
    async (backend, signal): Promise<EventsPageData> => {
      const listing = await backend.events.listEvents({ signal });
      return { overview: eventsOverview(listing, { allPast }), calendar: listing.calendar };
    },
    { expiresAt: (data) => data.overview.changesAt },
  );

export interface EventPageData extends EventSummary {
  /** Where to download this event's iCalendar file; null where the backend makes none or it has no date. */
  readonly calendarFile: string | null;
  readonly googleLink: string | null;
  readonly outlookLink: string | null;
}

/**
 * Where the backend makes no calendar files (a static host), the page's .ics is made in the
 * browser from the event's details, as the Google and Outlook links are, and downloaded from a
 * data: address.
 */
function calendarMadeHere(event: EventSummary, now: number): string | null {
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const text = eventCalendarText(event, { host: origin === '' ? 'localhost' : new URL(origin).hostname, pageUrl: `${origin}${eventPath(event.id)}`, now });
  return text === null ? null : eventCalendarDataUrl(text);
}

const EVENT_NOT_FOUND = 'This event could not be found. It may have been removed.';

/** One event's page, by its id (the file name without '.pdf'). */
export const eventQuery = (id: string) =>
  defineQuery(
    `event:${id}`,
    async (backend, signal): Promise<EventPageData> => {
      const listing = await backend.events.listEvents({ signal });
      const event = findEvent(listing, id);
      if (event === undefined) throw new CoreError('not-found', EVENT_NOT_FOUND);
      const summary = summariseEvent(event, listing.timeZone, Date.parse(listing.at));
      return {
        ...summary,
        calendarFile: summary.start === null ? null : listing.calendar === null ? calendarMadeHere(summary, Date.parse(listing.at)) : eventCalendarPath(summary.id),
        googleLink: googleCalendarLink(summary, listing.timeZone),
        outlookLink: outlookCalendarLink(summary),
      };
    },
    { expiresAt: (event) => (event.status === 'upcoming' ? event.finishesAt : null) },
  );

/** The home page's pointer to the next event, or null when none is coming up. */
export const nextEventQuery = () =>
  defineQuery(
    'events:next',
    async (backend, signal): Promise<EventSummary | null> => nextUpcomingEvent(await backend.events.listEvents({ signal })),
    { expiresAt: (event) => event?.finishesAt ?? null },
  );
