import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type Params, type RouteObject } from 'react-router-dom';
import type { RouteId } from '../../src-core/domain/navigation';
import { NotForSearchEngines } from '../components/not-for-search-engines';
import { DisplaySettingsLink } from '../components/shell/display-settings-link';
import { SiteLayout } from '../components/shell/site-layout';
import './page-styles';
import { SEARCH_PATH } from '../../src-core/domain/search';
import { BRANCHES_PATH } from '../../src-core/domain/branch-pages';
import { JOIN_PAGES } from '../../src-core/domain/join-pages';
import { BOOKING_PAGES } from '../../src-core/domain/booking-pages';
import { SUBSCRIPTION_PAGE_PATHS } from '../../src-core/domain/subscription-pages';
import { loadOnce } from './deferred-backend';
import { readable } from '../lib/readable-promise';
import { preloadSubscriptionForm } from '../components/subscription-form.part';
import { loadMachines } from './machines';
import { ADMIN_PAGES, type AdminPageId } from '../../src-core/domain/admin-pages';

export interface AppRoute {
  readonly id: RouteId;
  /** A react-router path; '*' is the not-found page. */
  readonly path: string;
  readonly element: ReactNode;
  /** Downloads the page's code, so it renders without waiting (see lazyPage). */
  readonly preload: () => Promise<void>;
  /**
   * The page comes to life after the rest of the page, once its code has arrived, rather than
   * with it: its code (the contact form's machine and XState) would take the first load past
   * its budget (tests/build/bundle-manifest.test.ts). Its form works without script until then.
   */
  readonly hydratesLater?: true;
  /** Never rendered on the server (the admin area): it needs a signed-in browser. */
  readonly clientOnly?: boolean;
  /** False for a page search engines should not list (the search results: one per query, none worth listing). */
  readonly indexed?: false;
}

interface LazyPage {
  readonly element: ReactNode;
  readonly preload: () => Promise<void>;
}

/**
 * A page whose code is a lazy chunk of its own, so a visitor's first load carries only the page
 * they opened. Once `preload` has run, the page renders at once: the browser preloads the page
 * it hydrates (start-app.tsx), so hydration never waits on a chunk. Otherwise it suspends until
 * its chunk is there; the router moves to another page in a transition, so the page being left
 * stays on screen until then, and the layout's Suspense fallback shows only on a first render.
 */
function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): { readonly View: ComponentType<P>; readonly preload: () => Promise<void> } {
  let Loaded: ComponentType<P> | undefined;
  const loadCode = loadOnce(() =>
    load().then((loaded) => {
      Loaded = loaded;
    }),
  );
  const preload = () => readable(loadCode());
  function LazyView(props: P) {
    use(preload());
    return Loaded === undefined ? null : <Loaded {...props} />;
  }
  return { View: LazyView, preload };
}

function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  const { View, preload } = lazyComponent(load);
  return { element: <View />, preload };
}

const home = lazyPage(() => import('../views/home/home.view').then((module) => module.HomeView));
const contact = lazyPage(() => Promise.all([import('../views/contact/contact.view'), loadMachines()]).then(([module]) => module.ContactView));
const about = lazyPage(() => import('../views/about/about.view').then((module) => module.AboutView));
const news = lazyPage(() => import('../views/news/news.view').then((module) => module.NewsView));
const article = lazyPage(() => import('../views/article/article.view').then((module) => module.ArticleView));
const events = lazyPage(() => import('../views/events/events.view').then((module) => module.EventsView));
const event = lazyPage(() => import('../views/event/event.view').then((module) => module.EventView));
const branches = lazyPage(() => import('../views/branches/branches.view').then((module) => module.BranchesView));
const branch = lazyPage(() => import('../views/branches/branch.view').then((module) => module.BranchView));
const documents = lazyPage(() => import('../views/documents/documents.view').then((module) => module.DocumentsView));
const links = lazyPage(() => import('../views/links/links.view').then((module) => module.LinksView));
const privacy = lazyPage(() => import('../views/privacy/privacy.view').then((module) => module.PrivacyView));
const disclaimer = lazyPage(() => import('../views/disclaimer/disclaimer.view').then((module) => module.DisclaimerView));
const accessibility = lazyPage(() => import('../views/accessibility/accessibility.view').then((module) => module.AccessibilityView));
const displaySettings = lazyPage(() => import('../views/display-settings/display-settings.view').then((module) => module.DisplaySettingsView));
const join = lazyPage(() => import('../views/join/join.view').then((module) => module.JoinView));
const joinThanks = lazyPage(() => import('../views/join/join.view').then((module) => module.JoinThanksView));
const search = lazyPage(() => import('../views/search/search.view').then((module) => module.SearchView));
const subscription = lazyComponent(() => import('../views/subscribe/subscription-pages').then((module) => module.SubscriptionPage));
const notFound = lazyPage(() => import('../views/not-found/not-found.view').then((module) => module.NotFoundView));

const PUBLIC_ROUTES: readonly AppRoute[] = [
  { id: 'home', path: '/', ...home },
  { id: 'contact', path: '/contact', hydratesLater: true, ...contact },
  { id: 'about', path: '/about', ...about },
  { id: 'news', path: '/news', ...news },
  { id: 'article', path: '/article/:id', ...article },
  { id: 'events', path: '/events', ...events },
  // With its booking form (a plain form that posts without script), the event page comes to life after the rest of the page, like the contact form.
  { id: 'event', path: '/events/:id', hydratesLater: true, ...event },
  // Pages to read, whose one form (choose your county) is a plain GET: their code comes to life after the rest of the page.
  { id: 'branches', path: BRANCHES_PATH, hydratesLater: true, ...branches },
  { id: 'branch', path: `${BRANCHES_PATH}/:slug`, hydratesLater: true, ...branch },
  { id: 'documents', path: '/documents', ...documents },
  { id: 'links', path: '/links', ...links },
  { id: 'privacy-policy', path: '/privacy-policy', ...privacy },
  { id: 'disclaimer', path: '/disclaimer', ...disclaimer },
  { id: 'accessibility', path: '/accessibility', ...accessibility },
  { id: 'display-settings', path: '/display-settings', ...displaySettings },
  { id: 'search', path: SEARCH_PATH, indexed: false, ...search },
  // The form comes to life after the rest of the page, like the contact form; it posts without script until then.
  { id: 'join', path: JOIN_PAGES.form, hydratesLater: true, ...join },
  { id: 'join-thanks', path: JOIN_PAGES.thanks, indexed: false, ...joinThanks },
  // One visitor's outcome or e-mail link each (news by e-mail; a booking's confirmation after a
  // post without script and its cancel link's pages), one small chunk: nothing for search engines.
  ...(['subscribe', 'confirm', 'unsubscribe', 'booked', 'cancel', 'cancelled'] as const).map(
    (page): AppRoute => ({
      id: page === 'confirm' ? 'subscribe-confirm' : page === 'subscribe' || page === 'unsubscribe' ? page : 'booking',
      path: { ...SUBSCRIPTION_PAGE_PATHS, ...BOOKING_PAGES }[page],
      indexed: false,
      element: <subscription.View page={page} />,
      preload: subscription.preload,
    }),
  ),
];

/**
 * The admin area is lazy the same way, so visitors never download its code; each page loads its
 * view together with the admin area's machines (admin-machines.tsx) and wraps it in them.
 */
const login = lazyPage(() =>
  Promise.all([import('../views/login/login.view'), import('./admin-machines')]).then(([{ LoginView }, { WithAdminMachines }]) => () => (
    <WithAdminMachines>
      <NotForSearchEngines />
      <LoginView />
    </WithAdminMachines>
  )),
);
// One lazy component for every admin page, so moving between them keeps the area's state
// (the machines, the inbox and its count) instead of mounting it afresh.
const adminArea = lazyComponent(() =>
  Promise.all([import('../views/admin/admin.view'), import('./admin-machines')]).then(
    ([{ AdminView }, { WithAdminMachines }]) =>
      ({ page }: { readonly page: AdminPageId }) => (
        <WithAdminMachines>
          <NotForSearchEngines />
          <AdminView page={page} />
        </WithAdminMachines>
      ),
  ),
);

const ADMIN_ROUTES: readonly AppRoute[] = [
  { id: 'login', path: '/login', clientOnly: true, ...login },
  ...ADMIN_PAGES.map(
    ({ id, path }): AppRoute => ({ id: 'admin', path, clientOnly: true, element: <adminArea.View page={id} />, preload: adminArea.preload }),
  ),
];

export const NOT_FOUND_ROUTE: AppRoute = { id: 'not-found', path: '*', ...notFound };

export const APP_ROUTES: readonly AppRoute[] = [...PUBLIC_ROUTES, ...ADMIN_ROUTES, NOT_FOUND_ROUTE];

/**
 * A part of every page that comes to life on its own, once `preload` has run: until then the
 * server's markup stays as it is (hydration leaves a Suspense boundary whose code is missing for
 * later). Rendering never starts the download, so the browser chooses when (start-app.tsx).
 */
function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): { Part: ComponentType<P>; preload: () => Promise<void> } {
  let Part: ComponentType<P> | undefined;
  let markReady: () => void = () => undefined;
  const ready = readable(
    new Promise<void>((resolve) => {
      markReady = resolve;
    }),
  );
  const preload = loadOnce(() =>
    load().then((loaded) => {
      Part = loaded;
      markReady();
    }),
  );
  function LazyPart(props: P) {
    use(ready);
    return Part === undefined ? null : <Part {...props} />;
  }
  return { Part: LazyPart, preload };
}

/**
 * The main navigation runs on the menu machine, so it brings XState. Before it comes the
 * server's menu is a native disclosure that opens and closes without script (site-nav.tsx), and
 * its links are plain links, so it can wait until the browser is idle.
 */
const siteNav = lazyPart(() => Promise.all([import('../components/shell/site-nav'), loadMachines()]).then(([{ SiteNav }]) => SiteNav));

const NAVIGATION = (
  <Suspense fallback={null}>
    <siteNav.Part after={<DisplaySettingsLink />} />
  </Suspense>
);

/** Downloads the parts of every page that come to life on their own (lazyPart). */
export function preloadParts(): Promise<void> {
  return siteNav.preload();
}

function toRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  return [{ element: <SiteLayout navigation={NAVIGATION} />, children: routes.map(({ path, element }) => ({ path, element })) }];
}

const ROUTE_OBJECTS = toRouteObjects(APP_ROUTES);

export function AppRoutes() {
  return useRoutes(ROUTE_OBJECTS);
}

/** Which route a path shows, with its params. */
export function matchAppRoute(pathname: string): { route: AppRoute; params: Readonly<Params> } {
  const matches = matchRoutes(
    APP_ROUTES.map((route) => ({ path: route.path, route })),
    pathname,
  );
  const match = matches?.[0];
  if (match === undefined) return { route: NOT_FOUND_ROUTE, params: {} };
  return { route: (match.route as { route: AppRoute }).route, params: match.params };
}

/**
 * Downloads every page's code and every part: for a harness that renders pages at once, as a server does.
 * @internal Outside this file only tests and fakes use it.
 */
export function preloadAllPages(): Promise<void> {
  return Promise.all([
    preloadParts(),
    preloadSubscriptionForm(),
    import('../views/home/latest-news.part').then((part) => part.preloadLatestNews()),
    ...APP_ROUTES.map((route) => route.preload())]).then(() => undefined);
}
