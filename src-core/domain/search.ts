/**
 * Site search, the same on every backend: what a visitor may type, what a result says, and how
 * its matched words are marked. Backends differ in what they look through (see SearchCoverage);
 * the page says so.
 */

/** The address of the results page; the header's search box sends its form there. */
export const SEARCH_PATH = '/search';

/** The query's field name in the address: '/search?q=pension'. */
export const SEARCH_PARAM = 'q';

/** Longer queries are cut here: nobody types more, and a long one only costs the server. */
export const MAX_QUERY_LENGTH = 200;

/**
 * The words of a query that are looked for; the rest are dropped.
 * @internal Outside this file only tests and fakes use it.
 */
export const MAX_QUERY_WORDS = 8;

/** How many results one page lists. */
export const MAX_RESULTS = 50;

export type SearchResultKind = 'page' | 'news' | 'newsletter' | 'document' | 'event';

/** What a visitor sees beside each result, so they know what opening it will give them. */
export const SEARCH_KIND_LABELS: Readonly<Record<SearchResultKind, string>> = {
  page: 'Page',
  news: 'News',
  newsletter: 'Newsletter',
  document: 'Document',
  event: 'Event',
};

/** A piece of a snippet: plain text, or a word that matched the query (shown highlighted). */
export interface SnippetPart {
  readonly text: string;
  readonly match: boolean;
}

export interface SearchResult {
  readonly kind: SearchResultKind;
  readonly title: string;
  /**
   * Where the result leads: a page of the site, an article's or an event's page, or a file's
   * own address (a newsletter or document opens as the file).
   */
  readonly href: string;
  /** Whether `href` is a file (it opens in a new tab, as the site's other file links do). */
  readonly isFile: boolean;
  /** ISO 8601 date or date-time: a post's publication, a file's upload, an event's start; null where unknown. */
  readonly date: string | null;
  /** Text around the matched words; empty where only the title matched and there is no text. */
  readonly snippet: readonly SnippetPart[];
}

/**
 * What a backend looks through. The self-hosted server reads the text inside PDF files; a
 * static host cannot, and searches files by their names only.
 */
export interface SearchCoverage {
  readonly textInsideFiles: boolean;
}

/** A server that reads the text inside PDF files (the self-hosted one). */
export const SEARCHES_INSIDE_FILES: SearchCoverage = { textInsideFiles: true };

/** A backend without a server of its own: files are found by their names only. */
export const SEARCHES_FILE_NAMES: SearchCoverage = { textInsideFiles: false };

export interface SearchResults {
  /** The query as it was understood (trimmed and cut to length); '' for no query. */
  readonly query: string;
  readonly results: readonly SearchResult[];
  /**
   * 'all' when the results have all the words (the first `withAllWords` of them, where that is
   * set); 'any' when nothing had them all and these results have some of them (the page says so).
   */
  readonly matched: 'all' | 'any';
  /**
   * Where results with every word are followed by some with only some of them (the hosted and
   * in-memory search): how many of the first have every word. Left out when all have them all.
   */
  readonly withAllWords?: number;
  readonly coverage: SearchCoverage;
}

/** A query as it was typed, trimmed, with runs of spaces made one, and cut to MAX_QUERY_LENGTH. */
export function tidyQuery(raw: string | null | undefined): string {
  return (raw ?? '')
    .replace(/\s+/gu, ' ')
    .trim()
    .slice(0, MAX_QUERY_LENGTH)
    .trim();
}

/**
 * The words looked for: letters and digits only (so no character can be read as search
 * syntax by a backend), in order, without repeats, at most MAX_QUERY_WORDS.
 */
export function queryWords(query: string): string[] {
  const words = tidyQuery(query).toLocaleLowerCase('en-IE').match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/**
 * A word as compared by a backend without its own text search: lower case, without accents,
 * so 'Seán' and 'sean' are the same word.
 */
export function foldForMatching(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en-IE');
}

/** The usual English endings, so 'pensions', 'walking' and 'booked' find 'pension', 'walk' and 'book'. */
const ENDINGS = /(?:ing|ies|es|ed|s)$/u;

/**
 * A folded query word without its usual English ending, for a backend without a stemmer of
 * its own: a text word that starts with it matches ('pensions' -> 'pension' finds 'pension').
 */
export function wordRoot(word: string): string {
  const root = foldForMatching(word).replace(ENDINGS, '');
  return root.length >= 3 ? root : foldForMatching(word);
}

/** The results page's own address for a query: '/search?q=state+pension'. */
export function searchPath(query: string): string {
  const tidy = tidyQuery(query);
  return tidy === '' ? SEARCH_PATH : `${SEARCH_PATH}?${new URLSearchParams({ [SEARCH_PARAM]: tidy }).toString()}`;
}

/**
 * Marks the words of `text` that start with the root of one of `words` (compared without case
 * or accents), for a backend that has no snippets of its own. Cut to about `maxLength`
 * characters around the first match.
 */
export function markWords(text: string, words: readonly string[], maxLength = 200): SnippetPart[] {
  const roots = words.map(wordRoot).filter((root) => root !== '');
  const pieces = text.split(/([\p{L}\p{N}]+)/u);
  const isMatch = (piece: string) => roots.some((root) => foldForMatching(piece).startsWith(root));
  const firstMatch = pieces.findIndex((piece, index) => index % 2 === 1 && isMatch(piece));
  // Start a few words before the first match, so it is read in its sentence.
  let start = firstMatch <= 8 ? 0 : firstMatch - 8;
  if (start % 2 === 1) start -= 1;
  const parts: SnippetPart[] = start > 0 ? [{ text: '…', match: false }] : [];
  let length = 0;
  for (let index = start; index < pieces.length && length < maxLength; index += 1) {
    const piece = pieces[index] ?? '';
    if (piece === '') continue;
    parts.push({ text: piece, match: index % 2 === 1 && isMatch(piece) });
    length += piece.length;
  }
  if (length >= maxLength && pieces.slice(start).join('').length > length) parts.push({ text: '…', match: false });
  return joinPlainParts(parts);
}

/** Neighbouring parts of the same kind as one, so a page renders few elements. */
export function joinPlainParts(parts: readonly SnippetPart[]): SnippetPart[] {
  const joined: SnippetPart[] = [];
  for (const part of parts) {
    const last = joined.at(-1);
    if (last !== undefined && last.match === part.match) joined[joined.length - 1] = { text: last.text + part.text, match: part.match };
    else joined.push(part);
  }
  return joined;
}

/** Results with nothing found, for an empty query. */
export function noSearch(coverage: SearchCoverage): SearchResults {
  return { query: '', results: [], matched: 'all', coverage };
}
