import { eventSearchables, fileSearchable, postSearchable, searchListed, type Searchable } from '../../src-core/domain/search-listed';
import { SEARCHES_FILE_NAMES, noSearch, queryWords, type SearchCoverage } from '../../src-core/domain/search';
import type { ReadOptions } from '../../src-core/ports/content.port';
import type { EventsPort } from '../../src-core/ports/events.port';
import type { SearchPort } from '../../src-core/ports/search.port';
import type { StoragePort } from '../../src-core/ports/storage.port';

/** Where the items come from: the backend's own lists. */
export interface ListedSources {
  /** The posts a query may find; a backend with a text search of its own asks it with the words. */
  readonly posts: (words: readonly string[], options?: ReadOptions) => Promise<readonly Searchable[]>;
  readonly storage: Pick<StoragePort, 'listFiles'>;
  readonly events: Pick<EventsPort, 'listEvents'>;
}

/**
 * Search by reading the backend's lists and comparing words (src-core/domain/search-listed.ts):
 * posts, the files of the root and newsletters folders by name, and events by their details.
 */
export function createListedSearch(sources: ListedSources, coverage: SearchCoverage = SEARCHES_FILE_NAMES): SearchPort {
  return {
    coverage,
    async search(query, options) {
      const words = queryWords(query);
      if (words.length === 0) return noSearch(coverage);
      const signal = options?.signal;
      const [posts, documents, newsletters, listing] = await Promise.all([
        sources.posts(words, options),
        sources.storage.listFiles('root', { signal }),
        sources.storage.listFiles('newsletters', { signal }),
        sources.events.listEvents({ signal }),
      ]);
      const items = [
        ...posts,
        ...documents.map((file) => fileSearchable('root', file)),
        ...newsletters.map((file) => fileSearchable('newsletters', file)),
        ...eventSearchables(listing),
      ];
      return searchListed(items, query, coverage);
    },
  };
}

/**
 * The posts as the content port lists them, every one compared (the in-memory backend).
 * @internal Outside this file only tests and fakes use it.
 */
export function everyPost(content: { listPosts(options?: ReadOptions): Promise<readonly { id: string; title: string; body: string; publishedAt: string }[]> }) {
  return async (_words: readonly string[], options?: ReadOptions): Promise<readonly Searchable[]> =>
    (await content.listPosts(options)).map(postSearchable);
}
