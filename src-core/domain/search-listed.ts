/**
 * Search for a backend without a text index of its own (the hosted site's files and events,
 * and the in-memory backend): every item is read from its list and compared word by word.
 * Fine for an association's few hundred items; the self-hosted server uses SQLite's index.
 */
import { eventIdOf, eventPath, summariseEvent, type EventListing } from './event-listing';
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
  /** Found by the backend's own text search, which may match words these comparisons do not: it counts as having every word. */
  readonly foundByBackend?: boolean;
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

/** A file found by its name: 'Spring Newsletter 2026.pdf' is found by 'spring' and 'newsletter'. */
export function fileSearchable(folder: Exclude<Folder, 'events'>, file: StoredFile): Searchable {
  return { kind: FOLDER_KINDS[folder], title: file.name, href: file.url, isFile: true, date: file.updatedAt ?? null, text: '' };
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
    if (inTitle || inText) found += 1;
    // A word in the title says more about what the item is than one in its text.
    total += (inTitle ? 3 : 0) + (inText ? 1 : 0);
  }
  return { item, found: item.foundByBackend === true ? words.length : found, score: total };
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

/** Items with every word first; when none has them all, those with any, and the results say so. */
export function searchListed(items: readonly Searchable[], rawQuery: string, coverage: SearchCoverage): SearchResults {
  const query = tidyQuery(rawQuery);
  const words = queryWords(query);
  if (words.length === 0) return { query, results: [], matched: 'all', coverage };
  const scored = items.map((item) => score(item, words));
  const all = scored.filter((entry) => entry.found === words.length);
  const chosen = all.length > 0 ? all : scored.filter((entry) => entry.found > 0);
  const ranked = chosen.sort((a, b) => b.score - a.score || newestFirst(a, b)).slice(0, MAX_RESULTS);
  return {
    query,
    results: ranked.map((entry) => toResult(entry.item, words)),
    matched: all.length > 0 || chosen.length === 0 ? 'all' : 'any',
    coverage,
  };
}
