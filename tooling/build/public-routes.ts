import { MEMBERSHIP_PATHS, branchListSchema } from '../../contract/membership';
import { API_PATHS, eventListingSchema, postListSchema } from '../../contract/wire';
import { eventsOverview } from '../../src-core/domain/event-listing';
import type { RouteId } from '../../src-core/domain/navigation';

/**
 * Every public route the benchmark and the build tests look at, with the view module that
 * renders it (the route's own lazy chunk, should it ever become one).
 */
export interface PublicRoute {
  readonly name: RouteId;
  /** The address to open; ':id' is replaced with a sample post's id, ':event' with a sample event's, ':slug' with a sample branch's. */
  readonly path: string;
  readonly view: string;
  /**
   * The page's own code comes to life after the rest of the page rather than with it
   * (src/app/routes.tsx): its first load is the frame's alone, and the page follows.
   */
  readonly hydratesLater?: true;
}

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { name: 'home', path: '/', view: 'src/views/home/home.view.tsx' },
  { name: 'about', path: '/about', view: 'src/views/about/about.view.tsx' },
  { name: 'news', path: '/news', view: 'src/views/news/news.view.tsx' },
  { name: 'article', path: '/article/:id', view: 'src/views/article/article.view.tsx' },
  { name: 'documents', path: '/documents', view: 'src/views/documents/documents.view.tsx' },
  { name: 'events', path: '/events', view: 'src/views/events/events.view.tsx' },
  { name: 'event', path: '/events/:event', view: 'src/views/event/event.view.tsx', hydratesLater: true },
  { name: 'branches', path: '/branches', view: 'src/views/branches/branches.view.tsx', hydratesLater: true },
  { name: 'branch', path: '/branches/:slug', view: 'src/views/branches/branch.view.tsx', hydratesLater: true },
  { name: 'links', path: '/links', view: 'src/views/links/links.view.tsx' },
  { name: 'contact', path: '/contact', view: 'src/views/contact/contact.view.tsx', hydratesLater: true },
  { name: 'join', path: '/join', view: 'src/views/join/join.view.tsx', hydratesLater: true },
  { name: 'privacy-policy', path: '/privacy-policy', view: 'src/views/privacy/privacy.view.tsx' },
  { name: 'disclaimer', path: '/disclaimer', view: 'src/views/disclaimer/disclaimer.view.tsx' },
];

/** The ids (a branch's slug) that stand in for a route's parameters. */
export interface SampleIds {
  readonly article: string;
  readonly event: string;
  readonly branch: string;
}

export function routeAddress(route: PublicRoute, ids: SampleIds): string {
  return route.path
    .replace(':id', encodeURIComponent(ids.article))
    .replace(':event', encodeURIComponent(ids.event))
    .replace(':slug', encodeURIComponent(ids.branch));
}

/** A post or event whose page stands for the article or event route. */
export interface SamplePage {
  readonly id: string;
  readonly title: string;
}

async function newestPost(origin: string): Promise<SamplePage> {
  const response = await fetch(origin + API_PATHS.posts);
  const first = postListSchema.parse(await response.json()).posts[0];
  if (first === undefined) throw new Error('The sample content has no post to open as an article.');
  return { id: first.id, title: first.title };
}

/** The sample event with the most on its page: the first upcoming one with a date. */
async function soonestEvent(origin: string): Promise<SamplePage> {
  const response = await fetch(origin + API_PATHS.events);
  const overview = eventsOverview(eventListingSchema.parse(await response.json()));
  const first = overview.upcoming[0] ?? overview.undated[0];
  if (first === undefined) throw new Error('The sample content has no event to open.');
  return { id: first.id, title: first.title };
}

/** The first sample branch, by its slug: the page the branch route opens. */
async function firstBranch(origin: string): Promise<SamplePage> {
  const response = await fetch(origin + MEMBERSHIP_PATHS.branches);
  const first = branchListSchema.parse(await response.json()).branches[0];
  if (first === undefined) throw new Error('The sample content has no branch to open.');
  return { id: first.slug, title: first.name };
}

/** The sample post, event and branch of a running server (at `origin`) that the article, event and branch routes open. */
export async function samplePages(origin: string): Promise<{ article: SamplePage; event: SamplePage; branch: SamplePage }> {
  return { article: await newestPost(origin), event: await soonestEvent(origin), branch: await firstBranch(origin) };
}

/** The ids of samplePages, for routeAddress. */
export async function sampleRouteIds(origin: string): Promise<SampleIds> {
  const { article, event, branch } = await samplePages(origin);
  return { article: article.id, event: event.id, branch: branch.id };
}
