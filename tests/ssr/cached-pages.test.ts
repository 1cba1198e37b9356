import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { samplePdf } from '../../server/content/sample-pdf';
import { SAMPLE_FILES, SAMPLE_POSTS } from '../../server/content/sample-content';
import { displayName } from '../../src-core/domain/files';
import { REPO_ROOT } from '../../tooling/repo-root';
import { ADMIN, ADMIN_ENV, addAccount, json, signedIn } from '../server/helpers/accounts';
import { rawRequest } from '../server/helpers/raw-http';
import type { TestServer } from '../server/helpers/test-server';
import { fetchPage, heading, startBuiltSite, text } from './support/built-server';

async function startWithAdministrator(): Promise<TestServer> {
  const server = await startBuiltSite({ env: ADMIN_ENV });
  await addAccount(server.app, ADMIN);
  return server;
}

async function mainText(server: TestServer, address: string): Promise<string> {
  return text((await fetchPage(server, address)).document.querySelector('main'));
}

test('a page is rendered once, then the same page is sent from memory until its content changes', async () => {
  const server = await startBuiltSite();
  // The search index reads the site's own pages after start-up, rendering them; counted apart.
  await server.app.siteSearch.pages.sync();

  const first = await fetchPage(server, '/news');
  const afterFirst = server.app.pageCache.statistics();
  const second = await fetchPage(server, '/news');
  const afterSecond = server.app.pageCache.statistics();

  expect(second.html).toBe(first.html);
  expect(afterSecond.rendered).toBe(afterFirst.rendered);
  expect(afterSecond.reused).toBe(afterFirst.reused + 1);
});

test('a post created through the API is on News and has its article page at once', async () => {
  const server = await startWithAdministrator();
  const admin = await signedIn(server.baseUrl, ADMIN);
  expect(await mainText(server, '/news')).not.toContain('Coffee morning in Athlone');

  const created = await admin.fetch(`${server.baseUrl}/api/posts`, { method: 'POST', ...json({ title: 'Coffee morning in Athlone', body: 'All welcome.' }) });
  const { id } = (await created.json()) as { id: string };
  const article = await fetchPage(server, `/article/${id}`);

  expect(created.status).toBe(201);
  expect(await mainText(server, '/news')).toContain('Coffee morning in Athlone');
  expect(article.status).toBe(200);
  expect(heading(article.document)).toBe('Coffee morning in Athlone');
});

test('an edited title replaces the old one on News and on the article; a deleted post leaves both', async () => {
  const server = await startWithAdministrator();
  const admin = await signedIn(server.baseUrl, ADMIN);
  const post = server.app.posts.list()[0];
  if (post === undefined) throw new Error('The sample content has no post.');
  await fetchPage(server, '/news');
  await fetchPage(server, `/article/${post.id}`);

  await admin.fetch(`${server.baseUrl}/api/posts/${post.id}`, { method: 'PUT', ...json({ title: 'Branch meeting moved to Tuesday', body: post.body }) });
  const newsAfterEdit = await mainText(server, '/news');
  const articleAfterEdit = await fetchPage(server, `/article/${post.id}`);
  await admin.fetch(`${server.baseUrl}/api/posts/${post.id}`, { method: 'DELETE' });
  const newsAfterDelete = await mainText(server, '/news');
  const articleAfterDelete = await fetchPage(server, `/article/${post.id}`);

  expect(newsAfterEdit).toContain('Branch meeting moved to Tuesday');
  expect(newsAfterEdit).not.toContain(post.title);
  expect(heading(articleAfterEdit.document)).toBe('Branch meeting moved to Tuesday');
  expect(newsAfterDelete).not.toContain('Branch meeting moved to Tuesday');
  expect(articleAfterDelete.status).toBe(404);
});

test('a file uploaded through the API appears on Join Us at once, and is gone once deleted', async () => {
  const server = await startWithAdministrator();
  const admin = await signedIn(server.baseUrl, ADMIN);
  await fetchPage(server, '/documents');

  const uploaded = await admin.fetch(`${server.baseUrl}/api/files?folder=root&name=${encodeURIComponent('Branch Contacts.pdf')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: samplePdf('Branch contacts', ['Names and numbers']),
  });
  const withFile = await mainText(server, '/documents');
  await admin.fetch(`${server.baseUrl}/api/files?path=${encodeURIComponent('Branch Contacts.pdf')}`, { method: 'DELETE' });
  const withoutFile = await mainText(server, '/documents');

  expect(uploaded.status).toBe(201);
  expect(withFile).toContain(displayName('Branch Contacts.pdf'));
  expect(withoutFile).not.toContain(displayName('Branch Contacts.pdf'));
});

test('posts and files the admin command removes while the server runs leave the pages within a second or two', async () => {
  const server = await startBuiltSite();
  const sampleNewsletter = displayName(SAMPLE_FILES.find((file) => file.folder === 'newsletters')?.name ?? '');
  const before = await mainText(server, '/news');

  const command = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/cli/admin.ts'), 'remove-samples'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: server.dataDir },
    encoding: 'utf8',
  });
  let after = await mainText(server, '/news');
  for (let tries = 0; tries < 30 && after.includes(SAMPLE_POSTS[0].title); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await mainText(server, '/news');
  }

  expect(command.status, command.stderr).toBe(0);
  expect(before).toContain(SAMPLE_POSTS[0].title);
  expect(before).toContain(sampleNewsletter);
  expect(after).not.toContain(SAMPLE_POSTS[0].title);
  expect(after).not.toContain(sampleNewsletter);
});

test('a cached page goes out in the encoding asked for, with the same bytes, length and headers every time', async () => {
  const server = await startBuiltSite();
  const plain = await rawRequest(server.baseUrl, '/about', { headers: {} });

  const brotli = await rawRequest(server.baseUrl, '/about', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  const gzip = await rawRequest(server.baseUrl, '/about', { headers: { 'accept-encoding': 'gzip' } });
  const head = await rawRequest(server.baseUrl, '/about', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });

  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(brotli.body)).toEqual(plain.body);
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.body)).toEqual(plain.body);
  for (const response of [plain, brotli, gzip, head]) {
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding, cookie');
  }
  expect(Number(brotli.headers['content-length'])).toBe(brotli.body.byteLength);
  expect(head.headers['content-length']).toBe(brotli.headers['content-length']);
  expect(head.body.byteLength).toBe(0);
});

test('not-found pages and the admin area are rendered afresh and never cached', async () => {
  const server = await startBuiltSite();
  // The search index reads the site's own pages after start-up, which keeps them: counted apart.
  await server.app.siteSearch.pages.sync();
  const cachedBefore = server.app.pageCache.statistics().cached;

  const responses = await Promise.all(['/no/such/page', '/article/999999', '/another/missing/page', '/admin', '/login'].map((address) => fetchPage(server, address)));

  expect(responses.map((response) => response.status)).toEqual([404, 404, 404, 200, 200]);
  expect(server.app.pageCache.statistics().cached).toBe(cachedBefore);
});
