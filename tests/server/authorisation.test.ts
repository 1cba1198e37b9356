import { Readable } from 'node:stream';
import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { samplePdf } from '../../server/content/sample-pdf';
import { ADMIN, ADMIN_ENV, MEMBER, addTestAccounts, signedIn } from './helpers/accounts';
import { startTestServer } from './helpers/test-server';

interface WriteRoute {
  readonly method: string;
  readonly path: string;
  readonly init?: RequestInit;
}

const pdf = samplePdf('Form', ['x']);

const WRITE_ROUTES: readonly WriteRoute[] = [
  { method: 'POST', path: '/api/posts', init: { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'T', body: 'B' }) } },
  { method: 'PUT', path: '/api/posts/1', init: { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'T', body: 'B' }) } },
  { method: 'DELETE', path: '/api/posts/1' },
  { method: 'POST', path: '/api/files?folder=root&name=Form.pdf', init: { headers: { 'content-type': 'application/pdf' }, body: pdf } },
  { method: 'DELETE', path: '/api/files?path=Existing.pdf' },
  { method: 'GET', path: '/api/contact-messages' },
];

async function statuses(fetchImpl: typeof fetch, baseUrl: string) {
  const results: Array<{ route: string; status: number; kind: unknown }> = [];
  for (const route of WRITE_ROUTES) {
    const response = await fetchImpl(baseUrl + route.path, { method: route.method, ...route.init });
    const text = await response.text();
    const body = (text === '' ? {} : JSON.parse(text)) as { error?: { kind?: unknown } };
    results.push({ route: `${route.method} ${route.path}`, status: response.status, kind: body.error?.kind });
  }
  return results;
}

async function serverWithContent() {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  server.app.posts.create({ title: 'Kept', body: 'Body' }, '2026-01-01T00:00:00.000Z');
  await server.app.files.save('root', 'Existing.pdf', Readable.from([Buffer.from(pdf)]), 1e9);
  return server;
}

async function unchanged(server: Awaited<ReturnType<typeof serverWithContent>>) {
  expect(server.app.posts.list().map((post) => [post.id, post.title])).toEqual([['1', 'Kept']]);
  expect((await server.app.files.list('root')).map((file) => file.name)).toEqual(['Existing.pdf']);
}

test('every write, and the inbox, is refused with 401 without a session and changes nothing', async () => {
  const server = await serverWithContent();

  const results = await statuses(fetch, server.baseUrl);

  expect(results.every((result) => result.status === 401 && result.kind === 'not-authorised'), JSON.stringify(results)).toBe(true);
  await unchanged(server);
});

test('every write is refused with 401 after signing out', async () => {
  const server = await serverWithContent();
  const jar = await signedIn(server.baseUrl, ADMIN);
  await jar.fetch(`${server.baseUrl}/api/session`, { method: 'DELETE' });

  const results = await statuses(jar.fetch, server.baseUrl);

  expect(results.every((result) => result.status === 401), JSON.stringify(results)).toBe(true);
  await unchanged(server);
});

test('a signed-in account that is not an administrator gets 403 everywhere and changes nothing', async () => {
  const server = await serverWithContent();
  const jar = await signedIn(server.baseUrl, MEMBER);

  const results = await statuses(jar.fetch, server.baseUrl);
  const one = await jar.fetch(`${server.baseUrl}/api/contact-messages`);

  expect(results.every((result) => result.status === 403 && result.kind === 'not-authorised'), JSON.stringify(results)).toBe(true);
  expect(await one.json()).toMatchObject({ error: { message: API_MESSAGES.forbidden } });
  await unchanged(server);
});

test('the administrator may do each of them', async () => {
  const server = await serverWithContent();
  const jar = await signedIn(server.baseUrl, ADMIN);

  const results = await statuses(jar.fetch, server.baseUrl);

  expect(results.map((result) => result.status)).toEqual([201, 200, 204, 201, 204, 200]);
});
