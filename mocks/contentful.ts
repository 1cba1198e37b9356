/**
 * MSW stand-in for Contentful's Content Delivery API, speaking its wire format: entries of a
 * content type with the `sys.id`, `query` (full-text: every word, in any text field, without
 * regard to case), `order`, `limit` and `skip` query parameters, and its error
 * bodies (404 NotFound, 429 RateLimitExceeded, 500 ServerError). Seeded with posts in the core's
 * own shape, so any sample data the other fakes use fits here too.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Post } from '../src-core/domain/post';

const CONTENTFUL_CDN = 'https://cdn.contentful.com';

export interface ContentfulFakeOptions {
  readonly space: string;
  readonly environment: string;
  readonly accessToken: string;
  readonly posts: readonly Post[];
  /** The content type the posts belong to; 'newsletters' (docs/behaviour.md#the-two-backends). */
  readonly contentType?: string;
  /** The fields of the one 'associationDetails' entry (docs/hosted.md), if the space has one. */
  readonly associationDetails?: Readonly<Record<string, unknown>>;
}

const entriesPath = `${CONTENTFUL_CDN}/spaces/:space/environments/:environment/entries`;

export const CONTENTFUL_ERRORS = {
  404: { id: 'NotFound', message: 'The resource could not be found.' },
  429: {
    id: 'RateLimitExceeded',
    message:
      'You have exceeded the rate limit of the Organization this Space belongs to by making too many API requests within a short timespan. Please wait a moment before trying the request again.',
  },
  500: { id: 'ServerError', message: 'Internal server error.' },
  401: {
    id: 'AccessTokenInvalid',
    message: 'The access token you sent could not be found or is invalid.',
  },
} as const;

export type ContentfulErrorStatus = keyof typeof CONTENTFUL_ERRORS;

/** An error response exactly as the delivery API writes it. */
/** What every response of the delivery API carries: its type, and that any site's page may read it. */
const DELIVERY_HEADERS = { 'content-type': 'application/vnd.contentful.delivery.v1+json', 'access-control-allow-origin': '*' } as const;

function contentfulErrorResponse(status: ContentfulErrorStatus): HttpResponse<Record<string, unknown>> {
  const { id, message } = CONTENTFUL_ERRORS[status];
  return HttpResponse.json(
    { sys: { type: 'Error', id }, message, requestId: `fake-${id.toLowerCase()}` },
    {
      status,
      headers: {
        ...DELIVERY_HEADERS,
        ...(status === 429 ? { 'x-contentful-ratelimit-reset': '1' } : {}),
      },
    },
  );
}

function entryOf(post: Post, options: ContentfulFakeOptions) {
  const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });
  return {
    metadata: { tags: [], concepts: [] },
    sys: {
      space: link('Space', options.space),
      id: post.id,
      type: 'Entry',
      createdAt: post.publishedAt,
      updatedAt: post.updatedAt ?? post.publishedAt,
      environment: link('Environment', options.environment),
      publishedVersion: 3,
      revision: 1,
      contentType: link('ContentType', options.contentType ?? 'newsletters'),
      locale: 'en-US',
    },
    fields: { title: post.title, body: post.body },
  };
}

function detailsEntryOf(fields: Readonly<Record<string, unknown>>, options: ContentfulFakeOptions) {
  const entry = entryOf({ id: 'association-details', title: '', body: '', publishedAt: '2026-01-01T00:00:00.000Z' }, options);
  return { ...entry, sys: { ...entry.sys, contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'associationDetails' } } }, fields };
}

function sortEntries(entries: ReturnType<typeof entryOf>[], order: string | null): void {
  const [field] = (order ?? '').split(',');
  if (field !== 'sys.createdAt' && field !== '-sys.createdAt') return;
  const direction = field.startsWith('-') ? -1 : 1;
  entries.sort((a, b) => direction * (Date.parse(a.sys.createdAt) - Date.parse(b.sys.createdAt)));
}

function wholeNumber(value: string | null, fallback: number): number {
  const number = Number(value ?? fallback);
  return Number.isInteger(number) && number >= 0 ? number : fallback;
}

function preflightResponse(): HttpResponse<null> {
  return new HttpResponse(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET',
      'access-control-allow-headers': 'Authorization, Content-Type, X-Contentful-User-Agent',
      'access-control-max-age': '86400',
    },
  });
}

/**
 * A browser (jsdom too) asks first whether another site's page may send the Authorization
 * header; the delivery API says any may, as the service does.
 */
export function contentfulPreflight(): HttpHandler {
  return http.options('https://cdn.contentful.com/*', () => preflightResponse());
}

/** The delivery API for one space and environment. */
export function contentfulHandlers(options: ContentfulFakeOptions): HttpHandler[] {
  return [
    contentfulPreflight(),
    http.get(entriesPath, ({ request, params }) => {
      if (request.headers.get('authorization') !== `Bearer ${options.accessToken}`) return contentfulErrorResponse(401);
      if (params.space !== options.space || params.environment !== options.environment) return contentfulErrorResponse(404);
      const query = new URL(request.url).searchParams;
      const contentType = query.get('content_type');
      if (contentType === 'associationDetails') {
        const items = options.associationDetails === undefined ? [] : [detailsEntryOf(options.associationDetails, options)];
        return HttpResponse.json(
          { sys: { type: 'Array' }, total: items.length, skip: 0, limit: 1, items },
          { headers: DELIVERY_HEADERS },
        );
      }
      const id = query.get('sys.id');
      const words = (query.get('query') ?? '').toLowerCase().split(/\s+/).filter((word) => word !== '');
      const entries = (contentType === null || contentType === (options.contentType ?? 'newsletters') ? options.posts : [])
        .filter((post) => id === null || post.id === id)
        .filter((post) => words.every((word) => `${post.title} ${post.body}`.toLowerCase().includes(word)))
        .map((post) => entryOf(post, options));
      sortEntries(entries, query.get('order'));
      const limit = Math.min(wholeNumber(query.get('limit'), 100), 1000);
      const skip = wholeNumber(query.get('skip'), 0);
      return HttpResponse.json(
        { sys: { type: 'Array' }, total: entries.length, skip, limit, items: entries.slice(skip, skip + limit) },
        { headers: DELIVERY_HEADERS },
      );
    }),
  ];
}

/**
 * Responds to the next requests with these statuses, one each, then lets the seeded handlers respond.
 * 'network' drops the connection. Put it in front with `server.use()`.
 */
export function contentfulFailures(statuses: readonly (ContentfulErrorStatus | 'network')[]): HttpHandler {
  const remaining = [...statuses];
  return http.all(entriesPath, ({ request }) => {
    if (request.method === 'OPTIONS') return preflightResponse();
    if (request.method !== 'GET') return undefined;
    const status = remaining.shift();
    if (status === undefined) return undefined;
    return status === 'network' ? HttpResponse.error() : contentfulErrorResponse(status);
  });
}

/**
 * Every read gets this status, or has its connection dropped, for as long as `isDown()` says
 * so, then the seeded handlers respond again. Put it in front with `server.use()`.
 */
export function contentfulOutage(status: ContentfulErrorStatus | 'network', isDown: () => boolean = () => true): HttpHandler {
  return http.get(entriesPath, () => {
    if (!isDown()) return undefined;
    return status === 'network' ? HttpResponse.error() : contentfulErrorResponse(status);
  });
}
