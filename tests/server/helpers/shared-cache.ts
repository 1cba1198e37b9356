/**
 * Whether a cache on the way (a CDN, a proxy) may store this response and hand it to someone
 * else: not when it says `no-store` or `private` (RFC 9111, 5.2.2). Without either, it may.
 */
export function sharedCacheMayStore(headers: Headers): boolean {
  const directives = (headers.get('cache-control') ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim().split('=')[0]);
  return !directives.includes('no-store') && !directives.includes('private');
}
