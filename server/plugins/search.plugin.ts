import { branchPagePath } from '../../src-core/domain/branches';
import fp from 'fastify-plugin';
import { SEARCHES_INSIDE_FILES, type SearchCoverage } from '../../src-core/domain/search';
import { createFileIndexer, type FileIndexer, type PdfTextReader } from '../search/file-indexer';
import { createPageIndexer, type PageIndexer } from '../search/page-indexer';
import { createSearchIndex, type SearchIndex } from '../search/search-index';
import { createSearchLimit, type SearchLimit } from '../search/search-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** Site search: the index, the files' indexer, and the limit per visitor. */
    siteSearch: {
      readonly index: SearchIndex;
      readonly files: FileIndexer;
      readonly pages: PageIndexer;
      readonly limit: SearchLimit;
      readonly coverage: SearchCoverage;
    };
  }
}

export interface SearchPluginOptions {
  /** How the text inside a PDF is read: in a separate process with time and memory limits. */
  readonly readPdfText: PdfTextReader;
  /** Stops the reading of PDFs (the reader process): called when the server closes. */
  readonly stopReading?: () => Promise<void>;
}

/**
 * The search index (SQLite FTS5, kept by triggers for posts and event details), the files'
 * indexer, which reads new and changed files in the background, and the pages' indexer, which
 * reads the site's own pages as they are rendered: after start-up, so a data directory from
 * before search is indexed without delaying the first page, and after every change, including
 * those another process makes.
 */
export const searchPlugin = fp<SearchPluginOptions>(
  async (app, { readPdfText, stopReading }) => {
    const index = createSearchIndex(app.db, app.clock);
    const files = createFileIndexer({ files: app.files, index, readPdfText, log: app.log });
    // Each page as a visitor's browser gets it, through the site's own routes (and their cache).
    const pages = createPageIndexer({
      index,
      log: app.log,
      // Registered after this plugin, so asked for on each pass (server/plugins/membership.plugin.ts).
      morePages: () =>
        app.hasDecorator('branches')
          ? app.branches
              .list()
              .filter((branch) => branch.active)
              .map((branch) => ({ path: branchPagePath(branch.slug), title: branch.name }))
          : [],
      render: async (path) => {
        const response = await app.inject({ method: 'GET', url: path });
        const isPage = response.statusCode === 200 && String(response.headers['content-type']).startsWith('text/html');
        return isPage ? response.body : null;
      },
    });
    app.decorate('siteSearch', { index, files, pages, limit: createSearchLimit(app.clock), coverage: SEARCHES_INSIDE_FILES });
    app.contentVersion.onChange(() => {
      void files.sync();
      void pages.sync();
    });
    app.addHook('onReady', async () => {
      void files.sync();
      // Not awaited: the pages are requested once the server is ready, which is after this hook.
      void pages.sync();
    });
    app.addHook('onClose', async () => {
      // The database closes after this: the pass running now ends first.
      const stopped = files.stop();
      await stopReading?.();
      await stopped;
      await pages.stop();
    });
  },
  { name: 'search', dependencies: ['data'] },
);
