import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { expect, test } from 'vitest';
import { NO_EVENT_DETAILS } from '../../src-core/domain/event-details';
import { INDEXED_PAGE_PATHS } from '../../src-core/domain/navigation';
import { newsPreview } from '../../src-core/domain/news';
import { FEED_ENTRY_LIMIT } from '../../src-core/domain/site-feeds';
import { rawRequest } from './helpers/raw-http';
import { startTestServer, type TestServer } from './helpers/test-server';

// Every document is parsed back by jsdom's strict XML parser (saxes), which refuses a document
// that is not well-formed, and then read field by field.

const PUBLIC_URL = 'https://www.example.org';

function parseXml(text: string): Document {
  return new JSDOM(text, { contentType: 'application/xml' }).window.document;
}

function textOf(parent: Element | Document, selector: string): string | null {
  return parent.querySelector(selector)?.textContent ?? null;
}

interface ReadEntry {
  readonly id: string | null;
  readonly title: string | null;
  readonly updated: string | null;
  readonly published: string | null;
  readonly link: string | null;
  readonly linkType: string | null;
  readonly summary: string | null;
}

function readFeed(text: string) {
  const document = parseXml(text);
  const feed = document.documentElement;
  const entries: ReadEntry[] = [...feed.querySelectorAll('entry')].map((entry) => ({
    id: textOf(entry, 'id'),
    title: textOf(entry, 'title'),
    updated: textOf(entry, 'updated'),
    published: textOf(entry, 'published'),
    link: entry.querySelector('link[rel="alternate"]')?.getAttribute('href') ?? null,
    linkType: entry.querySelector('link[rel="alternate"]')?.getAttribute('type') ?? null,
    summary: textOf(entry, 'summary'),
  }));
  return {
    root: { name: feed.localName, namespace: feed.namespaceURI },
    id: feed.querySelector(':scope > id')?.textContent ?? null,
    title: feed.querySelector(':scope > title')?.textContent ?? null,
    updated: feed.querySelector(':scope > updated')?.textContent ?? null,
    self: feed.querySelector(':scope > link[rel="self"]')?.getAttribute('href') ?? null,
    author: textOf(feed, ':scope > author > name'),
    entries,
  };
}

async function get(server: TestServer, address: string) {
  const response = await fetch(server.baseUrl + address);
  return { response, text: await response.text() };
}

function writeFile(server: TestServer, folder: string, name: string, modified: string): void {
  const file = path.join(server.dataDir, 'files', folder, name);
  fs.writeFileSync(file, '%PDF-1.4\n% newsletter\n');
  fs.utimesSync(file, new Date(modified), new Date(modified));
}

const HOSTILE_TITLE = 'Tea & cake <b>"free"</b> \'all\' welcome 🎉';

test('the news feed is Atom read back field by field: escaped titles, card previews, article addresses from PUBLIC_URL, newest first', async () => {
  const server = await startTestServer({ env: { PUBLIC_URL: `${PUBLIC_URL}/ignored/path` } });
  const older = server.app.posts.create({ title: 'First post', body: 'Short body.' }, '2026-03-01T10:00:00.000Z');
  const newer = server.app.posts.create({ title: `${HOSTILE_TITLE}\u0007\u001b`, body: `${'Long text. '.repeat(20)}\u0000end` }, '2026-04-01T10:00:00.000Z');

  const { response, text } = await get(server, '/feeds/news.atom');
  const feed = readFeed(text);

  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(feed.root).toEqual({ name: 'feed', namespace: 'http://www.w3.org/2005/Atom' });
  expect(feed).toMatchObject({
    id: `${PUBLIC_URL}/feeds/news.atom`,
    self: `${PUBLIC_URL}/feeds/news.atom`,
    title: 'Retired Nurses Association Of Ireland: news',
    author: 'Retired Nurses Association Of Ireland',
    updated: '2026-04-01T10:00:00.000Z',
  });
  expect(feed.entries).toEqual([
    {
      id: `${PUBLIC_URL}/article/${newer.id}`,
      // The control characters XML 1.0 forbids are left out; everything else comes back as written.
      title: HOSTILE_TITLE,
      updated: '2026-04-01T10:00:00.000Z',
      published: '2026-04-01T10:00:00.000Z',
      link: `${PUBLIC_URL}/article/${newer.id}`,
      linkType: 'text/html',
      summary: newsPreview('Long text. '.repeat(20)),
    },
    {
      id: `${PUBLIC_URL}/article/${older.id}`,
      title: 'First post',
      updated: '2026-03-01T10:00:00.000Z',
      published: '2026-03-01T10:00:00.000Z',
      link: `${PUBLIC_URL}/article/${older.id}`,
      linkType: 'text/html',
      summary: 'Short body.',
    },
  ]);
});

test('an edited post keeps its entry id, with the edit as its updated date and the feed’s', async () => {
  const server = await startTestServer({ env: { PUBLIC_URL } });
  const post = server.app.posts.create({ title: 'AGM', body: 'Saturday' }, '2026-03-01T10:00:00.000Z');
  const before = readFeed((await get(server, '/feeds/news.atom')).text);

  server.app.posts.update(post.id, { title: 'AGM moved', body: 'Sunday instead' }, '2026-03-05T08:30:00.000Z');
  const after = readFeed((await get(server, '/feeds/news.atom')).text);

  expect(after.entries.map((entry) => entry.id)).toEqual(before.entries.map((entry) => entry.id));
  expect(after.entries[0]).toMatchObject({ title: 'AGM moved', summary: 'Sunday instead', published: '2026-03-01T10:00:00.000Z', updated: '2026-03-05T08:30:00.000Z' });
  expect(after.updated).toBe('2026-03-05T08:30:00.000Z');
});

test(`the news feed holds the newest ${FEED_ENTRY_LIMIT} posts`, async () => {
  const server = await startTestServer({ env: { PUBLIC_URL } });
  for (let day = 1; day <= FEED_ENTRY_LIMIT + 5; day += 1) {
    server.app.posts.create({ title: `Post ${day}`, body: 'Body' }, new Date(Date.UTC(2026, 0, day)).toISOString());
  }

  const feed = readFeed((await get(server, '/feeds/news.atom')).text);

  expect(feed.entries).toHaveLength(FEED_ENTRY_LIMIT);
  expect(feed.entries[0]?.title).toBe(`Post ${FEED_ENTRY_LIMIT + 5}`);
  expect(feed.entries.at(-1)?.title).toBe('Post 6');
});

test('an empty site still has a valid news feed, with no entries', async () => {
  const server = await startTestServer({ env: { PUBLIC_URL } });

  const feed = readFeed((await get(server, '/feeds/news.atom')).text);

  expect(feed.entries).toEqual([]);
  expect(feed.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});

test('the newsletters feed has an entry per newsletter file, newest first, leading to its download address', async () => {
  const server = await startTestServer({ env: { PUBLIC_URL } });
  writeFile(server, 'newsletters', 'Spring 2026.pdf', '2026-03-20T09:00:00.000Z');
  writeFile(server, 'newsletters', 'Summer & Autumn 2026.pdf', '2026-07-01T09:00:00.000Z');
  writeFile(server, 'events', 'Not a newsletter.pdf', '2026-08-01T09:00:00.000Z');

  const { response, text } = await get(server, '/feeds/newsletters.atom');
  const feed = readFeed(text);

  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  expect(feed).toMatchObject({ id: `${PUBLIC_URL}/feeds/newsletters.atom`, title: 'Retired Nurses Association Of Ireland: newsletters', updated: '2026-07-01T09:00:00.000Z' });
  expect(feed.entries).toEqual([
    {
      id: `${PUBLIC_URL}/files/newsletters/Summer%20%26%20Autumn%202026.pdf`,
      title: 'Summer & Autumn 2026',
      updated: '2026-07-01T09:00:00.000Z',
      published: null,
      link: `${PUBLIC_URL}/files/newsletters/Summer%20%26%20Autumn%202026.pdf`,
      linkType: 'application/pdf',
      summary: null,
    },
    {
      id: `${PUBLIC_URL}/files/newsletters/Spring%202026.pdf`,
      title: 'Spring 2026',
      updated: '2026-03-20T09:00:00.000Z',
      published: null,
      link: `${PUBLIC_URL}/files/newsletters/Spring%202026.pdf`,
      linkType: 'application/pdf',
      summary: null,
    },
  ]);
  // The link is where the file really is.
  const download = await fetch(`${server.baseUrl}${new URL(feed.entries[1]?.link ?? '').pathname}`);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toContain('application/pdf');
});

test('the sitemap lists every public page, each article and event with its last change, and not the admin area', async () => {
  const server = await startTestServer({ env: { PUBLIC_URL } });
  const post = server.app.posts.create({ title: 'AGM', body: 'Saturday' }, '2026-03-01T10:00:00.000Z');
  server.app.posts.update(post.id, { title: 'AGM', body: 'Sunday' }, '2026-03-02T10:00:00.000Z');
  const other = server.app.posts.create({ title: 'Other', body: 'Body' }, '2026-02-01T10:00:00.000Z');
  writeFile(server, 'events', 'Summer Outing & Lunch.pdf', '2026-05-01T09:00:00.000Z');
  // Details saved after the file was uploaded date its page; a file put back later dates it again.
  writeFile(server, 'events', 'Walk.pdf', '2026-04-01T09:00:00.000Z');
  await server.app.events.saveDetails('Walk.pdf', { ...NO_EVENT_DETAILS, timeZone: 'Europe/Dublin', town: 'Cork' }, Date.parse('2026-04-03T12:00:00.000Z'));
  writeFile(server, 'events', 'Talk.pdf', '2026-04-01T09:00:00.000Z');
  await server.app.events.saveDetails('Talk.pdf', { ...NO_EVENT_DETAILS, timeZone: 'Europe/Dublin', town: 'Cork' }, Date.parse('2026-03-03T12:00:00.000Z'));

  const { response, text } = await get(server, '/sitemap.xml');
  const document = parseXml(text);
  const urls = [...document.querySelectorAll('url')].map((url) => ({ loc: textOf(url, 'loc'), lastmod: textOf(url, 'lastmod') }));
  const locations = urls.map((url) => url.loc);

  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(document.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(locations).toEqual(expect.arrayContaining(INDEXED_PAGE_PATHS.map((page) => `${PUBLIC_URL}${page}`)));
  expect(locations).toEqual(expect.arrayContaining([`${PUBLIC_URL}/news`, `${PUBLIC_URL}/events`, `${PUBLIC_URL}/about`, `${PUBLIC_URL}/`]));
  expect(urls).toContainEqual({ loc: `${PUBLIC_URL}/article/${post.id}`, lastmod: '2026-03-02T10:00:00.000Z' });
  expect(urls).toContainEqual({ loc: `${PUBLIC_URL}/article/${other.id}`, lastmod: '2026-02-01T10:00:00.000Z' });
  expect(urls).toContainEqual({ loc: `${PUBLIC_URL}/events/Summer%20Outing%20%26%20Lunch`, lastmod: '2026-05-01T09:00:00.000Z' });
  expect(urls).toContainEqual({ loc: `${PUBLIC_URL}/events/Walk`, lastmod: '2026-04-03T12:00:00.000Z' });
  expect(urls).toContainEqual({ loc: `${PUBLIC_URL}/events/Talk`, lastmod: '2026-04-01T09:00:00.000Z' });
  expect(locations.filter((location) => /\/(admin|login)\b/.test(location ?? ''))).toEqual([]);
  expect(new Set(locations).size).toBe(locations.length);
  expect(locations).toHaveLength(INDEXED_PAGE_PATHS.length + 5);
});

test('robots.txt keeps crawlers out of the admin area and names the sitemap by its whole address', async () => {
  const server = await startTestServer({ env: { PUBLIC_URL } });

  const { response, text } = await get(server, '/robots.txt');

  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(text).toBe(`User-agent: *\nDisallow: /admin\nDisallow: /login\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
});

test('without PUBLIC_URL the addresses are the server’s own, and a hostile Host header changes none of them', async () => {
  const server = await startTestServer({ clock: () => Date.UTC(2026, 10, 21, 9, 0, 0) });
  server.app.posts.create({ title: 'AGM', body: 'Saturday' }, '2026-03-01T10:00:00.000Z');
  writeFile(server, 'newsletters', 'Spring.pdf', '2026-03-20T09:00:00.000Z');
  writeFile(server, 'events', 'Walk.pdf', '2026-03-20T09:00:00.000Z');
  await server.app.events.saveDetails(
    'Walk.pdf',
    { title: '', start: '2026-12-12T14:30', end: '', allDay: false, timeZone: 'Europe/Dublin', venue: '', town: '', description: '' },
    Date.UTC(2026, 10, 21),
  );

  for (const address of ['/events.ics', '/feeds/news.atom', '/feeds/newsletters.atom', '/sitemap.xml', '/robots.txt', '/api/events']) {
    const honest = (await rawRequest(server.baseUrl, address)).body.toString();
    const hostile = await rawRequest(server.baseUrl, address, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    const text = hostile.body.toString();

    expect(hostile.status, address).toBe(200);
    expect(text, address).not.toContain('evil.example');
    expect(text, address).toContain(server.baseUrl.replace('http://', ''));
    expect(text, address).toBe(honest);
  }
});

test('with PUBLIC_URL set, a hostile Host header does not change the calendar feed’s addresses either', async () => {
  const server = await startTestServer({ clock: () => Date.UTC(2026, 10, 21, 9, 0, 0), env: { PUBLIC_URL } });
  writeFile(server, 'events', 'Walk.pdf', '2026-03-20T09:00:00.000Z');
  await server.app.events.saveDetails(
    'Walk.pdf',
    { title: '', start: '2026-12-12T14:30', end: '', allDay: false, timeZone: 'Europe/Dublin', venue: '', town: '', description: '' },
    Date.UTC(2026, 10, 21),
  );

  const hostile = await rawRequest(server.baseUrl, '/events.ics', { headers: { host: 'evil.example' } });
  const text = hostile.body.toString();

  expect(text).toContain(`URL;VALUE=URI:${PUBLIC_URL}/events/Walk`);
  expect(text).toMatch(/^UID:event-[0-9a-f]+@www\.example\.org\r$/m);
  expect(text).not.toContain('evil.example');
});

test('a server listening on every network names itself localhost, with the port it really listens on', async () => {
  const server = await startTestServer({ env: { HOST: '0.0.0.0', PORT: '0' } });
  const { port } = new URL(server.baseUrl);

  const { text } = await get(server, '/robots.txt');

  expect(text).toContain(`Sitemap: http://localhost:${port}/sitemap.xml\n`);
});
