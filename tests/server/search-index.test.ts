import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, test } from 'vitest';
import { NO_EVENT_DETAILS } from '../../src-core/domain/event-details';
import { MAX_RESULTS } from '../../src-core/domain/search';
import { temporaryDir } from './helpers/test-server';
import { openDatabase, type Db } from '../../server/db/database';
import { MIGRATIONS } from '../../server/db/migrations';
import { createEventDetailsRepository } from '../../server/repositories/event-details.repository';
import { createPostsRepository } from '../../server/repositories/posts.repository';
import { createPageIndexer, SEARCHED_PAGES } from '../../server/search/page-indexer';
import { createSearchIndex, snippetParts, type IndexedFile, type IndexedPage } from '../../server/search/search-index';

const AT = '2026-03-01T10:00:00.000Z';
const opened: Db[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function setUp(dataDir = temporaryDir('search-index')) {
  const { db } = openDatabase(dataDir);
  opened.push(db);
  return { dataDir, db, index: createSearchIndex(db), posts: createPostsRepository(db), details: createEventDetailsRepository(db) };
}

function file(folder: 'newsletters' | 'root' | 'events', name: string, text: string): IndexedFile {
  const fullPath = folder === 'root' ? name : `${folder}/${name}`;
  return {
    fullPath,
    kind: folder === 'root' ? 'document' : folder === 'events' ? 'event' : 'newsletter',
    name,
    title: folder === 'events' ? name.replace(/\.pdf$/, '') : name,
    href: folder === 'events' ? `/events/${encodeURIComponent(name.replace(/\.pdf$/, ''))}` : `/files/${encodeURIComponent(fullPath)}`,
    size: text.length,
    modifiedMs: Date.parse(AT),
    outcome: text === '' ? 'no-text' : 'text',
    text,
  };
}

const titles = (results: readonly { title: string }[]) => results.map((result) => result.title);
const matchedWords = (result: { snippet: readonly { text: string; match: boolean }[] } | undefined) =>
  (result?.snippet ?? []).filter((part) => part.match).map((part) => part.text);

describe('finding posts', () => {
  test('ignores case and accents: "sean" and "SEAN" find "Seán"', () => {
    const { index, posts } = setUp();
    posts.create({ title: 'Branch news', body: 'A warm welcome to Seán Ó Briain, our new treasurer.' }, AT);
    posts.create({ title: 'Spring walk', body: 'We walked the cliffs at Howth.' }, AT);
    expect(titles(index.search('sean').results)).toEqual(['Branch news']);
    expect(titles(index.search('SEAN').results)).toEqual(['Branch news']);
    expect(titles(index.search('Seán').results)).toEqual(['Branch news']);
  });

  test('handles word endings both ways: "pensions" finds "pension", "walk" finds "walked"', () => {
    const { index, posts } = setUp();
    posts.create({ title: 'Rates for 2027', body: 'The State pension goes up in January.' }, AT);
    posts.create({ title: 'Spring outing', body: 'We walked the cliffs at Howth.' }, AT);
    expect(titles(index.search('pensions').results)).toEqual(['Rates for 2027']);
    expect(titles(index.search('walk').results)).toEqual(['Spring outing']);
  });

  test('ranks a word in the title above the same word in a body', () => {
    const { index, posts } = setUp();
    posts.create({ title: 'Christmas lunch', body: 'Tickets are on sale now.' }, AT);
    posts.create({ title: 'Branch news', body: 'After the Christmas lunch we meet again in January.' }, AT);
    expect(titles(index.search('christmas').results)).toEqual(['Christmas lunch', 'Branch news']);
  });

  test('marks the matched words in the snippet, as text', () => {
    const { index, posts } = setUp();
    posts.create({ title: 'Rates', body: 'The <b>State</b> pension rises by €12 a week.' }, AT);
    const [result] = index.search('pension').results;
    expect(matchedWords(result)).toEqual(['pension']);
    expect(result?.snippet.map((part) => part.text).join('')).toBe('The <b>State</b> pension rises by €12 a week.');
    expect(result).toMatchObject({ kind: 'news', href: expect.stringMatching(/^\/article\/\d+$/), isFile: false, date: AT });
  });

  test('follows edits and deletions of posts, by whoever makes them', () => {
    const { index, posts } = setUp();
    const post = posts.create({ title: 'Outing', body: 'To Glendalough in May.' }, AT);
    posts.update(post.id, { title: 'Outing', body: 'To Kilkenny in June.' }, AT);
    expect(index.search('glendalough').results).toEqual([]);
    expect(titles(index.search('kilkenny').results)).toEqual(['Outing']);
    posts.remove(post.id);
    expect(index.search('kilkenny').results).toEqual([]);
  });

  test('prefers things with every word, and says when it found only some', () => {
    const { index, posts } = setUp();
    posts.create({ title: 'Pension rates', body: 'The rates for next year.' }, AT);
    posts.create({ title: 'Annual general meeting', body: 'In Athlone.' }, AT);
    expect(index.search('pension rates')).toMatchObject({ matched: 'all', results: [{ title: 'Pension rates' }] });
    const some = index.search('pension athlone');
    expect(some.matched).toBe('any');
    expect(titles(some.results).sort()).toEqual(['Annual general meeting', 'Pension rates']);
  });
});

describe('hostile and odd queries', () => {
  test.each([
    '"',
    'AND',
    'pension OR',
    'NEAR(pension rates)',
    'title:pension',
    '* ^ - + ( ) { } :',
    "'; DROP TABLE posts; --",
    'pension"*',
    '\u0001pension\u0002',
  ])('%j is taken as plain words, never as search syntax', (query) => {
    const { index, posts } = setUp();
    posts.create({ title: 'Pension rates', body: 'For 2027.' }, AT);
    expect(() => index.search(query)).not.toThrow();
    expect(posts.list()).toHaveLength(1);
  });

  test('an empty or wordless query finds nothing', () => {
    const { index, posts } = setUp();
    posts.create({ title: 'Pension rates', body: 'For 2027.' }, AT);
    for (const query of ['', '   ', '!!!', '"*"']) expect(index.search(query)).toEqual({ query: query.trim(), results: [], matched: 'all' });
  });

  test('a very long query is cut short and still searched', () => {
    const { index, posts } = setUp();
    posts.create({ title: 'Pension rates', body: 'For 2027.' }, AT);
    const outcome = index.search(`pension ${'x'.repeat(100_000)}`);
    expect(outcome.query.length).toBeLessThanOrEqual(200);
    expect(titles(outcome.results)).toEqual(['Pension rates']);
  });

  test('lists at most a page of results', () => {
    const { index, posts } = setUp();
    for (let n = 0; n < MAX_RESULTS + 10; n += 1) posts.create({ title: `Walk ${n}`, body: 'A walk.' }, AT);
    expect(index.search('walk').results).toHaveLength(MAX_RESULTS);
  });
});

describe('finding files and events', () => {
  test('finds a newsletter by a word inside it, and leads to the file', () => {
    const { index } = setUp();
    index.putFile(file('newsletters', 'Spring 2026.pdf', 'Inside: the outing to Glendalough and the new pension rates.'));
    index.putFile(file('root', 'Membership form.pdf', 'Name, address, branch.'));
    const [result] = index.search('glendalough').results;
    expect(result).toMatchObject({ kind: 'newsletter', title: 'Spring 2026.pdf', href: '/files/newsletters%2FSpring%202026.pdf', isFile: true });
    expect(matchedWords(result)).toEqual(['Glendalough']);
    expect(titles(index.search('membership').results)).toEqual(['Membership form.pdf']);
  });

  test('a file read again replaces its old text, and a removed file is no longer found', () => {
    const { index } = setUp();
    index.putFile(file('newsletters', 'Spring.pdf', 'Glendalough'));
    index.putFile(file('newsletters', 'Spring.pdf', 'Kilkenny'));
    expect(index.search('glendalough').results).toEqual([]);
    expect(index.search('kilkenny').results).toHaveLength(1);
    expect([...index.files().keys()]).toEqual(['newsletters/Spring.pdf']);
    index.removeFile('newsletters/Spring.pdf');
    expect(index.search('kilkenny').results).toEqual([]);
    expect(index.files().size).toBe(0);
  });

  test("finds an event by its details and its flyer's text, under the event's own title and date", () => {
    const { index, details } = setUp();
    index.putFile(file('events', 'Outing.pdf', 'Bring walking shoes.'));
    details.save('Outing.pdf', { ...NO_EVENT_DETAILS, title: 'Summer outing', start: '2026-07-04T10:30', venue: 'Powerscourt', town: 'Enniskerry' }, AT);
    const [byPlace] = index.search('enniskerry').results;
    expect(byPlace).toMatchObject({ kind: 'event', title: 'Summer outing', href: '/events/Outing', isFile: false, date: '2026-07-04' });
    expect(titles(index.search('shoes').results)).toEqual(['Summer outing']);
    details.remove('Outing.pdf');
    expect(index.search('enniskerry').results).toEqual([]);
    expect(index.search('shoes').results).toMatchObject([{ title: 'Outing', date: null }]);
  });

  test('a database from before search finds its posts once migrated', () => {
    const dataDir = temporaryDir('search-index');
    const before = new Database(path.join(dataDir, 'site.db'));
    MIGRATIONS.slice(0, 5).forEach((sql) => before.exec(sql));
    before.pragma('user_version = 5');
    before.prepare("INSERT INTO posts (title, body, published_at) VALUES ('Pension rates', 'For 2027.', ?)").run(AT);
    before.close();
    const { index } = setUp(dataDir);
    expect(titles(index.search('pension').results)).toEqual(['Pension rates']);
  });
});

const HOME: IndexedPage = {
  path: '/',
  title: 'Retired Nurses Association Of Ireland',
  text: 'Welcome. We are the national association of nurses who have retired from practice in Ireland.',
};
const JOIN: IndexedPage = {
  path: '/documents',
  title: 'Join Us Today',
  text: 'Who can join: any nurse retired from practice. The yearly fee is €20. Contact Siobhán Ní Bhriain.',
};
const LINKS: IndexedPage = { path: '/links', title: 'Useful Links', text: 'Citizens Information: the State Pension (Contributory), explained.' };

describe("finding the site's own pages", () => {
  test('finds a page by the words on it, and leads to its address', () => {
    const { index } = setUp();
    index.putPages([HOME, JOIN, LINKS], [HOME.path, JOIN.path, LINKS.path]);
    expect(index.search('fee').results).toMatchObject([{ kind: 'page', title: 'Join Us Today', href: '/documents', isFile: false, date: null }]);
    expect(titles(index.search('citizens information').results)).toEqual(['Useful Links']);
    expect(matchedWords(index.search('fee').results[0])).toEqual(['fee']);
  });

  test('"nurse" and "nurses", "Siobhan" and "Siobhán" are the same word', () => {
    const { index } = setUp();
    index.putPages([HOME, JOIN], [HOME.path, JOIN.path]);
    expect(titles(index.search('nurse').results)).toEqual(titles(index.search('nurses').results));
    expect(titles(index.search('nurse').results)).toContain('Retired Nurses Association Of Ireland');
    expect(titles(index.search('siobhan').results)).toEqual(['Join Us Today']);
    expect(titles(index.search('Siobhán').results)).toEqual(['Join Us Today']);
  });

  test('a page whose name has the words comes first, before posts and files that say them more often', () => {
    const { index, posts } = setUp();
    posts.create({ title: 'Join us', body: 'Join, join, join: the branch lunch is open to all.' }, AT);
    index.putFile(file('newsletters', 'Spring.pdf', 'Why join? Join now. Join the branch. Join the walk.'));
    index.putPages([JOIN, LINKS], [JOIN.path, LINKS.path]);
    expect(titles(index.search('join').results)[0]).toBe('Join Us Today');
  });

  test('a page read again replaces its old text, and one no longer searched is dropped', () => {
    const { index } = setUp();
    index.putPages([JOIN, LINKS], [JOIN.path, LINKS.path]);
    index.putPages([{ ...JOIN, text: 'The yearly subscription is €25.' }], [JOIN.path]);
    expect(index.search('fee').results).toEqual([]);
    expect(titles(index.search('subscription').results)).toEqual(['Join Us Today']);
    expect(index.search('citizens').results).toEqual([]);
  });

  test("the pages' indexer reads the main part of each page as rendered, not the header or footer", async () => {
    const { index } = setUp();
    const rendered = (path: string) =>
      `<!doctype html><html><body><header>Strength in Unity</header><main id="main"><h1>Page ${path}</h1>` +
      `<p>${path === '/documents' ? 'The yearly <strong>fee</strong> is &euro;20 &amp; the form&#39;s address.' : 'Other words.'}</p></main>` +
      '<footer>Registered charity</footer></body></html>';
    const log = { warn: () => undefined } as unknown as Parameters<typeof createPageIndexer>[0]['log'];
    await createPageIndexer({ index, log, render: async (path) => (path === '/events' ? null : rendered(path)) }).sync();
    const [fee] = index.search('fee').results;
    expect(fee).toMatchObject({ kind: 'page', title: 'Join Us Today', href: '/documents' });
    expect(fee?.snippet.map((part) => part.text).join('')).toBe("Page /documents The yearly fee is &euro;20 & the form's address.");
    expect(index.search('unity').results).toEqual([]);
    expect(index.search('charity').results).toEqual([]);
    expect(titles(index.search('other').results)).toHaveLength(SEARCHED_PAGES.length - 2);
  });
});

test("each active branch's page is read with the fixed pages, found under the branch's name", async () => {
  const { index } = setUp();
  const log = { warn: () => undefined } as unknown as Parameters<typeof createPageIndexer>[0]['log'];
  const rendered = (path: string) => `<main id="main"><h1>${path}</h1><p>${path === '/branches/cork' ? 'Meets at the Quayside Parish Centre.' : 'Other words.'}</p></main>`;
  await createPageIndexer({ index, log, render: async (path) => rendered(path), morePages: () => [{ path: '/branches/cork', title: 'Cork Branch' }] }).sync();

  expect(index.search('quayside').results).toMatchObject([{ kind: 'page', title: 'Cork Branch', href: '/branches/cork' }]);
  expect(titles(index.search('other').results)).toContain('Branches');
});

describe('snippetParts', () => {
  test('splits marked text into plain and matched parts', () => {
    expect(snippetParts('a \u0001b\u0002 c')).toEqual([
      { text: 'a ', match: false },
      { text: 'b', match: true },
      { text: ' c', match: false },
    ]);
    expect(snippetParts('')).toEqual([]);
  });
});
