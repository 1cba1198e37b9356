import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { expect, inject, onTestFinished, test } from 'vitest';
import { SITE_TITLE, pageName, pageTitle } from '../../src-core/domain/navigation';
import { PAGE_DESCRIPTIONS } from '../../src-core/domain/page-head';
import { APP_LOADER_CSP_SOURCE } from '../../server/render/app-loader';
import { DISPLAY_SETTINGS_CSP_SOURCE, DISPLAY_SETTINGS_SCRIPT } from '../../server/render/display-settings-script';
import { APP_SHELL_FILE, prerenderStaticPages } from '../../tooling/prerender/static-pages';
import { expectShareTags, headTags, PUBLIC_URL } from './support/head-tags';

/** A copy of the real build's client folder, for the prerender to write into. */
function builtCopy(): { clientDir: string; rendererFile: string } {
  const builtDir = inject('builtSiteDir');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-prerender-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync(path.join(builtDir, 'client'), dir, { recursive: true });
  return { clientDir: dir, rendererFile: path.join(builtDir, 'server', 'entry-server.mjs') };
}

function read(clientDir: string, file: string): Document {
  return new JSDOM(fs.readFileSync(path.join(clientDir, file), 'utf8')).window.document;
}

test('pages that need no data become finished files a static host serves at their addresses', async () => {
  const { clientDir, rendererFile } = builtCopy();

  await prerenderStaticPages(clientDir, rendererFile);

  const pages = [
    { file: 'index.html', heading: SITE_TITLE, title: pageTitle('home') },
    { file: 'about.html', heading: 'About Us', title: pageTitle('about') },
    { file: 'links.html', heading: 'Important Links', title: pageTitle('links') },
    { file: 'privacy-policy.html', heading: 'Privacy Policy', title: pageTitle('privacy-policy') },
    { file: 'disclaimer.html', heading: 'Disclaimer / Legal', title: pageTitle('disclaimer') },
    { file: 'accessibility.html', heading: 'Accessibility statement', title: pageTitle('accessibility') },
  ];
  for (const page of pages) {
    const document = read(clientDir, page.file);
    expect(document.querySelector('h1')?.textContent, page.file).toBe(page.heading);
    expect(document.title, page.file).toBe(page.title);
    // The app starts from the loader once the page is shown (server/render/app-loader.ts).
    expect(document.querySelector('script[data-app-entry]')?.getAttribute('data-app-entry'), page.file).toMatch(/^\/assets\/.+\.js$/);
  }
});

test("the prerendered privacy policy is the hosted backend's: it names the outside companies and only the display cookie", async () => {
  const { clientDir, rendererFile } = builtCopy();

  await prerenderStaticPages(clientDir, rendererFile);

  const text = read(clientDir, 'privacy-policy.html').querySelector('main')?.textContent ?? '';
  expect(text).toContain('Google Firebase, which hosts this website');
  expect(text).toContain("passed to our association's mailbox by EmailJS");
  expect(text).toContain('We set one cookie, and only if you choose a text size or colours other than standard');
});

test('data pages get their shell with the list loading, and every other address the plain app page', async () => {
  const { clientDir, rendererFile } = builtCopy();

  await prerenderStaticPages(clientDir, rendererFile);

  const news = read(clientDir, 'news.html');
  expect(news.querySelector('h1')?.textContent).toBe('News');
  expect(news.querySelector('nav[aria-label="Main"]')).not.toBeNull();
  expect(news.querySelector('main')?.textContent).toContain('Loading posts...');
  expect(JSON.parse(news.getElementById('route-data')?.textContent ?? '')).toEqual({});
  const shell = read(clientDir, APP_SHELL_FILE);
  expect(shell.getElementById('root')?.childElementCount).toBe(0);
});

test('prerendering twice gives the same files, never a page inside a page', async () => {
  const { clientDir, rendererFile } = builtCopy();

  await prerenderStaticPages(clientDir, rendererFile);
  const first = fs.readFileSync(path.join(clientDir, 'about.html'), 'utf8');
  await prerenderStaticPages(clientDir, rendererFile);

  expect(fs.readFileSync(path.join(clientDir, 'about.html'), 'utf8')).toBe(first);
  expect(read(clientDir, APP_SHELL_FILE).getElementById('root')?.childElementCount).toBe(0);
});

test("a static page applies the reader's display settings itself, first thing in its head, before anything paints", async () => {
  const { clientDir, rendererFile } = builtCopy();

  await prerenderStaticPages(clientDir, rendererFile);

  for (const file of ['index.html', 'about.html', 'accessibility.html', APP_SHELL_FILE]) {
    const head = read(clientDir, file).head;
    expect(head.firstElementChild?.textContent, file).toBe(DISPLAY_SETTINGS_SCRIPT);
    expect(head.querySelector('script')?.textContent, file).toBe(DISPLAY_SETTINGS_SCRIPT);
  }
});

test("the static host's policy (firebase.json) allows the loader and the display-settings script and no other inline script", () => {
  const config = JSON.parse(fs.readFileSync('firebase.json', 'utf8')) as { hosting: { headers: { headers: { key: string; value: string }[] }[] } };
  const policies = config.hosting.headers.flatMap((rule) => rule.headers).filter((header) => header.key === 'Content-Security-Policy');

  expect(policies.length).toBeGreaterThan(0);
  for (const policy of policies) {
    expect(/script-src ([^;]*)/.exec(policy.value)?.[1]).toBe(`'self' ${APP_LOADER_CSP_SOURCE} ${DISPLAY_SETTINGS_CSP_SOURCE}`);
  }
});

const PRERENDERED = [
  { page: '/', file: 'index.html', route: 'home' },
  { page: '/about', file: 'about.html', route: 'about' },
  { page: '/links', file: 'links.html', route: 'links' },
  { page: '/privacy-policy', file: 'privacy-policy.html', route: 'privacy-policy' },
  { page: '/disclaimer', file: 'disclaimer.html', route: 'disclaimer' },
  { page: '/accessibility', file: 'accessibility.html', route: 'accessibility' },
  { page: '/news', file: 'news.html', route: 'news' },
  { page: '/documents', file: 'documents.html', route: 'documents' },
  { page: '/events', file: 'events.html', route: 'events' },
  { page: '/contact', file: 'contact.html', route: 'contact' },
] as const;

test('with VITE_PUBLIC_URL every prerendered page carries the head tags the server writes: its description, address and share picture', async () => {
  const { clientDir, rendererFile } = builtCopy();

  await prerenderStaticPages(clientDir, rendererFile, { origin: PUBLIC_URL });

  for (const { page, file, route } of PRERENDERED) {
    const tags = headTags(read(clientDir, file));
    expect(tags.title, file).toBe(pageTitle(route));
    expectShareTags(tags, { title: pageName(route), description: PAGE_DESCRIPTIONS[route], url: PUBLIC_URL + page });
  }
  const [organization] = headTags(read(clientDir, 'index.html')).structuredData;
  expect(organization).toMatchObject({ '@type': 'Organization', url: `${PUBLIC_URL}/`, foundingDate: '1996-09-03' });
  // The plain page for every other address names no address of its own.
  expect(headTags(read(clientDir, APP_SHELL_FILE)).canonical).toEqual([]);
});

test('without VITE_PUBLIC_URL the prerendered pages describe themselves but name no address or picture they cannot know', async () => {
  const { clientDir, rendererFile } = builtCopy();

  await prerenderStaticPages(clientDir, rendererFile);

  const about = headTags(read(clientDir, 'about.html'));
  expect(about.meta.description).toEqual([PAGE_DESCRIPTIONS.about]);
  expect(about.meta['og:title']).toEqual(['About Us']);
  expect(about.meta['twitter:card']).toEqual(['summary']);
  expect(about.canonical).toEqual([]);
  expect(Object.keys(about.meta).filter((key) => key === 'og:url' || key.includes('image'))).toEqual([]);
  expect(headTags(read(clientDir, 'index.html')).structuredData[0]).not.toHaveProperty('url');
});
