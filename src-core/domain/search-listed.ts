/**
 * Search for a backend without a text index of its own (the hosted site's files and events,
 * and the in-memory backend): every item is read from its list and compared word by word.
 * Fine for an association's few hundred items; the self-hosted server uses SQLite's index.
 */
import { eventIdOf, eventPath, summariseEvent, type EventListing } from './event-listing';
import { displayName } from './files';
import { articlePath } from './navigation';
import type { Post } from './post';
import {
  MAX_RESULTS,
  foldForMatching,
  markWords,
  queryWords,
  tidyQuery,
  wordRoot,
  type SearchCoverage,
  type SearchResult,
  type SearchResultKind,
  type SearchResults,
} from './search';
import type { Folder, StoredFile } from './stored-file';

/** One thing that can be found, with the text it is found by. */
export interface Searchable {
  readonly kind: SearchResultKind;
  readonly title: string;
  readonly href: string;
  readonly isFile: boolean;
  readonly date: string | null;
  /** Words beside the title that find it (a post's body, an event's place and description). */
  readonly text: string;
  /**
   * The query's words the backend's own text search found it by, which may match words these
   * comparisons do not (Contentful's search): each counts as found.
   */
  readonly foundByBackend?: readonly string[];
}

/** The folded words of a text, for comparing. */
function wordsOf(text: string): string[] {
  return foldForMatching(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

function finds(word: string, textWords: readonly string[]): boolean {
  const root = wordRoot(word);
  return textWords.some((textWord) => textWord.startsWith(root));
}

export function postSearchable(post: Post): Searchable {
  return { kind: 'news', title: post.title, href: articlePath(post.id), isFile: false, date: post.publishedAt, text: post.body };
}

const FOLDER_KINDS: Readonly<Record<Exclude<Folder, 'events'>, SearchResultKind>> = { root: 'document', newsletters: 'newsletter' };

/**
 * A file found by its name without its extension, as the self-hosted index titles it:
 * 'Spring Newsletter 2026.pdf' is found by 'spring' and 'newsletter', and 'pdf' does not find
 * every file. Its link is the file, so the result still says it is one.
 */
export function fileSearchable(folder: Exclude<Folder, 'events'>, file: StoredFile): Searchable {
  return { kind: FOLDER_KINDS[folder], title: displayName(file.name), href: file.url, isFile: true, date: file.updatedAt ?? null, text: '' };
}

/** Every event of a listing, found by its title, place and description, leading to its page. */
export function eventSearchables(listing: EventListing): Searchable[] {
  const now = Date.parse(listing.at);
  return listing.events.map((event) => {
    const summary = summariseEvent(event, listing.timeZone, now);
    return {
      kind: 'event',
      title: summary.title,
      href: eventPath(eventIdOf(event.file.name)),
      isFile: false,
      date: summary.start,
      text: [summary.venue, summary.town, summary.description].filter((part) => part !== '').join(' · '),
    };
  });
}

interface Scored {
  readonly item: Searchable;
  readonly found: number;
  readonly score: number;
}

function score(item: Searchable, words: readonly string[]): Scored {
  const titleWords = wordsOf(item.title);
  const textWords = wordsOf(item.text);
  let found = 0;
  let total = 0;
  for (const word of words) {
    const inTitle = finds(word, titleWords);
    const inText = finds(word, textWords);
    if (inTitle || inText || item.foundByBackend?.includes(word) === true) found += 1;
    // A word in the title says more about what the item is than one in its text.
    total += (inTitle ? 3 : 0) + (inText ? 1 : 0);
  }
  return { item, found, score: total };
}

function toResult(item: Searchable, words: readonly string[]): SearchResult {
  return {
    kind: item.kind,
    title: item.title,
    href: item.href,
    isFile: item.isFile,
    date: item.date,
    snippet: item.text === '' ? [] : markWords(item.text, words),
  };
}

const newestFirst = (a: Scored, b: Scored) => (b.item.date ?? '').localeCompare(a.item.date ?? '');

/**
 * Posts, files and events by one rule: the items with every word first, then those with some of
 * them (more of the words first), and the results say where the second kind begins; when none
 * has them all, the results say so.
 */
export function searchListed(items: readonly Searchable[], rawQuery: string, coverage: SearchCoverage): SearchResults {
  const query = tidyQuery(rawQuery);
  const words = queryWords(query);
  if (words.length === 0) return { query, results: [], matched: 'all', coverage };
  const scored = items.map((item) => score(item, words));
  const byRank = (a: Scored, b: Scored) => b.score - a.score || newestFirst(a, b);
  const all = scored.filter((entry) => entry.found === words.length).sort(byRank);
  const some = scored.filter((entry) => entry.found > 0 && entry.found < words.length).sort((a, b) => b.found - a.found || byRank(a, b));
  const ranked = [...all, ...some].slice(0, MAX_RESULTS);
  const withAll = Math.min(all.length, ranked.length);
  return {
    query,
    results: ranked.map((entry) => toResult(entry.item, words)),
    matched: withAll > 0 || ranked.length === 0 ? 'all' : 'any',
    ...(withAll > 0 && withAll < ranked.length ? { withAllWords: withAll } : {}),
    coverage,
  };
}
