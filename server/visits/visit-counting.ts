import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { searchTextToCount } from '../../src-core/domain/visits';
import type { VisitKind } from './visit-tally';

/** What a route's responses count as, set in its options: `{ config: { countedAs: 'page' } }`. */
export type CountedAs = 'page' | 'download';

declare module 'fastify' {
  interface FastifyContextConfig {
    countedAs?: CountedAs;
  }
  interface FastifyRequest {
    /** The text of a search that found nothing, set by the search page and the search API. */
    searchNotFound: string | null;
  }
}

/** Longest address or file name counted: a real one is far shorter. */
const MAX_KEY = 300;
/** User agents already judged, since the same few come again and again; a bound, as clients choose them. */
const MAX_KNOWN_AGENTS = 500;

export interface Counted {
  readonly kind: VisitKind;
  readonly key: string;
}

/** Whether a user agent is a known robot (isbot's list); one without a user agent is taken as one. */
export function robotJudge(): (userAgent: string | undefined) => boolean {
  const known = new Map<string, boolean>();
  return (userAgent) => {
    if (userAgent === undefined || userAgent === '') return true;
    let robot = known.get(userAgent);
    if (robot === undefined) {
      robot = isbot(userAgent);
      if (known.size >= MAX_KNOWN_AGENTS) known.clear();
      known.set(userAgent, robot);
    }
    return robot;
  };
}

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** A page's key: its route, or its own address where the route has a part that names one thing (an article, an event). */
function pageKey(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? '';
  return route.includes(':') || route.includes('*') ? pathOf(request) : route;
}

/** '/files/newsletters/Spring%202026.pdf' as 'newsletters/Spring 2026.pdf'. */
function downloadKey(request: FastifyRequest): string | undefined {
  try {
    return decodeURIComponent(pathOf(request).replace(/^\/files\//, ''));
  } catch {
    return undefined;
  }
}

/**
 * Another website's name, without 'www.'; nothing for this site's own pages (the configured names
 * and the one this request came to), an app, or a damaged header.
 */
function referrerSite(request: FastifyRequest, ownHosts: readonly string[]): string | undefined {
  const referer = request.headers.referer;
  if (referer === undefined || referer === '') return undefined;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  if (ownHosts.includes(host) || host === request.hostname.toLowerCase()) return undefined;
  return host.replace(/^www\./, '').slice(0, 100);
}

/**
 * What one response counts, if anything: a GET answered 200 to someone other than a known robot.
 * HEAD, 304, 206, errors, the admin area and the API count nothing; a search that found nothing
 * counts wherever it was made (the search page or the API the app asks).
 */
export function countedBy(request: FastifyRequest, reply: FastifyReply, isRobot: (userAgent: string | undefined) => boolean, ownHosts: readonly string[]): Counted[] {
  if (request.method !== 'GET' || reply.statusCode !== 200) return [];
  const countedAs = request.routeOptions.config.countedAs;
  const search = request.searchNotFound;
  if (countedAs === undefined && search === null) return [];
  if (isRobot(request.headers['user-agent'])) return [];
  const counted: Counted[] = [];
  if (countedAs === 'page') {
    counted.push({ kind: 'page', key: pageKey(request).slice(0, MAX_KEY) });
    const site = referrerSite(request, ownHosts);
    if (site !== undefined) counted.push({ kind: 'referrer', key: site });
  } else if (countedAs === 'download') {
    const key = downloadKey(request);
    if (key !== undefined) counted.push({ kind: 'download', key: key.slice(0, MAX_KEY) });
  }
  if (search !== null) {
    const text = searchTextToCount(search);
    if (text !== '') counted.push({ kind: 'search', key: text });
  }
  return counted;
}
