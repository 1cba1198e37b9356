import { lazy, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type Params, type RouteObject } from 'react-router-dom';
import type { RouteId } from '../../src-core/domain/navigation';
import { NotForSearchEngines } from '../components/not-for-search-engines';
import { SiteLayout } from '../components/shell/site-layout';
import { AboutView } from '../views/about/about.view';
import { AccessibilityView } from '../views/accessibility/accessibility.view';
import { ArticleView } from '../views/article/article.view';
import { ContactView } from '../views/contact/contact.view';
import { DisclaimerView } from '../views/disclaimer/disclaimer.view';
import { DisplaySettingsView } from '../views/display-settings/display-settings.view';
import { DocumentsView } from '../views/documents/documents.view';
import { EventsView } from '../views/events/events.view';
import { HomeView } from '../views/home/home.view';
import { LinksView } from '../views/links/links.view';
import { NewsView } from '../views/news/news.view';
import { NotFoundView } from '../views/not-found/not-found.view';
import { PrivacyView } from '../views/privacy/privacy.view';
import { eventQuery, eventsQuery, filesQuery, nextEventQuery, postQuery, postsQuery, searchQuery } from '../views/route.queries';
import { SearchView } from '../views/search/search.view';
import { SEARCH_PARAM, SEARCH_PATH, tidyQuery } from '../../src-core/domain/search';
import { showsAllPastEvents } from '../views/events/past-events';
import { EventView } from '../views/event/event.view';
import type { RouteQuery } from '../lib/route-data.cache';
import { ADMIN_PAGES, type AdminPageId } from '../views/admin/admin-pages';

export interface AppRoute {
  readonly id: RouteId;
  /** A react-router path; '*' is the not-found page. */
  readonly path: string;
  readonly element: ReactNode;
  /**
   * The data the page reads with useRouteData, so a server can load it into the cache
   * before rendering. The same query factories are used by the views, so the keys match.
   */
  readonly queries?: (params: Readonly<Params>, search: URLSearchParams) => readonly RouteQuery<unknown>[];
  /** Never rendered on the server (the admin area): it needs a signed-in browser. */
  readonly clientOnly?: boolean;
  /** False for a page search engines should not list (the search results: one per query, none worth listing). */
  readonly indexed?: false;
}

const PUBLIC_ROUTES: readonly AppRoute[] = [
  { id: 'home', path: '/', element: <HomeView />, queries: () => [postsQuery(), nextEventQuery()] },
  { id: 'contact', path: '/contact', element: <ContactView /> },
  { id: 'about', path: '/about', element: <AboutView /> },
  { id: 'news', path: '/news', element: <NewsView />, queries: () => [postsQuery(), filesQuery('newsletters')] },
  { id: 'article', path: '/article/:id', element: <ArticleView />, queries: ({ id = '' }) => [postQuery(id)] },
  { id: 'events', path: '/events', element: <EventsView />, queries: (_params, search) => [eventsQuery(showsAllPastEvents(search))] },
  { id: 'event', path: '/events/:id', element: <EventView />, queries: ({ id = '' }) => [eventQuery(id)] },
  { id: 'documents', path: '/documents', element: <DocumentsView />, queries: () => [filesQuery('root')] },
  { id: 'links', path: '/links', element: <LinksView /> },
  { id: 'privacy-policy', path: '/privacy-policy', element: <PrivacyView /> },
  { id: 'disclaimer', path: '/disclaimer', element: <DisclaimerView /> },
  { id: 'accessibility', path: '/accessibility', element: <AccessibilityView /> },
  { id: 'display-settings', path: '/display-settings', element: <DisplaySettingsView /> },
  { id: 'search', path: SEARCH_PATH, element: <SearchView />, indexed: false, queries: (_params, search) => [searchQuery(tidyQuery(search.get(SEARCH_PARAM)))] },
];

/**
 * The admin area goes here as lazy routes, so visitors never download its code, e.g.
 * `{ id: 'admin', path: '/admin', element: <LazyAdmin page="files" />, clientOnly: true }`; each loads its
 * view together with the admin area's machines (admin-machines.tsx) and wraps it in them.
 * The layout wraps every page in Suspense, so a lazy element needs nothing else.
 */
const LazyLogin = lazy(() =>
  Promise.all([import('../views/login/login.view'), import('./admin-machines')]).then(([{ LoginView }, { WithAdminMachines }]) => ({
    default: () => (
      <WithAdminMachines>
        <NotForSearchEngines />
        <LoginView />
      </WithAdminMachines>
    ),
  })),
);
// One lazy component for every admin page, so moving between them keeps the area's state
// (the machines, the inbox and its count) instead of mounting it afresh.
const LazyAdmin = lazy(() =>
  Promise.all([import('../views/admin/admin.view'), import('./admin-machines')]).then(([{ AdminView }, { WithAdminMachines }]) => ({
    default: ({ page }: { readonly page: AdminPageId }) => (
      <WithAdminMachines>
        <NotForSearchEngines />
        <AdminView page={page} />
      </WithAdminMachines>
    ),
  })),
);

const ADMIN_ROUTES: readonly AppRoute[] = [
  { id: 'login', path: '/login', element: <LazyLogin />, clientOnly: true },
  ...ADMIN_PAGES.map(({ id, path }): AppRoute => ({ id: 'admin', path, element: <LazyAdmin page={id} />, clientOnly: true })),
];

export const NOT_FOUND_ROUTE: AppRoute = { id: 'not-found', path: '*', element: <NotFoundView /> };

export const APP_ROUTES: readonly AppRoute[] = [...PUBLIC_ROUTES, ...ADMIN_ROUTES, NOT_FOUND_ROUTE];

function toRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  return [{ element: <SiteLayout />, children: routes.map(({ path, element }) => ({ path, element })) }];
}

const ROUTE_OBJECTS = toRouteObjects(APP_ROUTES);

export function AppRoutes() {
  return useRoutes(ROUTE_OBJECTS);
}

/** For a server: which route a path shows, with its params, and the queries to load before rendering. */
export function matchAppRoute(pathname: string): { route: AppRoute; params: Readonly<Params> } {
  const matches = matchRoutes(
    APP_ROUTES.map((route) => ({ path: route.path, route })),
    pathname,
  );
  const match = matches?.[0];
  if (match === undefined) return { route: NOT_FOUND_ROUTE, params: {} };
  return { route: (match.route as { route: AppRoute }).route, params: match.params };
}
