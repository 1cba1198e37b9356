/**
 * The site's full-text search over SQLite FTS5 (migrations 6 and 7): posts and event details are
 * kept in the index by triggers; files by `putFile`/`removeFile` once their text is read; the
 * site's own pages by `putPages` with the text the server renders for them.
 */
import {
  MAX_RESULTS,
  joinPlainParts,
  queryWords,
  tidyQuery,
  type SearchResult,
  type SearchResultKind,
  type SearchResults,
  type SnippetPart,
} from '../../src-core/domain/search';
import type { Db } from '../db/database';

/** Marks around the matched words in a snippet; the index's texts never hold them (see migration 6). */
const MATCH_START = '\u0001';
const MATCH_END = '\u0002';

/** Words of context a snippet shows around its matches. */
const SNIPPET_WORDS = 24;

export type FileTextOutcome = 'text' | 'no-text' | 'not-read' | 'unreadable' | 'pending';

/** A stored file as the index knows it. */
export interface IndexedFile {
  readonly fullPath: string;
  readonly kind: Exclude<SearchResultKind, 'news' | 'page'>;
  readonly name: string;
  /** What the result is called: the file's name, or an event's title. */
  readonly title: string;
  readonly href: string;
  readonly size: number;
  readonly modifiedMs: number;
  readonly outcome: FileTextOutcome;
  /** The text read from inside the file; '' where none was read. */
  readonly text: string;
}

/** One of the site's own pages as the index knows it: its address, its name and what it says. */
export interface IndexedPage {
  readonly path: string;
  readonly title: string;
  readonly text: string;
}

interface ResultRow {
  kind: SearchResultKind;
  title: string;
  href: string;
  dated: string | null;
  snippet: string | null;
}

export interface SearchIndex {
  /** The results for a query as typed, best first; never reads any of it as search syntax. */
  search(rawQuery: string): Omit<SearchResults, 'coverage'>;
  /** The files in the index by full path, with the size and time they had when read, and how reading went. */
  files(): Map<string, { readonly size: number; readonly modifiedMs: number; readonly outcome: FileTextOutcome }>;
  putFile(file: IndexedFile): void;
  removeFile(fullPath: string): void;
  /** Puts the given pages in the index (by address) and drops every page not among `keep`. */
  putPages(pages: readonly IndexedPage[], keep: readonly string[]): void;
}

/**
 * Splits a snippet marked by the index into plain and matched parts; characters of the text stay text.
 * @internal Outside this file only tests and fakes use it.
 */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [index, piece] of marked.split(MATCH_START).entries()) {
    if (index === 0) {
      if (piece !== '') parts.push({ text: piece, match: false });
      continue;
    }
    const end = piece.indexOf(MATCH_END);
    const matched = end === -1 ? piece : piece.slice(0, end);
    const rest = end === -1 ? '' : piece.slice(end + 1);
    if (matched !== '') parts.push({ text: matched, match: true });
    if (rest !== '') parts.push({ text: rest, match: false });
  }
  return joinPlainParts(parts);
}

/**
 * An FTS5 query from the visitor's words: each quoted (so 'AND', 'NEAR' or '*' are only
 * words) and, from three letters, also finding longer words that start with it.
 */
function matchExpression(words: readonly string[], joiner: ' ' | ' OR '): string {
  return words.map((word) => `"${word}"${[...word].length >= 3 ? '*' : ''}`).join(joiner);
}

/** The same words looked for in titles only. */
function titleExpression(words: readonly string[], joiner: ' ' | ' OR '): string {
  return `title : (${matchExpression(words, joiner)})`;
}

/** Takes out the characters that mark matches in snippets (see MATCH_START). */
function withoutMarks(text: string): string {
  return text.replaceAll(MATCH_START, '').replaceAll(MATCH_END, '');
}

/** `clock` decides which posts are published: a scheduled post's entry is left out until its date. */
export function createSearchIndex(db: Db, clock: () => number = Date.now): SearchIndex {
  // The best few are chosen by rank alone first, and only they get a snippet, which is the
  // costly part. A page of the site whose name has the words comes before everything else (a
  // visitor who types 'join' wants the page about joining, not a newsletter that mentions it);
  // then the index's own bm25, a title word counting five times a text word (migration 6).
  const find = db.prepare<{ match: string; titleMatch: string; limit: number; now: string }, ResultRow>(`
    WITH best AS (
      SELECT search_index.rowid AS id, search_index.rank AS rank,
        (e.kind = 'page' AND search_index.rowid IN (SELECT rowid FROM search_index WHERE search_index MATCH @titleMatch)) AS named
      FROM search_index JOIN search_entries e ON e.id = search_index.rowid
      WHERE search_index MATCH @match AND (e.kind <> 'news' OR e.dated <= @now)
      ORDER BY named DESC, search_index.rank LIMIT @limit
    )
    SELECT e.kind, e.title, e.href, e.dated,
      snippet(search_index, 1, char(1), char(2), '…', ${SNIPPET_WORDS}) AS snippet
    FROM best
    JOIN search_index ON search_index.rowid = best.id AND search_index MATCH @match
    JOIN search_entries e ON e.id = best.id
    ORDER BY best.named DESC, best.rank
  `);
  const listFiles = db.prepare<[], { full_path: string; size: number; modified_ms: number; outcome: FileTextOutcome }>(
    'SELECT full_path, size, modified_ms, outcome FROM file_texts',
  );
  const upsertFile = db.prepare(`
    INSERT INTO file_texts (full_path, kind, name, title, href, size, modified_ms, outcome, text)
    VALUES (@fullPath, @kind, @name, @title, @href, @size, @modifiedMs, @outcome, @text)
    ON CONFLICT (full_path) DO UPDATE SET
      kind = excluded.kind, name = excluded.name, title = excluded.title, href = excluded.href,
      size = excluded.size, modified_ms = excluded.modified_ms, outcome = excluded.outcome, text = excluded.text
  `);
  const deleteFile = db.prepare<[string]>('DELETE FROM file_texts WHERE full_path = ?');
  const upsertPage = db.prepare<IndexedPage>(`
    INSERT INTO search_entries (kind, ref, title, body, href, dated) VALUES ('page', @path, @title, @text, @path, NULL)
    ON CONFLICT (kind, ref) DO UPDATE SET title = excluded.title, body = excluded.body, href = excluded.href
    WHERE title <> excluded.title OR body <> excluded.body
  `);
  const pagePaths = db.prepare<[], { ref: string }>("SELECT ref FROM search_entries WHERE kind = 'page'");
  const deletePage = db.prepare<[string]>("DELETE FROM search_entries WHERE kind = 'page' AND ref = ?");
  const putPages = db.transaction((pages: readonly IndexedPage[], keep: readonly string[]) => {
    for (const page of pages) upsertPage.run({ path: page.path, title: withoutMarks(page.title), text: withoutMarks(page.text) });
    for (const { ref } of pagePaths.all()) if (!keep.includes(ref)) deletePage.run(ref);
  });

  function toResult(row: ResultRow): SearchResult {
    return {
      kind: row.kind,
      title: row.title,
      href: row.href,
      isFile: row.kind === 'newsletter' || row.kind === 'document',
      date: row.dated,
      snippet: snippetParts(row.snippet ?? ''),
    };
  }

  return {
    search(rawQuery) {
      const query = tidyQuery(rawQuery);
      const words = queryWords(query);
      if (words.length === 0) return { query, results: [], matched: 'all' };
      const all = find.all({ match: matchExpression(words, ' '), titleMatch: titleExpression(words, ' '), limit: MAX_RESULTS, now: new Date(clock()).toISOString() });
      if (all.length > 0 || words.length === 1) return { query, results: all.map(toResult), matched: 'all' };
      // Nothing has every word: things with some of them, the most first, and the page says so.
      const some = find.all({ match: matchExpression(words, ' OR '), titleMatch: titleExpression(words, ' OR '), limit: MAX_RESULTS, now: new Date(clock()).toISOString() });
      return { query, results: some.map(toResult), matched: 'any' };
    },
    files() {
      return new Map(listFiles.all().map((row) => [row.full_path, { size: row.size, modifiedMs: row.modified_ms, outcome: row.outcome }]));
    },
    putFile(file) {
      upsertFile.run({ ...file, text: withoutMarks(file.text) });
    },
    removeFile(fullPath) {
      deleteFile.run(fullPath);
    },
    putPages(pages, keep) {
      putPages(pages, keep);
    },
  };
}
