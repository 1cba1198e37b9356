import { createMemoryCache } from '../http/memory-cache';
import { weakTagOf } from '../http/weak-tag';
import { compressedForms, type CompressedForms } from './compressed-forms';

/** What rendering an address produced. */
export interface RenderedPage {
  readonly status: number;
  readonly html: string;
  /**
   * False for pages that must be rendered afresh each time: not-found pages (any address can ask
   * for one, so caching them would let strangers fill the memory) and the plain page sent after
   * a rendering failure.
   */
  readonly cacheable: boolean;
  /**
   * When the page stops being true by itself, though nothing it was made from changed (an
   * upcoming event finishes and must move to the past ones); after it, the page is rendered again.
   */
  readonly expiresAt?: number | null;
}

/** A page to send: a cached page has its bytes ready and each compressed form made lazily, once. */
export type PageResponse =
  | { readonly cached: false; readonly status: number; readonly html: string }
  | {
      readonly cached: true;
      readonly status: number;
      readonly body: Buffer;
      /** Worked out once: the same weak tag whatever encoding carries the page. */
      readonly etag: string;
      readonly compressed: CompressedForms;
    };

export interface PageCacheStatistics {
  /** Addresses rendered because no page was cached for them. */
  readonly rendered: number;
  /** Responses served from a cached page (or from a rendering already under way for the same address). */
  readonly reused: number;
  /** Pages cached now. */
  readonly cached: number;
}

export interface PageCache {
  /**
   * The page at `address` for `generation` (what the content and the build are now): the cached
   * one while the generation stays the same, or what `render` makes. Requests arriving while
   * an address is being rendered share that one rendering.
   */
  page(address: string, generation: string, render: () => Promise<RenderedPage>): Promise<PageResponse>;
  statistics(): PageCacheStatistics;
}

export interface PageCacheLimits {
  /** Enough for every page and a few hundred articles, at about 30 KB each with its compressed forms. */
  readonly maxPages?: number;
  /** By size too: a few very long articles must not take the place of many ordinary pages (their compressed forms add about half again). */
  readonly maxBytes?: number;
}

function cachedPage(rendered: RenderedPage): Extract<PageResponse, { cached: true }> {
  const body = Buffer.from(rendered.html);
  return { cached: true, status: rendered.status, body, etag: weakTagOf(body), compressed: compressedForms(body) };
}

/** Rendered pages cached for one generation of content and build, so no page outlives what it was rendered from. */
export function createPageCache({ maxPages = 200, maxBytes = 6 * 1024 * 1024 }: PageCacheLimits = {}, now: () => number = Date.now): PageCache {
  const pages = createMemoryCache<Promise<PageResponse>>({ maxEntries: maxPages, maxBytes, now });
  const counts = { rendered: 0, reused: 0 };

  return {
    page(address, generation, render) {
      const cached = pages.get(address, generation);
      if (cached !== undefined) {
        counts.reused += 1;
        return cached;
      }
      counts.rendered += 1;
      const response: Promise<PageResponse> = render().then(
        (rendered) => {
          if (!rendered.cacheable) {
            pages.delete(address, response);
            return { cached: false, status: rendered.status, html: rendered.html };
          }
          const page = cachedPage(rendered);
          // Counted by its size now that it is known, if still this address's rendering.
          if (pages.peek(address) === response) pages.set(address, response, generation, { size: page.body.byteLength, until: rendered.expiresAt });
          return page;
        },
        (error: unknown) => {
          pages.delete(address, response);
          throw error;
        },
      );
      pages.set(address, response, generation);
      return response;
    },
    statistics: () => ({ ...counts, cached: pages.size }),
  };
}
