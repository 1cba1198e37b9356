/**
 * Keeps the site's own pages in the search index, so 'join', 'fee' or 'citizens information'
 * find the page that says it. Each page is read as the server renders it for a visitor (its
 * `main` part), so what is found is what the page shows, including the association's details
 * that administrators edit. Runs in the background after start-up and after every change to
 * what pages are rendered from.
 */
import type { FastifyBaseLogger } from 'fastify';
import { pageName, type RouteId } from '../../src-core/domain/navigation';
import { mainText } from './page-text';
import type { IndexedPage, SearchIndex } from './search-index';

/**
 * The pages a visitor can be sent to by a search. Not the news page (its posts are found one by
 * one), nor search, sign-in and the admin area.
 * @internal Outside this file only tests and fakes use it.
 */
export const SEARCHED_PAGES: readonly { readonly path: string; readonly route: RouteId }[] = [
  { path: '/', route: 'home' },
  { path: '/about', route: 'about' },
  { path: '/documents', route: 'documents' },
  { path: '/events', route: 'events' },
  { path: '/branches', route: 'branches' },
  { path: '/contact', route: 'contact' },
  { path: '/links', route: 'links' },
  { path: '/privacy-policy', route: 'privacy-policy' },
  { path: '/disclaimer', route: 'disclaimer' },
  { path: '/accessibility', route: 'accessibility' },
  { path: '/display-settings', route: 'display-settings' },
];

/** The page at an address as a visitor's browser receives it; null where it is not a rendered page. */
export type PageRenderer = (path: string) => Promise<string | null>;

export interface PageIndexer {
  /** Reads every searched page again; calls made while a pass runs are handled by one more pass. */
  sync(): Promise<void>;
  /** Starts no more passes, and settles once the pass running now has ended. */
  stop(): Promise<void>;
}

export interface PageIndexerOptions {
  readonly render: PageRenderer;
  readonly index: SearchIndex;
  readonly log: FastifyBaseLogger;
  /** Pages that come and go with the data (each active branch's), read on each pass with the fixed ones. */
  readonly morePages?: () => readonly { readonly path: string; readonly title: string }[];
}

export function createPageIndexer({ render, index, log, morePages = () => [] }: PageIndexerOptions): PageIndexer {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function pass(): Promise<void> {
    const pages: IndexedPage[] = [];
    const searched = [...SEARCHED_PAGES.map(({ path, route }) => ({ path, title: pageName(route) })), ...morePages()];
    for (const { path, title } of searched) {
      if (stopped) return;
      try {
        const html = await render(path);
        const text = html === null ? null : mainText(html);
        if (text !== null) pages.push({ path, title, text });
      } catch (error) {
        // A page that cannot be read now keeps what the index had for it.
        log.warn({ err: error, path }, 'A page could not be read for the search index');
      }
    }
    // Only pages that rendered are written; one that failed keeps its last text.
    index.putPages(pages, searched.map((page) => page.path));
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      await pass();
    } while (again && !stopped);
  }

  return {
    sync() {
      if (stopped) return Promise.resolve();
      if (running !== null) {
        again = true;
        return running;
      }
      running = loop().finally(() => {
        running = null;
      });
      return running;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
