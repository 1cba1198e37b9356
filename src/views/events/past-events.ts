/** The Events page lists past events of the last 12 months; `?past=all` lists every one. */
export const ALL_PAST_EVENTS_SEARCH = 'past=all';

export function showsAllPastEvents(search: URLSearchParams): boolean {
  return search.get('past') === 'all';
}

/** `?branch=cork` shows one branch's events only (src-core/domain/branches.ts's branchEventsPath). */
export const BRANCH_PARAM = 'branch';
