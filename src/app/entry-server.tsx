/**
 * The server's way into the app (built with `vite build --ssr`): renders one address to HTML
 * from the same components the browser runs, with the route's data loaded first through the
 * backend it is given, and hands back that data so the browser starts from it.
 */
// The edge build, not the Node one: React's Node build makes an AsyncLocalStorage as it loads,
// which turned on promise hooks for the whole server and slowed every response, cached or
// not, by about a seventh (measured on Node 20). A page is rendered once, with its data already loaded, so nothing here
// needs React's per-request storage.
import { prerender } from 'react-dom/static.edge';
import { StaticRouter, type Params } from 'react-router-dom';
import { SITE_IMAGES } from 'virtual:site-images';
import { pageTitle } from '../../src-core/domain/navigation';
import { pageHead, type PageHead } from '../../src-core/domain/page-head';
import type { Backend } from '../../src-core/ports/backend';
import { ROUTE_DATA_ELEMENT_ID as ROUTE_DATA_ID, type PageRenderer, type RenderOptions, type RenderedPage } from '../../src-core/ports/page-renderer.port';
import { fixedDisplaySettings } from '../lib/display-settings.context';
import { contactFormQuery, contactSubmissionQuery } from '../lib/contact-form.state';
import { joinFormQuery } from '../lib/join-form.state';
import { bookingCancelOutcomeQuery, bookingConfirmationQuery, bookingFormQuery } from '../lib/booking-pages.state';
import { preloadBookingSection } from '../views/event/booking-section.part';
import { App } from './app';
import { associationQuery, siteQueries } from '../lib/association.query';
import { postQuery } from '../views/route.queries';
import { eventQuery } from '../views/event/event.query';
import { branchPageQuery } from '../views/branches/branches.queries';
import { BRANCHES_PATH } from '../../src-core/domain/branches';
import { createRouteDataCache, type RouteDataCache, type RouteQuery } from '../lib/route-data.cache';
import { APP_ROUTES, NOT_FOUND_ROUTE, matchAppRoute, preloadParts, type AppRoute } from './routes';
import { preloadSubscriptionForm } from '../components/subscription-form.part';
import { preloadLatestNews } from '../views/home/latest-news.part';
import { routeQueries } from './route-queries';
import { submitContactForm as submitPlainContactForm } from './contact-form.submit';

function titleOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('title' in data)) return undefined;
  return typeof data.title === 'string' ? data.title : undefined;
}

function branchNameOf(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null && 'branch' in data ? titleOf({ title: (data.branch as { name?: unknown }).name }) : undefined;
}

function keepUntilOf(queries: readonly RouteQuery<unknown>[], cache: RouteDataCache): number | null {
  const moments = queries.flatMap((query) => {
    const entry = cache.get(query.key);
    const moment = entry?.status === 'ready' ? query.expiresAt?.(entry.data) : null;
    return typeof moment === 'number' ? [moment] : [];
  });
  return moments.length === 0 ? null : Math.min(...moments);
}

/** What a query loaded, once it is there: the cache holds what that query's own loader returned. */
function readyData<T>(query: RouteQuery<T>, cache: RouteDataCache): T | undefined {
  const entry = cache.get(query.key);
  return entry?.status === 'ready' ? (entry.data as T) : undefined;
}

/** The page's head facts from the core; an article or event without its data gets none. */
function headOf(route: AppRoute, params: Readonly<Params>, cache: RouteDataCache, origin: string | undefined): PageHead | null {
  const site = { origin, images: SITE_IMAGES, details: readyData(associationQuery(), cache) };
  const id = params.id ?? '';
  if (route.id === 'article') {
    const post = readyData(postQuery(id), cache);
    return post === undefined ? null : pageHead({ route: 'article', post }, site);
  }
  if (route.id === 'branch') {
    const page = readyData(branchPageQuery(params.slug ?? ''), cache);
    return page === undefined ? null : page === null ? pageHead({ route: 'branches', path: BRANCHES_PATH }, site) : pageHead({ route: 'branch', branch: page.branch }, site);
  }
  if (route.id === 'event') {
    const event = readyData(eventQuery(id), cache);
    return event === undefined ? null : pageHead({ route: 'event', event }, site);
  }
  return pageHead({ route: route.id, path: route.path }, site);
}

function pageFacts(
  route: AppRoute,
  params: Readonly<Params>,
  keys: readonly string[],
  cache: RouteDataCache,
  origin: string | undefined,
): { status: 200 | 404; title: string; head: PageHead | null } {
  const entries = keys.map((key) => cache.get(key));
  const missing = entries.some((entry) => entry?.status === 'error' && entry.error.kind === 'not-found');
  if (route.id === 'not-found' || missing) return { status: 404, title: pageTitle('not-found'), head: null };
  // An article or an event names itself in the title, as the view does once it runs.
  const first = entries[0];
  const detail =
    first?.status !== 'ready' ? undefined : route.id === 'article' || route.id === 'event' ? titleOf(first.data) : route.id === 'branch' ? branchNameOf(first.data) : undefined;
  return { status: 200, title: pageTitle(route.id, detail), head: headOf(route, params, cache, origin) };
}


async function render(url: string, backend: Backend, options: RenderOptions = {}): Promise<RenderedPage> {
  const { pathname, searchParams } = new URL(url, 'http://site.invalid');
  const { route, params } = matchAppRoute(pathname);
  if (route.clientOnly === true) return { kind: 'client-only' };

  const cache = createRouteDataCache();
  const queries = options.loadData === false ? [] : routeQueries(route.id, params, searchParams);
  const siteData = (options.loadSiteData ?? options.loadData !== false) ? siteQueries() : [];
  await Promise.all([...queries, ...siteData].map((query) => cache.load(query, backend)));
  if (options.contactForm !== undefined && route.id === 'contact') {
    await cache.load(contactFormQuery(options.contactForm), backend);
  }
  if (options.joinForm !== undefined && route.id === 'join') {
    await cache.load(joinFormQuery(options.joinForm), backend);
  }
  if (options.bookingForm !== undefined && route.id === 'event' && params.id === options.bookingForm.eventId) {
    await cache.load(bookingFormQuery(options.bookingForm), backend);
  }
  if (options.bookingConfirmation !== undefined && route.id === 'booking') {
    await cache.load(bookingConfirmationQuery(options.bookingConfirmation), backend);
  }
  if (options.bookingCancel !== undefined && route.id === 'booking') {
    await cache.load(bookingCancelOutcomeQuery(options.bookingCancel), backend);
  }
  if (options.submissionKey !== undefined && route.id === 'contact') {
    await cache.load(contactSubmissionQuery(options.submissionKey), backend);
  }

  // Every part the browser loads later is rendered here in full.
  await Promise.all([route.preload(), preloadParts(), preloadSubscriptionForm(), ...(route.id === 'event' ? [preloadBookingSection()] : []), ...(route.id === 'home' ? [preloadLatestNews()] : [])]);
  // Waits for everything (lazy parts included), so the HTML is complete and carries no streaming
  // script. React still sends a finished boundary after the page's first 12,800 bytes apart, with an
  // inline script to put it in place (which the Content-Security-Policy blocks); no chunk size keeps
  // every boundary in its place, however long the page.
  const { prelude } = await prerender(
    <StaticRouter location={url}>
      <App backend={backend} cache={cache} display={fixedDisplaySettings(options.display)} />
    </StaticRouter>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const markup = await new Response(prelude).text();
  return {
    kind: 'page',
    ...pageFacts(
      route,
      params,
      queries.map((query) => query.key),
      cache,
      options.origin,
    ),
    markup,
    data: cache.snapshot(),
    keepUntil: keepUntilOf(queries, cache),
  };
}

/**
 * What the server and the hosted prerender load from this module's build, and all they may use:
 * the interface lives in the core so that neither of them imports the views.
 */
export const { renderPage, submitContactForm, ROUTE_DATA_ELEMENT_ID, PAGE_PATHS } = {
  renderPage: render,
  submitContactForm: submitPlainContactForm,
  ROUTE_DATA_ELEMENT_ID: ROUTE_DATA_ID,
  PAGE_PATHS: APP_ROUTES.filter((route) => route !== NOT_FOUND_ROUTE).map((route) => route.path),
} satisfies PageRenderer;
