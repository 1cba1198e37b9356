/**
 * Every public route the benchmark and the build test look at, with the view module that
 * renders it (the route's own lazy chunk, should it ever become one).
 */
export interface PublicRoute {
  readonly name: string;
  /** The address to open; ':id' is replaced with a sample post's id, ':event' with a sample event's. */
  readonly path: string;
  readonly view: string;
}

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { name: 'home', path: '/', view: 'src/views/home/home.view.tsx' },
  { name: 'about', path: '/about', view: 'src/views/about/about.view.tsx' },
  { name: 'news', path: '/news', view: 'src/views/news/news.view.tsx' },
  { name: 'article', path: '/article/:id', view: 'src/views/article/article.view.tsx' },
  { name: 'documents', path: '/documents', view: 'src/views/documents/documents.view.tsx' },
  { name: 'events', path: '/events', view: 'src/views/events/events.view.tsx' },
  { name: 'event', path: '/events/:event', view: 'src/views/event/event.view.tsx' },
  { name: 'links', path: '/links', view: 'src/views/links/links.view.tsx' },
  { name: 'contact', path: '/contact', view: 'src/views/contact/contact.view.tsx' },
  { name: 'privacy-policy', path: '/privacy-policy', view: 'src/views/privacy/privacy.view.tsx' },
  { name: 'disclaimer', path: '/disclaimer', view: 'src/views/disclaimer/disclaimer.view.tsx' },
];

export function routeAddress(route: PublicRoute, ids: { readonly article: string; readonly event: string }): string {
  return route.path.replace(':id', encodeURIComponent(ids.article)).replace(':event', encodeURIComponent(ids.event));
}
