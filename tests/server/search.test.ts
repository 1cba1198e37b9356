import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { searchResultsSchema } from '../../contract/wire';
import { samplePdf } from '../../server/content/sample-pdf';
import { bombPdf } from '../support/test-pdfs';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { startTestServer, type TestServer } from './helpers/test-server';

async function adminServer() {
  const server = await startTestServer({ env: { ...ADMIN_ENV } });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const upload = (folder: string, name: string, body: Uint8Array<ArrayBuffer>) =>
    jar.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ folder, name })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
  const remove = (fullPath: string) => jar.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ path: fullPath })}`, { method: 'DELETE' });
  return { server, jar, upload, remove };
}

async function search(server: TestServer, query: string, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}/api/search?${new URLSearchParams({ q: query })}`, { headers });
}

async function found(server: TestServer, query: string) {
  const response = await search(server, query);
  expect(response.status).toBe(200);
  return searchResultsSchema.parse(await response.json());
}

/**
 * Waits until the index has caught up with a change (files are read in the background),
 * asking the server's index itself, so the waiting does not count against the visitor limit.
 */
async function eventually(server: TestServer, query: string, predicate: (titles: string[]) => boolean): Promise<void> {
  while (!predicate(server.app.siteSearch.index.search(query).results.map((result) => result.title))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('a post is found as soon as it is published, and no longer once deleted', async () => {
  const { server, jar } = await adminServer();
  const created = await jar.fetch(`${server.baseUrl}/api/posts`, { method: 'POST', ...json({ title: 'Pension rates', body: 'The rates for 2027 from January.' }) });
  const { id } = (await created.json()) as { id: string };

  const outcome = await found(server, 'pensions');
  expect(outcome).toMatchObject({ query: 'pensions', matched: 'all', coverage: { textInsideFiles: true } });
  expect(outcome.results).toEqual([
    {
      kind: 'news',
      title: 'Pension rates',
      href: `/article/${id}`,
      isFile: false,
      date: expect.any(String),
      snippet: [{ text: 'The rates for 2027 from January.', match: false }],
    },
  ]);

  await jar.fetch(`${server.baseUrl}/api/posts/${id}`, { method: 'DELETE' });
  expect((await found(server, 'pension')).results).toEqual([]);
});

test('an uploaded file is found by its name, and a deleted one is not', async () => {
  const { server, upload, remove } = await adminServer();
  expect((await upload('root', 'Membership form.pdf', samplePdf('Form', ['Name']))).status).toBe(201);

  await eventually(server, 'membership', (titles) => titles.includes('Membership form'));
  const [result] = (await found(server, 'membership')).results;
  expect(result).toMatchObject({ kind: 'document', isFile: true, href: '/files/Membership%20form.pdf' });

  expect((await remove('Membership form.pdf')).status).toBe(204);
  await eventually(server, 'membership', (titles) => titles.length === 0);
});

test('the words inside an uploaded PDF are found, ignoring accents, and marked in the snippet', async () => {
  const { server, upload } = await adminServer();
  const pdf = samplePdf('Spring newsletter', ['A word from our chair, Sean Og Murphy.', 'Brown soda bread for the branch lunch.']);
  expect((await upload('newsletters', 'Spring 2027.pdf', pdf)).status).toBe(201);

  await eventually(server, 'soda', (titles) => titles.includes('Spring 2027'));
  const [result] = (await found(server, 'Séan')).results;
  expect(result).toMatchObject({ kind: 'newsletter', title: 'Spring 2027', href: '/files/newsletters/Spring%202027.pdf', isFile: true });
  expect(result?.snippet.filter((part) => part.match)).toEqual([{ text: 'Sean', match: true }]);
});

test('a PDF whose text cannot be read is still found by its name, and the server keeps responding', async () => {
  const { server, upload } = await adminServer();
  // A PDF's first bytes (so the upload is accepted), then nothing a reader can make sense of.
  const broken = new Uint8Array(Buffer.from(`%PDF-1.7\n${'garbage '.repeat(2_000)}`));
  expect((await upload('root', 'Broken minutes.pdf', broken)).status).toBe(201);

  await eventually(server, 'broken minutes', (titles) => titles.includes('Broken minutes'));
  expect((await fetch(`${server.baseUrl}/api/posts`)).status).toBe(200);
});

test('a decompression bomb uploaded as a newsletter is found by its name only; the site responds all along and reads the next PDF', { timeout: 120_000 }, async () => {
  const { server, upload } = await adminServer();
  // About a megabyte on disk that inflates to a gigabyte: the reader process is stopped at its limit.
  expect((await upload('newsletters', 'Bomb.pdf', new Uint8Array(bombPdf(1024 * 1024 * 1024)))).status).toBe(201);
  expect((await upload('newsletters', 'After.pdf', samplePdf('After', ['Scones for the branch tea.']))).status).toBe(201);

  // The site responds while the bomb is being read.
  expect((await fetch(`${server.baseUrl}/api/posts`)).status).toBe(200);
  await eventually(server, 'scones', (titles) => titles.includes('After'));
  expect((await found(server, 'bomb')).results.map((result) => result.title)).toEqual(['Bomb']);
  expect(server.app.siteSearch.index.files().get('newsletters/Bomb.pdf')?.outcome).toBe('unreadable');
});

test('hostile and odd queries are searched as plain words, and change nothing', async () => {
  const server = await startTestServer();
  for (const query of ['"', 'NEAR(a b)', "'; DROP TABLE posts; --", '* ^ : -', 'a'.repeat(5_000), '\u0000']) {
    const response = await search(server, query);
    expect(response.status, query.slice(0, 20)).toBe(200);
    expect(searchResultsSchema.parse(await response.json()).results).toEqual([]);
  }
  // Past the API's limit (and nobody's typing): refused with a clear status.
  const tooLong = await search(server, 'a'.repeat(12_000));
  expect(tooLong.status).toBe(400);
  const posts = await fetch(`${server.baseUrl}/api/posts`);
  expect(posts.status).toBe(200);
});

test('one visitor searching without end is told to wait, while others still can', async () => {
  const server = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  const from = (address: string) => ({ 'x-forwarded-for': address });
  for (let n = 0; n < 30; n += 1) expect((await search(server, `walk ${n}`, from('203.0.113.7'))).status).toBe(200);

  const refused = await search(server, 'walk', from('203.0.113.7'));
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({ error: { kind: 'too-many-requests', message: API_MESSAGES.tooManySearches } });

  expect((await search(server, 'walk', from('198.51.100.9'))).status).toBe(200);
});
