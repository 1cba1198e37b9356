// The static host's responses, as firebase.json tells Firebase Hosting to give them, over the
// prerendered pages of a real build. Superstatic is the library Firebase's own hosting emulator
// serves with, so it reads the hosting section of firebase.json as the service does.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import superstatic from 'superstatic';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { APP_SHELL_FILE, NOT_FOUND_FILE, prerenderStaticPages } from '../../tooling/prerender/static-pages';

interface HostingConfig {
  readonly public: string;
  readonly [key: string]: unknown;
}

const site: { dir?: string; server?: http.Server; origin?: string; pagePaths?: readonly string[] } = {};

beforeAll(async () => {
  const builtDir = inject('builtSiteDir');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-hosting-'));
  fs.cpSync(path.join(builtDir, 'client'), dir, { recursive: true });
  const rendererFile = path.join(builtDir, 'server', 'entry-server.mjs');
  await prerenderStaticPages(dir, rendererFile);
  const renderer = (await import(pathToFileURL(rendererFile).href)) as { PAGE_PATHS: readonly string[] };

  const { hosting } = JSON.parse(fs.readFileSync('firebase.json', 'utf8')) as { hosting: HostingConfig };
  const handler = superstatic({ config: { ...hosting, public: '.' }, cwd: dir, fallthrough: false, compression: false });
  const server = http.createServer((request, response) => handler(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The static host did not listen on a port.');
  Object.assign(site, { dir, server, origin: `http://127.0.0.1:${address.port}`, pagePaths: renderer.PAGE_PATHS });
});

afterAll(async () => {
  await new Promise((resolve) => site.server?.close(resolve));
  if (site.dir !== undefined) fs.rmSync(site.dir, { recursive: true, force: true });
});

async function get(address: string): Promise<{ status: number; body: string; document: Document }> {
  const response = await fetch(`${site.origin ?? ''}${address}`, { redirect: 'manual' });
  const body = await response.text();
  return { status: response.status, body, document: new JSDOM(body).window.document };
}

function file(name: string): string {
  return fs.readFileSync(path.join(site.dir ?? '', name), 'utf8');
}

function robots(document: Document): string[] {
  return [...document.querySelectorAll('meta[name="robots"]')].map((meta) => meta.getAttribute('content') ?? '');
}

/** An address for each of the app's routes, with an id where the route takes one. */
function routeAddresses(): string[] {
  return (site.pagePaths ?? []).map((route) => route.replace(/:[a-z]+/g, 'an-id'));
}

test("every one of the app's routes gets 200 with a page the app runs in, which does not say noindex", async () => {
  const addresses = routeAddresses();
  expect(addresses).toEqual(expect.arrayContaining(['/', '/news', '/article/an-id', '/events/an-id', '/search', '/display-settings', '/login', '/admin']));

  for (const address of addresses) {
    const { status, document } = await get(address);
    expect(status, address).toBe(200);
    // A prerendered page starts the app from its loader, the plain app page from its module script.
    expect(document.querySelector('script[data-app-entry], script[type="module"][src^="/assets/"]'), address).not.toBeNull();
    expect(robots(document), address).toEqual([]);
  }
});

test('the routes with an id and the admin area get the plain app page; the others their own prerendered file', async () => {
  for (const address of ['/article/an-id', '/events/summer-outing.pdf', '/login', '/admin', '/admin/files/events']) {
    const { status, body } = await get(address);
    expect(status, address).toBe(200);
    expect(body, address).toBe(file(APP_SHELL_FILE));
  }
  for (const [address, name] of [
    ['/', 'index.html'],
    ['/news', 'news.html'],
    ['/events', 'events.html'],
    ['/contact', 'contact.html'],
    ['/about', 'about.html'],
    ['/search?q=pension', 'search.html'],
    ['/display-settings', 'display-settings.html'],
  ] as const) {
    const { status, body } = await get(address);
    expect(status, address).toBe(200);
    expect(body, address).toBe(file(name));
  }
});

test('every other address is refused with 404 and a not-found page that asks search engines to leave it out', async () => {
  const addresses = [
    '/nope',
    '/article',
    '/article/an-id/more',
    '/feeds/news.atom',
    '/feeds/newsletters.atom',
    '/events.ics',
    '/events/an-id/calendar.ics',
    '/api/posts',
    '/sitemap.xml',
    '/admin-old',
  ];
  for (const address of addresses) {
    const { status, body, document } = await get(address);
    expect(status, address).toBe(404);
    expect(body, address).toBe(file(NOT_FOUND_FILE));
    expect(document.querySelector('h1')?.textContent, address).toBe('Page not found');
    expect(robots(document), address).toEqual(['noindex']);
  }
});
