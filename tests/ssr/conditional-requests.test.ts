import fs from 'node:fs';
import path from 'node:path';
import { expect, inject, test } from 'vitest';
import { postPath } from '../../contract/wire';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from '../server/helpers/accounts';
import type { CookieJarFetch } from '../server/helpers/cookie-jar';
import { rawRequest } from '../server/helpers/raw-http';
import { startBuiltSite } from './support/built-server';

/**
 * A browser asking again for what it has (`If-None-Match` with the tag it was given) gets 304
 * and no body while nothing changed, and the whole response once something did: pages, the API
 * and stored files alike.
 */
async function revalidate(url: string, headers: Record<string, string> = {}) {
  const first = await fetch(url, { headers });
  expect(first.status, url).toBe(200);
  const tag = first.headers.get('etag');
  expect(tag, url).toBeTruthy();
  const body = Buffer.from(await first.arrayBuffer());
  const again = await fetch(url, { headers: { ...headers, 'if-none-match': tag ?? '' } });
  return { first, tag: tag ?? '', body, again };
}

async function expectNotModified(url: string, headers: Record<string, string> = {}) {
  const { first, tag, again } = await revalidate(url, headers);
  expect(again.status, url).toBe(304);
  expect(again.headers.get('etag'), url).toBe(tag);
  expect(again.headers.get('cache-control'), url).toBe(first.headers.get('cache-control'));
  expect(await again.text(), url).toBe('');
  return tag;
}

function upload(jar: CookieJarFetch, baseUrl: string, name: string, bytes: string) {
  return jar.fetch(`${baseUrl}/api/files?${new URLSearchParams({ folder: 'newsletters', name })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: Buffer.from(bytes),
  });
}

test('an unchanged page or list responds with 304 and no body; after a new post the same tag gets the full response', async () => {
  const server = await startBuiltSite({ env: { ...ADMIN_ENV } });
  await addTestAccounts(server.app);
  const brotli = { 'accept-encoding': 'br' };

  for (const address of ['/news', '/api/posts', '/about']) await expectNotModified(`${server.baseUrl}${address}`, brotli);

  const newsTag = await expectNotModified(`${server.baseUrl}/news`, brotli);
  const listTag = await expectNotModified(`${server.baseUrl}/api/posts`);
  const jar = await signedIn(server.baseUrl, ADMIN);
  await jar.fetch(`${server.baseUrl}/api/posts`, { method: 'POST', ...json({ title: 'Branch outing', body: 'To Kilkenny.' }) });
  const newsAfter = await fetch(`${server.baseUrl}/news`, { headers: { ...brotli, 'if-none-match': newsTag } });
  const listAfter = await fetch(`${server.baseUrl}/api/posts`, { headers: { 'if-none-match': listTag } });

  expect(newsAfter.status).toBe(200);
  expect(await newsAfter.text()).toContain('Branch outing');
  expect(listAfter.status).toBe(200);
  expect(await listAfter.text()).toContain('Branch outing');
});

test("the public API's other responses, the feeds and the sitemap are 304 while nothing changed", async () => {
  const server = await startBuiltSite();
  const [post] = server.app.posts.list();
  if (post === undefined) throw new Error('The sample content has no post.');

  for (const address of [postPath(post.id), '/api/files?folder=newsletters', '/api/association', '/feeds/news.atom', '/feeds/newsletters.atom', '/sitemap.xml']) {
    await expectNotModified(server.baseUrl + address);
  }
});

test('a stored file responds with 304 by its tag or its date; once deleted or replaced, the same tag gets the full response', async () => {
  const server = await startBuiltSite({ env: { ...ADMIN_ENV } });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  expect((await upload(jar, server.baseUrl, 'Spring Update.pdf', '%PDF-1.4\n%%EOF\n')).status).toBe(201);
  const address = `/files/newsletters/${encodeURIComponent('Spring Update.pdf')}`;
  const list = `${server.baseUrl}/api/files?folder=newsletters`;
  // As a browser revalidates: fetch itself would add 'cache-control: no-cache', which tells the
  // file sender to respond in full.
  const ask = (headers: Record<string, string> = {}) => rawRequest(server.baseUrl, address, { headers });

  const first = await ask();
  const tag = String(first.headers.etag);
  const lastModified = String(first.headers['last-modified']);
  const byTag = await ask({ 'if-none-match': tag });
  const byDate = await ask({ 'if-modified-since': lastModified });
  const listTag = await expectNotModified(list);

  expect(first.status).toBe(200);
  expect(first.headers['content-type']).toBe('application/pdf');
  expect(first.headers['cache-control']).toBe('no-cache');
  expect(Date.parse(lastModified)).not.toBeNaN();
  for (const again of [byTag, byDate]) {
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
  }

  const deleted = await jar.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ path: 'newsletters/Spring Update.pdf' })}`, { method: 'DELETE' });
  const gone = await ask({ 'if-none-match': tag, 'if-modified-since': lastModified });
  const listWithout = await fetch(list, { headers: { 'if-none-match': listTag } });
  expect(deleted.status).toBe(204);
  expect(gone.status).toBe(404);
  expect(gone.headers['cache-control']).toBe('no-store');
  expect(listWithout.status).toBe(200);
  expect(await listWithout.text()).not.toContain('Spring Update.pdf');

  const replacement = '%PDF-1.4\n% the spring newsletter, corrected\n%%EOF\n';
  expect((await upload(jar, server.baseUrl, 'Spring Update.pdf', replacement)).status).toBe(201);
  // A browser sends both of what it was told, and the tag decides: a file replaced within the
  // same second as the old one (the date's precision) is still sent in full.
  const replaced = await ask({ 'if-none-match': tag, 'if-modified-since': lastModified });
  const listWith = await fetch(list, { headers: { 'if-none-match': listTag } });
  expect(replaced.status).toBe(200);
  expect(replaced.body.toString()).toBe(replacement);
  expect(listWith.status).toBe(200);
  expect(await listWith.text()).toContain('Spring Update.pdf');
});

test('a hashed build file responds with 304 by its tag, as it is and as the brotli copy the build left', async () => {
  const server = await startBuiltSite();
  const assets = fs.readdirSync(path.join(inject('builtSiteDir'), 'client', 'assets'));
  const script = assets.find((name) => name.endsWith('.js') && assets.includes(`${name}.br`));
  if (script === undefined) throw new Error('The build has no script with a brotli copy.');
  const address = `/assets/${script}`;

  for (const encoding of ['identity', 'br']) {
    const first = await rawRequest(server.baseUrl, address, { headers: { 'accept-encoding': encoding } });
    const again = await rawRequest(server.baseUrl, address, { headers: { 'accept-encoding': encoding, 'if-none-match': String(first.headers.etag) } });

    expect(first.status, encoding).toBe(200);
    expect(first.headers['content-encoding'], encoding).toBe(encoding === 'br' ? 'br' : undefined);
    expect(first.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    expect(again.status, encoding).toBe(304);
    expect(again.body.byteLength, encoding).toBe(0);
  }
});
