import type { SearchCoverage, SearchResults } from '../domain/search';
import type { ReadOptions } from './content.port';

/** Site search: every backend has it, each looking through what it can (see `coverage`). */
export interface SearchPort {
  /** What this backend looks through, for the page to say before anything is searched. */
  readonly coverage: SearchCoverage;
  /**
   * The results for what a visitor typed, best first; an empty query gives no results.
   * The query is taken as words: no character of it is search syntax.
   * @throws CoreError 'too-many-requests' when this visitor has searched too often in a short
   *   while, 'unavailable' when the search cannot be reached.
   */
  search(query: string, options?: ReadOptions): Promise<SearchResults>;
}
