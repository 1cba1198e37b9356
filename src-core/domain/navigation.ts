export const SITE_TITLE = 'Retired Nurses Association Of Ireland';

export interface NavLink {
  readonly label: string;
  /** The route path, as given to the router's `to`. */
  readonly to: string;
}

/** The main navigation, in its fixed order (docs/behaviour.md#the-frame-of-every-page). */
export const NAV_LINKS: readonly NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Contact', to: '/contact' },
  { label: 'About', to: '/about' },
  { label: 'News', to: '/news' },
  { label: 'Events', to: '/events' },
  { label: 'Join Now', to: '/documents' },
  { label: 'Useful Links', to: '/links' },
];

export const FOOTER_LINKS: readonly NavLink[] = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Disclaimer', to: '/disclaimer' },
  { label: 'Accessibility', to: '/accessibility' },
];

/**
 * The addresses of the pages anyone may read that need no id, for search engines (the sitemap):
 * every route but the admin area, the sign-in page, the not-found page and those of one article
 * or event. tests/views/search-engines.test.tsx keeps it equal to the app's route table.
 */
export const INDEXED_PAGE_PATHS: readonly string[] = [
  '/',
  '/contact',
  '/about',
  '/news',
  '/events',
  '/branches',
  '/documents',
  '/join',
  '/links',
  '/privacy-policy',
  '/disclaimer',
  '/accessibility',
  '/display-settings',
];

/** The article page of a post: '/article/abc'. */
export function articlePath(id: string): string {
  return `/article/${encodeURIComponent(id)}`;
}

export type RouteId =
  | 'home'
  | 'contact'
  | 'about'
  | 'news'
  | 'article'
  | 'events'
  | 'event'
  | 'branches'
  | 'branch'
  | 'documents'
  | 'links'
  | 'privacy-policy'
  | 'disclaimer'
  | 'accessibility'
  | 'display-settings'
  | 'search'
  | 'subscribe'
  | 'subscribe-confirm'
  | 'unsubscribe'
  | 'join'
  | 'join-thanks'
  | 'booking'
  | 'login'
  | 'admin'
  | 'not-found';

const ROUTE_NAMES: Readonly<Record<Exclude<RouteId, 'home'>, string>> = {
  contact: 'Contact Us',
  about: 'About Us',
  news: 'News',
  article: 'News',
  events: 'Upcoming Events',
  event: 'Events',
  branches: 'Branches',
  branch: 'Branches',
  documents: 'Join Us Today',
  links: 'Useful Links',
  'privacy-policy': 'Privacy Policy',
  disclaimer: 'Disclaimer',
  accessibility: 'Accessibility statement',
  'display-settings': 'Display settings',
  search: 'Search',
  subscribe: 'News by e-mail',
  'subscribe-confirm': 'Confirm your subscription',
  unsubscribe: 'Unsubscribe',
  join: 'Join online',
  'join-thanks': 'Thank you for applying',
  booking: 'Your booking',
  login: 'Login',
  admin: 'Admin',
  'not-found': 'Page Not Found',
};

/** A route's own name, without the site's: 'Upcoming Events'; the site title for the home page. */
export function pageName(routeId: RouteId): string {
  return routeId === 'home' ? SITE_TITLE : ROUTE_NAMES[routeId];
}

/**
 * The document title of a route: 'News | Retired Nurses Association Of Ireland'. An
 * article passes its post title as detail: 'AGM 2026 | News | Retired Nurses ...'.
 */
export function pageTitle(routeId: RouteId, detail?: string): string {
  if (routeId === 'home') return SITE_TITLE;
  const parts = [pageName(routeId), SITE_TITLE];
  const extra = detail?.trim();
  return (extra ? [extra, ...parts] : parts).join(' | ');
}
