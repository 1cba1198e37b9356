import { API_PATHS, searchResultsSchema } from '../../contract/wire';
import { SEARCHES_INSIDE_FILES, noSearch, queryWords } from '../../src-core/domain/search';
import type { SearchPort } from '../../src-core/ports/search.port';
import type { HttpClient } from './http-client';

export function createHttpSearch(client: HttpClient): SearchPort {
  return {
    coverage: SEARCHES_INSIDE_FILES,
    async search(query, options) {
      if (queryWords(query).length === 0) return noSearch(SEARCHES_INSIDE_FILES);
      const path = `${API_PATHS.search}?${new URLSearchParams({ q: query }).toString()}`;
      return client.request('GET', path, searchResultsSchema, { signal: options?.signal });
    },
  };
}
