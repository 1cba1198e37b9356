/** The addresses of the branches' pages, apart from their rules (branches.ts), so a link to them costs a page nothing. */

/** The address of the page listing every branch; `?county=` answers 'Which branch is near me?'. */
export const BRANCHES_PATH = '/branches';
export const COUNTY_PARAM = 'county';

/** The page of a branch on the site. */
export function branchPagePath(slug: string): string {
  return `${BRANCHES_PATH}/${encodeURIComponent(slug)}`;
}

/** The calendar feed of a branch's events (.ics), made as the site-wide one is. */
export function branchCalendarPath(slug: string): string {
  return `${branchPagePath(slug)}/events.ics`;
}

/** The Events page showing one branch's events only. */
export function branchEventsPath(slug: string): string {
  return `/events?branch=${encodeURIComponent(slug)}`;
}
