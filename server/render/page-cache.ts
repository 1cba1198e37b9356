import { compressedForms, type CompressedForms } from './compressed-forms';
import { weakTagOf } from '../http/weak-tag';

/** What rendering an address produced. */
export interface RenderedAnswer {
  readonly status: number;
  readonly html: string;
  /**
   * False for answers that must be made afresh each time: not-found pages (any address can ask
   * for one, so keeping them would let strangers fill the memory) and the plain page sent after
   * a rendering failure.
   */
  readonly reusable: boolean;
  /**
   * When the page stops being true by itself, though nothing it was made from changed (an
   * upcoming event finishes and must move to the past ones); after it, the page is made again.
   */
  readonly keepUntil?: number | null;
}

/** An answer to send: a kept page has its bytes ready and each compressed form made once. */
export type PageAnswer =
  | { readonly kept: false; readonly status: number; readonly html: string }
  | {
      readonly kept: true;
      readonly status: number;
      readonly body: Buffer;
      /** Worked out once: the same weak tag whatever encoding carries the page. */
      readonly etag: string;
      readonly compressed: CompressedForms;
    };

export interface PageCacheStatistics {
  /** Addresses rendered because no page was kept for them. */
  readonly rendered: number;
  /** Answers served from a kept page (or from a rendering already under way for the same address). */
  readonly reused: number;
  /** Pages kept now. */
  readonly kept: number;
}

export interface PageCache {
  /**
   * The page at `address` for `generation` (what the content and the build are now): the kept
   * one while the generation stays the same, or what `render` makes. Requests arriving while
   * an address is being rendered share that one rendering.
   */
  answer(address: string, generation: string, render: () => Promise<RenderedAnswer>): Promise<PageAnswer>;
  statistics(): PageCacheStatistics;
}

/** Enough for every page and a few hundred articles, at about 30 KB each with its compressed forms. */
const MAX_KEPT_PAGES = 200;
/** And by size: a few very long articles must not take the place of many ordinary pages' memory. */
const MAX_KEPT_BYTES = 6 * 1024 * 1024;

export interface PageCacheLimits {
  readonly maxPages?: number;
  /** What the kept pages' own bytes may add up to (their compressed forms add about half as much again). */
  readonly maxBytes?: number;
}

function keep(rendered: RenderedAnswer): Extract<PageAnswer, { kept: true }> {
  const body = Buffer.from(rendered.html);
  return { kept: true, status: rendered.status, body, etag: weakTagOf(body), compressed: compressedForms(body) };
}

/**
 * Rendered pages kept in memory for one generation of content and build; a new generation
 * drops them all at once, so no page outlives what it was rendered from. At most `maxPages`
 * are kept, and at most `maxBytes` of them; past either the least recently used go.
 */
export function createPageCache({ maxPages = MAX_KEPT_PAGES, maxBytes = MAX_KEPT_BYTES }: PageCacheLimits = {}, now: () => number = Date.now): PageCache {
  let generation: string | undefined;
  let pages = new Map<string, Promise<PageAnswer>>();
  const expiries = new Map<string, number>();
  /** The bytes of each page kept and rendered (one still rendering counts once it is done). */
  const sizes = new Map<string, number>();
  let keptBytes = 0;
  const counts = { rendered: 0, reused: 0 };

  function drop(address: string): void {
    pages.delete(address);
    expiries.delete(address);
    keptBytes -= sizes.get(address) ?? 0;
    sizes.delete(address);
  }

  function forget(address: string, answer: Promise<PageAnswer>): void {
    if (pages.get(address) === answer) drop(address);
  }

  function withinBounds(): void {
    for (const oldest of pages.keys()) {
      if (pages.size <= maxPages && keptBytes <= maxBytes) return;
      drop(oldest);
    }
  }

  function expired(address: string): boolean {
    const until = expiries.get(address);
    return until !== undefined && now() >= until;
  }

  return {
    answer(address, current, render) {
      if (current !== generation) {
        generation = current;
        pages = new Map();
        expiries.clear();
        sizes.clear();
        keptBytes = 0;
      }
      if (expired(address)) drop(address);
      const kept = pages.get(address);
      if (kept !== undefined) {
        counts.reused += 1;
        // Map keeps insertion order: moving a used page to the end leaves the least used first.
        pages.delete(address);
        pages.set(address, kept);
        return kept;
      }
      counts.rendered += 1;
      const answer: Promise<PageAnswer> = render().then(
        (rendered) => {
          if (rendered.reusable) {
            const page = keep(rendered);
            // Still this address's rendering (a new generation may have dropped it meanwhile).
            if (pages.get(address) === answer) {
              if (rendered.keepUntil !== undefined && rendered.keepUntil !== null) expiries.set(address, rendered.keepUntil);
              sizes.set(address, page.body.byteLength);
              keptBytes += page.body.byteLength;
              withinBounds();
            }
            return page;
          }
          forget(address, answer);
          return { kept: false, status: rendered.status, html: rendered.html };
        },
        (error: unknown) => {
          forget(address, answer);
          throw error;
        },
      );
      pages.set(address, answer);
      withinBounds();
      return answer;
    },
    statistics: () => ({ ...counts, kept: pages.size }),
  };
}
