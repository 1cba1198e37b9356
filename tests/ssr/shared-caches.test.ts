import fs from 'node:fs';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { pictureAddress } from '../../src-core/domain/post-picture';
import path from 'node:path';
import { expect, inject, test } from 'vitest';
import { eventListingSchema, fileDownloadPath, postPath } from '../../contract/wire';
import { branchCalendarPath, branchPagePath } from '../../src-core/domain/branch-pages';
import { eventCalendarPath, eventIdOf, eventPath } from '../../src-core/domain/event-listing';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from '../server/helpers/accounts';
import { sharedCacheMayStore } from '../server/helpers/shared-cache';
import { createTestClock } from '../server/helpers/test-clock';
import type { TestServer } from '../server/helpers/test-server';
import { startBuiltSite } from './support/built-server';

interface Route {
  readonly method: string;
  readonly url: string;
}

/**
 * The real site with its sample content and every route it added, as the app itself reports
 * them, so a route added later is checked here without anyone listing it. The clock stands
 * still: the events list and the calendar say when they were made, which would otherwise
 * differ between two requests a millisecond apart.
 */
async function siteWithItsRoutes() {
  const routes: Route[] = [];
  const clock = createTestClock();
  const server = await startBuiltSite({
    env: { ...ADMIN_ENV },
    clock: clock.now,
    onRoute: ({ method, url }) => {
      for (const one of [method].flat()) routes.push({ method: one, url });
    },
  });
  await addTestAccounts(server.app);
  return { server, routes };
}

const hasParameter = (url: string) => url.includes(':') || url.includes('*');

/**
 * Addresses that reach each route with something there (a sample post, event, file, asset),
 * for routes whose address has a parameter or needs a query. A new route of that kind fails
 * the test until it is given one here.
 */
async function examplesFor(server: TestServer): Promise<Readonly<Record<string, readonly string[]>>> {
  const post = server.app.posts.list()[0];
  const branch = server.app.branches.list()[0];
  const [file] = await server.app.files.list('root');
  const listing = eventListingSchema.parse(await (await fetch(`${server.baseUrl}/api/events`)).json());
  const dated = listing.events.find((event) => (event.details?.start ?? '') !== '');
  const assets = fs.readdirSync(path.join(inject('builtSiteDir'), 'client', 'assets'));
  const script = assets.find((name) => name.endsWith('.js'));
  if (post === undefined || branch === undefined || file === undefined || dated === undefined || script === undefined) throw new Error('The sample content or the build is missing something.');
  const eventId = eventIdOf(dated.file.name);
  const received = await server.app.pictures.receive(Readable.from([await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } }).png().toBuffer()]), 1024 * 1024);
  const picture = received.ok ? await received.prepared : undefined;
  if (picture?.state !== 'ready') throw new Error('The example picture was not prepared.');
  return {
    '/api/pictures/:id': [`/api/pictures/${picture.id}`],
    '/pictures/:name': [pictureAddress(picture.id, 600, 'webp'), pictureAddress(picture.id, 600, 'jpg')],
    '/article/:id': [`/article/${encodeURIComponent(post.id)}`],
    '/api/posts/:id': [postPath(post.id)],
    '/api/posts/:id/versions': [`${postPath(post.id)}/versions`],
    '/events/:id': [eventPath(eventId)],
    '/events/:id/calendar.ics': [eventCalendarPath(eventId)],
    '/branches/:slug': [branchPagePath(branch.slug)],
    '/branches/:slug/events.ics': [branchCalendarPath(branch.slug)],
    '/events/:event/booked': [`${eventPath(eventId)}/booked`],
    '/api/events/:event/booking': [`/api${eventPath(eventId)}/booking`],
    '/files/*': [fileDownloadPath(file.fullPath)],
    '/*': [`/assets/${script}`, '/apple-touch-icon.png'],
    '/api/files': ['/api/files?folder=root', '/api/files?folder=events', '/api/files?folder=newsletters'],
    '/search': ['/search?q=sample'],
    '/api/search': ['/api/search?q=sample'],
    '/api/subscribers/:id/data': ['/api/subscribers/1/data'],
    '/api/mailings/:id': ['/api/mailings/1'],
    '/api/mailings/:id/preview': ['/api/mailings/1/preview'],
    '/api/applications/:id': ['/api/applications/1'],
    '/api/applications/:id/data': ['/api/applications/1/data'],
    '/api/members/:number': ['/api/members/1'],
    '/api/members/:number/data': ['/api/members/1/data'],
    '/admin/members/:number': ['/admin/members/1'],
  };
}

/** Where a parameter is, the route is also asked for something that is not there. */
function addressesOf(route: Route, examples: Readonly<Record<string, readonly string[]>>): readonly string[] {
  const given = examples[route.url];
  const missing = hasParameter(route.url) ? [route.url.replace(/:\w+|\*/g, 'no-such-thing')] : [];
  if (given !== undefined) return [...given, ...missing];
  if (hasParameter(route.url)) throw new Error(`Give ${route.method} ${route.url} an example address in this test.`);
  return [route.url];
}

test('no response a shared cache may store is an error, sets a cookie, lacks a validator or depends on who is signed in', async () => {
  const { server, routes } = await siteWithItsRoutes();
  const admin = await signedIn(server.baseUrl, ADMIN);
  const examples = await examplesFor(server);
  const reads = routes.filter((route) => route.method === 'GET');
  const checked: string[] = [];

  for (const route of reads) {
    for (const address of addressesOf(route, examples)) {
      const anonymous = await fetch(server.baseUrl + address);
      const asAdministrator = await admin.fetch(server.baseUrl + address);
      await Promise.all([anonymous.arrayBuffer(), asAdministrator.arrayBuffer()]);
      for (const [who, response] of [['anonymous', anonymous], ['administrator', asAdministrator]] as const) {
        if (!sharedCacheMayStore(response.headers)) continue;
        const what = `${address} (${who}): ${response.headers.get('cache-control')}`;
        expect(response.status, what).toBeLessThan(400);
        expect(response.headers.getSetCookie(), what).toEqual([]);
        expect(response.headers.get('etag'), what).toBeTruthy();
      }
      if (sharedCacheMayStore(anonymous.headers) || sharedCacheMayStore(asAdministrator.headers)) {
        // The same response whoever asks: the same status and the same tag of its content.
        expect([asAdministrator.status, asAdministrator.headers.get('etag')], address).toEqual([anonymous.status, anonymous.headers.get('etag')]);
      }
      checked.push(address);
    }
  }

  // The enumeration really went through the site: pages, API, files, feeds, assets.
  expect(checked).toEqual(expect.arrayContaining(['/news', '/admin', '/api/posts', '/api/session', '/api/audit', '/feeds/news.atom', '/sitemap.xml']));
  expect(checked.some((address) => address.startsWith('/files/'))).toBe(true);
  expect(checked.some((address) => address.startsWith('/assets/'))).toBe(true);
  expect(checked).toEqual(expect.arrayContaining(['/article/no-such-thing', '/api/posts/no-such-thing', '/files/no-such-thing']));
});

test('every response to a request that changes something is stored by no cache, signed in or not', async () => {
  const { server, routes } = await siteWithItsRoutes();
  const writes = routes.filter((route) => !['GET', 'HEAD'].includes(route.method));

  for (const route of writes) {
    // Addresses that name nothing and empty bodies: refusals mostly, and a few real responses
    // (signing out, posting the forms), each from a browser of its own signed in afresh.
    const address = route.url.replace(/:\w+|\*/g, 'no-such-thing');
    const administrator = await signedIn(server.baseUrl, ADMIN);
    const init: RequestInit = { method: route.method, redirect: 'manual', ...json({}) };
    const responses = [await fetch(server.baseUrl + address, init), await administrator.fetch(server.baseUrl + address, init)];
    for (const response of responses) {
      await response.arrayBuffer();
      expect(response.headers.get('cache-control'), `${route.method} ${address} responded with ${response.status}`).toBe('no-store');
    }
  }

  expect(writes.map((route) => `${route.method} ${route.url}`)).toEqual(
    expect.arrayContaining(['POST /api/session', 'DELETE /api/session', 'POST /display-settings', 'POST /contact', 'POST /api/files']),
  );
});

test('the admin area, the sign-in page, personal API responses, searches, the contact page and errors say no-store', async () => {
  const { server } = await siteWithItsRoutes();
  const admin = await signedIn(server.baseUrl, ADMIN);
  await fetch(`${server.baseUrl}/api/contact`, { method: 'POST', ...json({ name: 'Mary Byrne', email: 'mary@example.org', message: 'Hello there.' }) });
  const anonymousAddresses = ['/admin', '/login', '/contact', '/search?q=sample', '/api/search?q=sample', '/no/such/page', '/article/999999', '/api/posts/999999'];
  const administratorAddresses = [
    '/api/session',
    '/api/account/sessions',
    '/api/account/two-step',
    '/api/audit',
    '/api/contact-messages',
    '/api/files/limits',
    '/admin',
  ];

  const anonymous = await Promise.all(anonymousAddresses.map((address) => fetch(server.baseUrl + address)));
  const asAdministrator = await Promise.all(administratorAddresses.map((address) => admin.fetch(server.baseUrl + address)));

  expect(anonymous.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 404, 404, 404]);
  expect(asAdministrator.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
  const contactMessages = (await asAdministrator[4]?.json()) as { messages: unknown[] };
  expect(contactMessages.messages).toHaveLength(1);
  for (const response of [...anonymous, ...asAdministrator]) expect(response.headers.get('cache-control'), response.url).toBe('no-store');
});

test("a page made for a reader's display settings is cached only by their browser; the standard page by any cache", async () => {
  const { server } = await siteWithItsRoutes();
  const withCookie = (value: string) => ({ headers: { cookie: `rnai_display=${value}` } });

  const standard = await fetch(`${server.baseUrl}/news`);
  const damaged = await fetch(`${server.baseUrl}/news`, withCookie('enormous.pink'));
  const large = await fetch(`${server.baseUrl}/news`, withCookie('large.dark'));
  const largeAgain = await fetch(`${server.baseUrl}/news`, { headers: { ...withCookie('large.dark').headers, 'if-none-match': large.headers.get('etag') ?? '' } });

  for (const response of [standard, damaged, large]) expect(response.headers.get('vary')).toBe('accept-encoding, cookie');
  expect(standard.headers.get('cache-control')).toBe('no-cache');
  expect(damaged.headers.get('cache-control')).toBe('no-cache');
  expect(damaged.headers.get('etag')).toBe(standard.headers.get('etag'));
  expect(large.headers.get('cache-control')).toBe('private, no-cache');
  expect(large.headers.get('etag')).not.toBe(standard.headers.get('etag'));
  expect(await large.text()).toContain('data-text-size="large"');
  expect(largeAgain.status).toBe(304);
  expect(largeAgain.headers.get('cache-control')).toBe('private, no-cache');
});
