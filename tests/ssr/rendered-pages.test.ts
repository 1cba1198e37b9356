import { createHash } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { expect, test } from 'vitest';
import { displayName } from '../../src-core/domain/files';
import { SITE_TITLE, pageTitle } from '../../src-core/domain/navigation';
import { APP_LOADER, APP_LOADER_CSP_SOURCE } from '../../server/render/app-loader';
import { CONTACT_CONFIRMATION } from '../../src-core/machines/contact.machine';
import { fetchPage, heading, startBuiltSite, text } from './support/built-server';

const HOSTILE_TITLE = '</script><script>alert(1)</script> \u2028 \u2029 <!-- & "quoted"';

function routeData(document: Document): Record<string, unknown> {
  const element = document.getElementById('route-data');
  if (element === null) throw new Error('The page carries no route data.');
  return JSON.parse(element.textContent ?? '') as Record<string, unknown>;
}

function postForm(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}

test('pages that need no data arrive with their heading, text and title before any script runs', async () => {
  const server = await startBuiltSite();
  const pages = [
    { address: '/', heading: SITE_TITLE, text: 'Become a member', title: pageTitle('home') },
    { address: '/about', heading: 'About Us', text: 'Our history', title: pageTitle('about') },
    { address: '/links', heading: 'Important Links', text: 'opens in a new tab', title: pageTitle('links') },
    { address: '/contact', heading: 'Contact Us', text: 'Send Message', title: pageTitle('contact') },
    { address: '/privacy-policy', heading: 'Privacy Policy', text: 'What we collect when you contact us', title: pageTitle('privacy-policy') },
    { address: '/disclaimer', heading: 'Disclaimer / Legal', text: 'Links to other websites', title: pageTitle('disclaimer') },
  ];

  for (const page of pages) {
    const { status, document } = await fetchPage(server, page.address);

    expect(status, page.address).toBe(200);
    expect(heading(document), page.address).toBe(page.heading);
    expect(text(document.querySelector('main')), page.address).toContain(page.text);
    expect(document.title, page.address).toBe(page.title);
  }
});

test('News arrives with every post and newsletter already listed, and nothing left loading', async () => {
  const server = await startBuiltSite();
  const posts = server.app.posts.list();
  const newsletters = await server.app.files.list('newsletters');

  const { status, document } = await fetchPage(server, '/news');

  const main = text(document.querySelector('main'));
  expect(status).toBe(200);
  expect(heading(document)).toBe('News');
  expect(posts.length).toBeGreaterThan(0);
  for (const post of posts) expect(main).toContain(post.title);
  expect(newsletters.length).toBeGreaterThan(0);
  for (const file of newsletters) expect(main).toContain(displayName(file.name));
  expect(main).not.toContain('Loading');
});

test('an article arrives with its title, date and lines, and names the post in the tab title', async () => {
  const server = await startBuiltSite();
  const post = server.app.posts.create({ title: 'Branch outing to Kilkenny', body: 'We leave at nine.\n\nBring a packed lunch.' }, '2026-05-04T09:00:00.000Z');

  const { status, document } = await fetchPage(server, `/article/${post.id}`);

  expect(status).toBe(200);
  expect(heading(document)).toBe('Branch outing to Kilkenny');
  expect([...document.querySelectorAll('main li')].map(text)).toEqual(['We leave at nine.', 'Bring a packed lunch.']);
  expect(document.querySelector('main time')?.getAttribute('dateTime')).toBe('2026-05-04T09:00:00.000Z');
  expect(document.title).toBe(pageTitle('article', 'Branch outing to Kilkenny'));
});

test('Join Us and Events arrive with their files already listed', async () => {
  const server = await startBuiltSite();
  const pages = [
    { address: '/documents', heading: 'Join Us Today', folder: 'root' as const },
    { address: '/events', heading: 'Upcoming Events', folder: 'events' as const },
  ];

  for (const page of pages) {
    const files = await server.app.files.list(page.folder);
    const { status, document } = await fetchPage(server, page.address);

    expect(status, page.address).toBe(200);
    expect(heading(document), page.address).toBe(page.heading);
    expect(files.length, page.address).toBeGreaterThan(0);
    const links = [...document.querySelectorAll('main a')].map((link) => link.getAttribute('href'));
    for (const file of files) expect(links, page.address).toContain(file.url);
  }
});

test('the data a page was rendered with is what the API returns, so the browser need not ask again', async () => {
  const server = await startBuiltSite();

  const { document } = await fetchPage(server, '/news');
  const api = (await (await fetch(`${server.baseUrl}/api/posts`)).json()) as { posts: unknown[] };
  const files = (await (await fetch(`${server.baseUrl}/api/files?folder=newsletters`)).json()) as { files: unknown[] };

  const association: unknown = await (await fetch(`${server.baseUrl}/api/association`)).json();

  // With the association's details, which every page's footer shows.
  expect(routeData(document)).toEqual({ posts: { data: api.posts }, 'files:newsletters': { data: files.files }, association: { data: association } });
});

test('a hostile post title stays text: it cannot end the data element or add a script', async () => {
  const server = await startBuiltSite();
  const post = server.app.posts.create({ title: HOSTILE_TITLE, body: `Line one \u2028 still one\n</script>` }, '2026-06-01T10:00:00.000Z');

  for (const address of ['/news', `/article/${post.id}`]) {
    const { html, document } = await fetchPage(server, address);

    // The loader and the data, and nothing the title could have added.
    const scripts = [...document.querySelectorAll('script')].map((script) => script.getAttribute('type') ?? script.textContent);
    expect(scripts, address).toEqual([APP_LOADER, 'application/json']);
    expect(html, address).not.toContain('<script>alert(1)');
    // The element's raw text, up to the first '<': all of it, when nothing inside can end it early.
    const raw = /<script type="application\/json" id="route-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(raw, address).toContain('\\u003c/script\\u003e');
    expect(raw, address).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.stringify(routeData(document)), address).toContain(JSON.stringify(HOSTILE_TITLE));
  }
  const article = await fetchPage(server, `/article/${post.id}`);
  expect(article.document.querySelector('h1')?.textContent).toBe(HOSTILE_TITLE);
  expect(routeData(article.document)).toEqual({
    [`post:${post.id}`]: { data: server.app.posts.get(post.id) },
    association: { data: server.app.associationDetails.get() },
  });
});

test('an unknown address and a removed article respond with 404 and their not-found pages', async () => {
  const server = await startBuiltSite();
  const post = server.app.posts.create({ title: 'Soon gone', body: 'Text.' }, '2026-06-01T10:00:00.000Z');
  server.app.posts.remove(post.id);

  const unknown = await fetchPage(server, '/no/such/page');
  const removed = await fetchPage(server, `/article/${post.id}`);

  expect(unknown.status).toBe(404);
  expect(heading(unknown.document)).toBe('Page not found');
  expect(unknown.document.title).toBe(pageTitle('not-found'));
  expect(removed.status).toBe(404);
  expect(heading(removed.document)).toBe('Article not found');
  expect(removed.document.title).toBe(pageTitle('not-found'));
});

test('the admin area and its login stay client-only: the plain app page, with nothing rendered', async () => {
  const server = await startBuiltSite();

  for (const address of ['/admin', '/login']) {
    const { status, document } = await fetchPage(server, address);

    expect(status, address).toBe(200);
    expect(document.getElementById('root')?.childElementCount, address).toBe(0);
    expect(document.getElementById('route-data'), address).toBeNull();
  }
});

test('the policy allows one inline script, the loader, by its hash; every other script is inert data', async () => {
  const server = await startBuiltSite();

  const response = await fetch(`${server.baseUrl}/news`);
  const { document } = new JSDOM(await response.text()).window;

  expect(/script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]).toBe(`'self' ${APP_LOADER_CSP_SOURCE}`);
  for (const script of document.querySelectorAll('script')) {
    if (script.getAttribute('type') === 'application/json') continue;
    const hash = `'sha256-${createHash('sha256').update(script.textContent).digest('base64')}'`;
    expect(hash).toBe(APP_LOADER_CSP_SOURCE);
    expect(script.getAttribute('data-app-entry')).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  }
});

test('the contact form posted without script is stored and the response shows the confirmation', async () => {
  const server = await startBuiltSite();

  const { status, document } = await fetchPage(
    server,
    '/contact',
    postForm({ name: 'Mary Byrne', email: 'mary@example.org', message: 'When is the next branch meeting?', website: '' }),
  );

  expect(status).toBe(200);
  expect(heading(document)).toBe('Contact Us');
  // The confirmation, with what happens next, in place of the form.
  expect(text(document.querySelector('[role="status"]'))).toContain(CONTACT_CONFIRMATION);
  expect(document.querySelector('input[name="name"]')).toBeNull();
  expect(server.app.contactMessages.list(10)).toMatchObject([
    { name: 'Mary Byrne', email: 'mary@example.org', message: 'When is the next branch meeting?' },
  ]);
});

test('a contact form with a missing message comes back with the field message and what was typed', async () => {
  const server = await startBuiltSite();

  const { status, document } = await fetchPage(server, '/contact', postForm({ name: 'Mary Byrne', email: 'mary@example.org', message: '  ' }));

  expect(status).toBe(400);
  expect(text(document.querySelector('main'))).toContain('Please enter a message.');
  expect(document.querySelector<HTMLInputElement>('input[name="name"]')?.value).toBe('Mary Byrne');
  expect(document.querySelector<HTMLInputElement>('input[name="email"]')?.value).toBe('mary@example.org');
  expect(server.app.contactMessages.list(10)).toEqual([]);
});

test('a contact form posted from another site is refused, keeps the text, and stores nothing', async () => {
  const server = await startBuiltSite();

  const { status, document } = await fetchPage(
    server,
    '/contact',
    postForm({ name: 'Mary Byrne', email: 'mary@example.org', message: 'Hello' }, { origin: 'https://elsewhere.example.org' }),
  );

  expect(status).toBe(403);
  // Followed by the other ways to reach us.
  expect(text(document.querySelector('[role="alert"]'))).toContain('Your message was not sent. This request came from another website and was refused.');
  expect(document.querySelector('textarea[name="message"]')?.textContent).toBe('Hello');
  expect(server.app.contactMessages.list(10)).toEqual([]);
});

test('a robot filling the hidden field is thanked and nothing is kept', async () => {
  const server = await startBuiltSite();

  const { status, document } = await fetchPage(
    server,
    '/contact',
    postForm({ name: 'Robot', email: 'robot@example.org', message: 'Buy now', website: 'https://spam.example.org' }),
  );

  expect(status).toBe(200);
  expect(text(document.querySelector('[role="status"]'))).toContain(CONTACT_CONFIRMATION);
  expect(server.app.contactMessages.list(10)).toEqual([]);
});

test('the confirmation travels in the page data, so the browser starts from the same state', async () => {
  const server = await startBuiltSite();

  const { document } = await fetchPage(server, '/contact', postForm({ name: 'Mary Byrne', email: 'mary@example.org', message: 'Hello there' }));

  expect(routeData(document)).toEqual({
    'contact:form': { data: { outcome: 'sent', values: { name: '', email: '', message: '' }, fieldErrors: {}, errorMessage: null } },
    // A new key for the next message, as on every contact page.
    'contact:submission': { data: expect.stringMatching(/^[0-9a-f]{32}$/) },
    association: { data: server.app.associationDetails.get() },
  });
});

test('the contact form posted without script gets a redirect in response, so reloading the page after it sends nothing again', async () => {
  const server = await startBuiltSite();
  const form = postForm({ name: 'Mary Byrne', email: 'mary@example.org', message: 'When is the next branch meeting?', website: '' });

  const posted = await fetch(`${server.baseUrl}/contact`, { ...form, redirect: 'manual' });
  const location = posted.headers.get('location') ?? '';
  const shown = await fetchPage(server, location);
  const reloaded = await fetchPage(server, location);

  expect(posted.status).toBe(303);
  expect(location).toMatch(/^\/contact\?outcome=[\w-]{20,}$/);
  expect(location).not.toContain('Mary');
  for (const page of [shown, reloaded]) {
    expect(page.status).toBe(200);
    expect(text(page.document.querySelector('[role="status"]'))).toContain(CONTACT_CONFIRMATION);
  }
  expect(server.app.contactMessages.list(10)).toHaveLength(1);
});

test('after the redirect a refused contact form shows the field message and keeps what was typed, and is never cached for others', async () => {
  const server = await startBuiltSite();

  const posted = await fetch(`${server.baseUrl}/contact`, { ...postForm({ name: 'Mary Byrne', email: 'mary@example.org', message: '  ' }), redirect: 'manual' });
  const response = await fetch(server.baseUrl + (posted.headers.get('location') ?? ''));
  const document = new JSDOM(await response.text()).window.document;
  const plain = await fetch(`${server.baseUrl}/contact`);

  expect(posted.status).toBe(303);
  expect(response.status).toBe(400);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(plain.headers.get('cache-control')).toBe('no-store');
  expect(text(document.querySelector('main'))).toContain('Please enter a message.');
  expect(document.querySelector<HTMLInputElement>('input[name="email"]')?.value).toBe('mary@example.org');
  expect(text(new JSDOM(await plain.text()).window.document.querySelector('main'))).not.toContain('Please enter a message.');
});

test('each contact page carries a key of its own, and a form posted twice with its key is stored once', async () => {
  const server = await startBuiltSite();
  const keyOf = async () => (await fetchPage(server, '/contact')).document.querySelector<HTMLInputElement>('input[type="hidden"][name="submissionKey"]')?.value;

  const [first, second] = [await keyOf(), await keyOf()];
  const fields = { name: 'Mary Byrne', email: 'mary@example.org', message: 'Hello', submissionKey: first ?? '' };
  const twice = await Promise.all([fetchPage(server, '/contact', postForm(fields)), fetchPage(server, '/contact', postForm(fields))]);

  expect(first).toMatch(/^[0-9a-f]{32}$/);
  expect(second).toMatch(/^[0-9a-f]{32}$/);
  expect(second).not.toBe(first);
  expect(twice.map((page) => text(page.document.querySelector('[role="status"]')).startsWith(CONTACT_CONFIRMATION))).toEqual([true, true]);
  expect(server.app.contactMessages.list(10)).toHaveLength(1);
});
