import type { FastifyReply, FastifyRequest } from 'fastify';
import { DISPLAY_COOKIE, displayCookieValue, parseDisplayCookie } from '../../src-core/domain/display-settings';
import { preferredEncoding } from '../http/accept-encoding';
import { CACHE_CONTROL } from '../http/cache-control';
import { COMPRESS_FROM_BYTES, PAGE_ENCODINGS, compressedOnce } from './compressed-forms';
import type { PageResponse } from './page-cache';

/**
 * Who may cache a page. Only what the server itself caches for every reader, a found page, may be
 * cached by others, and they must ask before each use: any cache when it is made for the standard
 * display settings, only the reader's browser when it carries their own. What the server makes
 * afresh for one request (the admin area's page, the contact and search pages, a not-found page,
 * the plain page sent after a rendering failure) is cached by nobody.
 */
function pageCacheControl(request: FastifyRequest, page: PageResponse): string {
  if (!page.cached || page.status !== 200) return CACHE_CONTROL.never;
  // A damaged or standard cookie gives the standard page, the same bytes as no cookie at all.
  const standard = displayCookieValue(parseDisplayCookie(request.cookies[DISPLAY_COOKIE])) === undefined;
  return standard ? CACHE_CONTROL.revalidate : CACHE_CONTROL.browserOnly;
}

/**
 * Sends a page in the compressed form the client prefers: a cached page's form is compressed once
 * for every request after; a fresh response is compressed for this request alone. Either way the bytes
 * depend on Accept-Encoding, and on the reader's display-settings cookie, which `vary` tells
 * caches on the way. `cacheControl` replaces the rule above for a page that knows better.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageResponse,
  { cacheControl = pageCacheControl(request, page) }: { readonly cacheControl?: string } = {},
): Promise<FastifyReply> {
  void reply.code(page.status).header('cache-control', cacheControl).header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
  // A cached page brings its tag; the ETag plugin would hash the compressed bytes on every request.
  if (page.cached) void reply.header('etag', page.etag);
  const body = page.cached ? page.body : Buffer.from(page.html);
  const encoding = body.byteLength < COMPRESS_FROM_BYTES ? undefined : preferredEncoding(request.headers['accept-encoding'], PAGE_ENCODINGS);
  if (encoding === undefined) return reply.send(body);
  const compressed = page.cached ? await page.compressed(encoding) : await compressedOnce(body, encoding);
  // The compression plugin leaves a response alone once it names its encoding.
  return reply.header('content-encoding', encoding).send(compressed);
}
