import type { Params } from 'react-router-dom';
import type { RouteId } from '../../src-core/domain/navigation';
import { SEARCH_PARAM, tidyQuery } from '../../src-core/domain/search';
import type { RouteQuery } from '../lib/route-data.cache';
import { BRANCH_PARAM, showsAllPastEvents } from '../views/events/past-events';
import { filesQuery, postQuery, postsQuery, searchQuery } from '../views/route.queries';
import { eventsQuery, nextEventQuery } from '../views/event.queries';
import { eventQuery } from '../views/event/event.query';
import { branchesQuery } from '../views/join/join.queries';
import { activeBranchesQuery, branchPageQuery } from '../views/branches/branches.queries';
import { bookingAvailabilityQuery } from '../views/event/booking.query';
import { bookingByTokenQuery } from '../views/bookings/booking.queries';

type QueriesOf = (params: Readonly<Params>, search: URLSearchParams) => readonly RouteQuery<unknown>[];

/**
 * The data each page reads with useRouteData, so a server can load it into the cache before
 * rendering. The same query factories are used by the views, so the keys match. Only the
 * server needs this table: in the browser each page's view asks for its own data, and its
 * queries come with its lazy chunk.
 */
const ROUTE_QUERIES: Partial<Record<RouteId, QueriesOf>> = {
  home: () => [postsQuery(), nextEventQuery()],
  news: () => [postsQuery(), filesQuery('newsletters')],
  article: ({ id = '' }) => [postQuery(id)],
  events: (_params, search) => [eventsQuery(showsAllPastEvents(search), search.get(BRANCH_PARAM) ?? '')],
  // The event first: its title names the page.
  event: ({ id = '' }) => [eventQuery(id), bookingAvailabilityQuery(id)],
  branches: () => [activeBranchesQuery()],
  branch: ({ slug = '' }) => [branchPageQuery(slug)],
  documents: () => [filesQuery('root')],
  search: (_params, search) => [searchQuery(tidyQuery(search.get(SEARCH_PARAM)))],
  join: () => [branchesQuery()],
  // The cancel page (BOOKING_PAGES.cancel) is the booking page with a token.
  booking: (_params, search) => {
    const token = search.get('token') ?? '';
    return token === '' ? [] : [bookingByTokenQuery(token)];
  },
};

export function routeQueries(id: RouteId, params: Readonly<Params>, search: URLSearchParams): readonly RouteQuery<unknown>[] {
  return ROUTE_QUERIES[id]?.(params, search) ?? [];
}
