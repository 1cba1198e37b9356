/**
 * Who may cache a response, and for how long (docs/operations.md#a-cdn-or-caching-proxy-in-front).
 * A route whose responses may be cached says so with one of these; every other response is sent with
 * `never` (server/plugins/cache-policy.plugin.ts), so a route that forgets is private, not public.
 */
export const CACHE_CONTROL = {
  /**
   * Personal or privileged, made for one request, an error, or setting a cookie: no cache stores
   * it, neither the browser's nor a CDN's or proxy's on the way.
   */
  never: 'no-store',
  /**
   * The same for every visitor: any cache may store it, but asks the server before each use
   * (If-None-Match, responded with 304 while nothing changed), so an edit shows at once.
   */
  revalidate: 'no-cache',
  /**
   * Made for one reader's display settings: only their browser keeps it, asking before each use.
   * A shared cache that ignored `vary: cookie` would otherwise give one reader's large text to the next.
   */
  browserOnly: 'private, no-cache',
  /** A build file whose name holds a hash of its content: a changed file is a new address. */
  immutable: 'public, max-age=31536000, immutable',
} as const;
