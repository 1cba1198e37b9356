import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { expect, inject, test } from 'vitest';
import { NO_EVENT_DETAILS } from '../../src-core/domain/event-details';
import { INDEXED_PAGE_PATHS, pageName, pageTitle, SITE_TITLE } from '../../src-core/domain/navigation';
import { PAGE_DESCRIPTIONS, SITE_DESCRIPTION } from '../../src-core/domain/page-head';
import { rawRequest } from '../server/helpers/raw-http';
import type { TestServer } from '../server/helpers/test-server';
import { pngSize } from '../support/png-size';
import { fetchPage, startBuiltSite } from './support/built-server';
import { expectShareTags, headTags, PUBLIC_URL } from './support/head-tags';

const HOSTILE = '</title></script><script>alert(1)</script> & "quoted" <!-- $&';
// Saturday 21 November 2026, 9am in Dublin.
const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);

const ROUTE_OF_PATH: Readonly<Record<string, keyof typeof PAGE_DESCRIPTIONS>> = {
  '/': 'home',
  '/contact': 'contact',
  '/about': 'about',
  '/news': 'news',
  '/events': 'events',
  '/branches': 'branches',
  '/documents': 'documents',
  '/join': 'join',
  '/links': 'links',
  '/privacy-policy': 'privacy-policy',
  '/disclaimer': 'disclaimer',
  '/accessibility': 'accessibility',
  '/display-settings': 'display-settings',
};

async function addEvent(server: TestServer): Promise<void> {
  fs.writeFileSync(path.join(server.dataDir, 'files', 'events', 'Outing.pdf'), '%PDF-1.4\n% event\n');
  await server.app.events.saveDetails(
    'Outing.pdf',
    { ...NO_EVENT_DETAILS, timeZone: 'Europe/Dublin', title: 'Outing to Kilkenny', start: '2026-12-05T10:00', end: '2026-12-05T17:30', venue: 'Castle', town: 'Kilkenny' },
    NOW,
  );
}

test('every page anyone may find names its own description, address and share picture on PUBLIC_URL, its title unchanged', async () => {
  const server = await startBuiltSite({ env: { PUBLIC_URL }, clock: () => NOW });

  for (const address of INDEXED_PAGE_PATHS) {
    const route = ROUTE_OF_PATH[address];
    if (route === undefined) throw new Error(`No route id for ${address}`);
    const { status, document } = await fetchPage(server, address);
    const tags = headTags(document);

    expect(status, address).toBe(200);
    expect(tags.title, address).toBe(pageTitle(route));
    expectShareTags(tags, { title: pageName(route), description: PAGE_DESCRIPTIONS[route], url: PUBLIC_URL + address });
    expect(tags.structuredData, address).toHaveLength(route === 'home' ? 1 : 0);
  }
});

test("the home page keeps the spec's description and carries the Organization data with the association's details", async () => {
  const server = await startBuiltSite({ env: { PUBLIC_URL } });
  const details = server.app.associationDetails.get();

  const { document } = await fetchPage(server, '/');
  const [organization] = headTags(document).structuredData;

  expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(SITE_DESCRIPTION);
  expect(organization).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_TITLE,
    url: `${PUBLIC_URL}/`,
    logo: expect.stringMatching(/^https:\/\/www\.example\.org\/assets\/logo-[0-9a-f]{10}\.png$/) as unknown,
    foundingDate: '1996-09-03',
    address: { '@type': 'PostalAddress', streetAddress: details.address.split('\n').join(', '), addressCountry: 'IE' },
    telephone: details.phone,
    email: details.email,
    ...(details.socialLinks.length === 0 ? {} : { sameAs: details.socialLinks }),
  });
  // The pages a server does not render (the admin area) keep the same description in the plain page.
  const shell = new JSDOM(fs.readFileSync(path.join(inject('builtSiteDir'), 'client', 'index.html'), 'utf8')).window.document;
  expect(shell.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(SITE_DESCRIPTION);
});

test("an article is shared by its own title and preview, escaped; an event by its title, date and place", async () => {
  const server = await startBuiltSite({ env: { PUBLIC_URL }, clock: () => NOW });
  const post = server.app.posts.create({ title: HOSTILE, body: `${HOSTILE}\nSecond line of the notice, which is long enough to be cut off at the end.` }, '2026-05-04T09:00:00.000Z');
  await addEvent(server);

  const article = await fetchPage(server, `/article/${post.id}`);
  const event = await fetchPage(server, '/events/Outing');

  expect(article.html).not.toContain('<script>alert(1)');
  expect(article.document.title).toBe(pageTitle('article', HOSTILE));
  expectShareTags(headTags(article.document), {
    title: HOSTILE,
    // The news card's preview: the first 100 characters and '...', the line break read as a space.
    description: `${HOSTILE} Second line of the notice, which is lo...`,
    url: `${PUBLIC_URL}/article/${post.id}`,
    type: 'article',
  });
  expect(headTags(article.document).meta['article:published_time']).toEqual(['2026-05-04T09:00:00.000Z']);
  expectShareTags(headTags(event.document), {
    title: 'Outing to Kilkenny',
    description: 'Outing to Kilkenny: Saturday 5 December 2026, 10am to 5.30pm, at Castle, Kilkenny.',
    url: `${PUBLIC_URL}/events/Outing`,
  });
});

test('a query never changes the address a page is known by', async () => {
  const server = await startBuiltSite({ env: { PUBLIC_URL }, clock: () => NOW });

  for (const [address, canonical] of [
    ['/events?past=all', '/events'],
    ['/news?utm_source=newsletter', '/news'],
    ['/contact?outcome=0123456789abcdef', '/contact'],
  ] as const) {
    const tags = headTags((await fetchPage(server, address)).document);

    expect(tags.canonical, address).toEqual([PUBLIC_URL + canonical]);
    expect(tags.meta['og:url'], address).toEqual([PUBLIC_URL + canonical]);
  }
});

test('the not-found page, a removed article, the admin area and its sign-in get no share tags', async () => {
  const server = await startBuiltSite({ env: { PUBLIC_URL } });

  for (const address of ['/no/such/page', '/article/no-such-post', '/events/No%20such%20event', '/admin', '/login']) {
    const { document } = await fetchPage(server, address);
    const tags = headTags(document);

    expect(tags.canonical, address).toEqual([]);
    expect(Object.keys(tags.meta).filter((key) => /^(og|twitter|article):/.test(key)), address).toEqual([]);
    expect(tags.meta.description, address).toEqual([SITE_DESCRIPTION]);
  }
});

test("without PUBLIC_URL the addresses are the server's own, and a made-up Host header changes none of them", async () => {
  const server = await startBuiltSite({ clock: () => NOW });
  const post = server.app.posts.create({ title: 'AGM', body: 'Saturday' }, '2026-05-04T09:00:00.000Z');
  await addEvent(server);

  for (const address of ['/', '/news', `/article/${post.id}`, '/events/Outing', '/contact']) {
    const hostile = await rawRequest(server.baseUrl, address, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    const honest = await fetchPage(server, address);
    const tags = headTags(new JSDOM(hostile.body.toString()).window.document);

    expect(hostile.status, address).toBe(200);
    expect(hostile.body.toString(), address).not.toContain('evil.example');
    expect(tags.canonical, address).toEqual([server.baseUrl + address]);
    expect(tags.meta['og:image']?.[0], address).toMatch(new RegExp(`^${server.baseUrl}/assets/share-image-`));
    expect(tags, address).toEqual(headTags(honest.document));
  }
});

test('the share picture and logo are PNGs of their sizes, cached for a year and free for other sites to show; the hosted build has them too', async () => {
  const server = await startBuiltSite({ env: { PUBLIC_URL } });
  const { document } = await fetchPage(server, '/');
  const share = new URL(headTags(document).meta['og:image']?.[0] ?? '').pathname;
  const logo = new URL(String((headTags(document).structuredData[0] as { logo?: string }).logo)).pathname;

  for (const [address, size] of [
    [share, { width: 1200, height: 630 }],
    [logo, { width: 512, height: 512 }],
    ['/apple-touch-icon.png', { width: 180, height: 180 }],
  ] as const) {
    const response = await fetch(server.baseUrl + address);

    expect(response.status, address).toBe(200);
    expect(response.headers.get('content-type'), address).toBe('image/png');
    expect(response.headers.get('cross-origin-resource-policy'), address).toBe('cross-origin');
    expect(pngSize(new Uint8Array(await response.arrayBuffer())), address).toEqual(size);
  }
  expect((await fetch(server.baseUrl + share)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const hosted = path.join(inject('builtHostedDir'), share);
  expect(pngSize(fs.readFileSync(hosted))).toEqual({ width: 1200, height: 630 });
});
