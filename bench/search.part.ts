/**
 * Search: how fast the SQLite full-text index responds with 1,000 posts and the text of 500
 * PDFs in it, through the same index the server uses (server/search/search-index.ts) on a
 * real database file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/db/database';
import { createPostsRepository } from '../server/repositories/posts.repository';
import { createSearchIndex } from '../server/search/search-index';
import { markdownTable, milliseconds, percentile } from './report-format';

const POSTS = 1_000;
const PDFS = 500;
/** Words of a newsletter page or so per PDF: about 3,000 words, 20 KB of text. */
const WORDS_PER_PDF = 3_000;
const QUERIES = 1_000;

export interface SearchResult {
  readonly posts: number;
  readonly pdfs: number;
  readonly textMegabytes: number;
  readonly indexSeconds: number;
  readonly queries: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/** An association's everyday words, with accents and endings, which most texts have. */
const COMMON = (
  'pension pensions rates branch branches meeting meetings annual general outing walk walking lunch christmas ' +
  'members membership nurse nurses retired retirement health service services committee treasurer secretary ' +
  'Seán Máire Siobhán Dublin Cork Galway Athlone Kilkenny Glendalough conference newsletter spring summer ' +
  'autumn winter tickets booking booked hotel bus coach travel insurance benefit benefits payment payments ' +
  'minutes agenda motion vote elected report accounts subscription fee fees form application county'
).split(' ');

const SYLLABLES = ['ba', 'cor', 'dal', 'en', 'fi', 'gan', 'hol', 'is', 'ker', 'lin', 'mo', 'nar', 'os', 'pel', 'quin', 'ros', 'sta', 'tur', 'ul', 'ven'];

/** The long tail of rarer words (names, places, terms), 8,000 of them. */
const RARE = Array.from({ length: 8_000 }, (_, n) =>
  [n % 20, Math.floor(n / 20) % 20, Math.floor(n / 400) % 20].map((index) => SYLLABLES[index]).join(''),
);

/**
 * A deterministic stream of words (no Math.random: two runs index the same text): half
 * everyday words, half from the tail, the first of the tail far more often than the last,
 * as in real text.
 */
function* words(seed: number): Generator<string> {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  for (;;) {
    const word = next() < 0.5 ? COMMON[Math.floor(next() * COMMON.length)] : RARE[Math.floor(next() ** 3 * RARE.length)];
    yield word ?? 'nurse';
  }
}

function text(seed: number, count: number): string {
  const source = words(seed);
  const out: string[] = [];
  for (let n = 0; n < count; n += 1) out.push(source.next().value as string);
  return out.join(' ');
}

export async function runSearch(workDir: string, log: (line: string) => void): Promise<SearchResult> {
  const dataDir = fs.mkdtempSync(path.join(workDir, 'search-'));
  const { db } = openDatabase(dataDir);
  try {
    const posts = createPostsRepository(db);
    const index = createSearchIndex(db);
    log(`Indexing ${POSTS} posts and the text of ${PDFS} PDFs...`);
    const started = performance.now();
    let bytes = 0;
    db.transaction(() => {
      for (let n = 0; n < POSTS; n += 1) {
        const body = text(n + 1, 80);
        bytes += body.length;
        posts.create({ title: text(n + 7_919, 5), body }, new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString());
      }
      for (let n = 0; n < PDFS; n += 1) {
        const inside = text(n + 104_729, WORDS_PER_PDF);
        bytes += inside.length;
        const name = `Newsletter ${n + 1}.pdf`;
        index.putFile({
          fullPath: `newsletters/${name}`,
          kind: 'newsletter',
          name,
          title: `Newsletter ${n + 1}`,
          href: `/files/newsletters/${encodeURIComponent(name)}`,
          size: inside.length,
          modifiedMs: Date.UTC(2020, 0, 1) + n * 86_400_000,
          outcome: 'text',
          text: inside,
        });
      }
    })();
    const indexSeconds = (performance.now() - started) / 1000;

    // One, two and three words, common and rare, with and without accents, and words nothing has.
    const source = words(7);
    const queries = Array.from({ length: QUERIES }, (_, n) => {
      const count = (n % 3) + 1;
      const picked = Array.from({ length: count }, () => source.next().value as string);
      return n % 10 === 9 ? `${picked.join(' ')} zanzibar` : picked.join(' ');
    });
    log(`Running ${QUERIES} queries...`);
    const times: number[] = [];
    for (const query of queries) {
      const begun = performance.now();
      index.search(query);
      times.push(performance.now() - begun);
    }
    times.sort((a, b) => a - b);
    return {
      posts: POSTS,
      pdfs: PDFS,
      textMegabytes: Math.round((bytes / 1_048_576) * 10) / 10,
      indexSeconds: Math.round(indexSeconds * 10) / 10,
      queries: QUERIES,
      p50Ms: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
      p99Ms: percentile(times, 0.99),
      maxMs: times.at(-1) ?? 0,
    };
  } finally {
    db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function searchTable(result: SearchResult): string {
  return [
    `${result.posts} posts and the text of ${result.pdfs} PDFs (${result.textMegabytes} MB of text) indexed in ${result.indexSeconds} s.`,
    '',
    markdownTable(
      ['Queries', '50th percentile', '95th percentile (goal < 50 ms)', '99th percentile', 'Slowest'],
      [[String(result.queries), milliseconds(result.p50Ms), milliseconds(result.p95Ms), milliseconds(result.p99Ms), milliseconds(result.maxMs)]],
      [true, true, true, true, true],
    ),
  ].join('\n');
}
