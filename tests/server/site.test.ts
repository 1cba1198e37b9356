import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { APP_LOADER_CSP_SOURCE } from '../../server/render/app-loader';
import { TEST_ASSET, TEST_INDEX_HTML, startTestServer } from './helpers/test-server';
import { rawRequest } from './helpers/raw-http';

test('every page address responds with the app, revalidated on each visit; the admin area cached by no cache', async () => {
  const server = await startTestServer();
  const pages = ['/', '/news', '/article/7', '/no/such/page', '/admin', '/login', '/admin?from=news'];

  const responses = await Promise.all(pages.map((page) => fetch(server.baseUrl + page)));

  for (const response of responses) {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(TEST_INDEX_HTML);
  }
  expect(responses.map((response) => response.headers.get('cache-control'))).toEqual([
    'no-cache',
    'no-cache',
    'no-cache',
    'no-cache',
    'no-store',
    'no-store',
    'no-store',
  ]);
});

test('pages carry the security headers: a script policy whose only inline script is the loader, no framing, no sniffing', async () => {
  const server = await startTestServer();

  const response = await fetch(`${server.baseUrl}/contact`);
  const policy = response.headers.get('content-security-policy') ?? '';
  const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';

  expect(scriptSources).toBe(`'self' ${APP_LOADER_CSP_SOURCE}`);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('strict-transport-security')).toBeNull();
});

test('HSTS is sent once the site is reached over HTTPS through a trusted proxy', async () => {
  const server = await startTestServer({ env: { TRUST_PROXY: '1' } });

  const response = await fetch(`${server.baseUrl}/`, { headers: { 'x-forwarded-proto': 'https' } });

  expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
});

test('hashed assets are cached for a year with their JavaScript type, and compressed on the way when the build left no copy in that encoding', async () => {
  const server = await startTestServer();

  const response = await rawRequest(server.baseUrl, TEST_ASSET.path, { headers: { 'accept-encoding': 'gzip' } });

  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(response.body).toString()).toContain('retired nurses');
});

test("an asset's brotli copy from the build is sent as it is to a client that accepts brotli", async () => {
  const server = await startTestServer();
  const onDisk = fs.readFileSync(path.join(server.clientDir, `${TEST_ASSET.path}.br`));

  const response = await rawRequest(server.baseUrl, TEST_ASSET.path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });

  expect(response.status).toBe(200);
  expect(response.headers['content-encoding']).toBe('br');
  expect(response.body).toEqual(onDisk);
  expect(brotliDecompressSync(response.body).toString()).toBe(TEST_ASSET.text);
  expect(response.headers['content-length']).toBe(String(onDisk.byteLength));
  expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers.vary).toBe('accept-encoding');
});

test('a client that accepts no compression gets the plain asset, marked as varying with Accept-Encoding', async () => {
  const server = await startTestServer();

  const response = await rawRequest(server.baseUrl, TEST_ASSET.path);

  expect(response.status).toBe(200);
  expect(response.headers['content-encoding']).toBeUndefined();
  expect(response.body.toString()).toBe(TEST_ASSET.text);
  expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(response.headers.vary).toBe('accept-encoding');
});

test('other static files keep their names when they change, so every cache asks before using its copy', async () => {
  const server = await startTestServer();

  const response = await fetch(`${server.baseUrl}/humans.txt`);
  const again = await fetch(`${server.baseUrl}/humans.txt`, { headers: { 'if-none-match': response.headers.get('etag') ?? '' } });

  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(again.status).toBe(304);
});

test('an unknown API address is a JSON not-found error, not the app', async () => {
  const server = await startTestServer();

  const response = await fetch(`${server.baseUrl}/api/nothing-here`);

  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ error: { kind: 'not-found' } });
});

test('a missing build is reported plainly instead of an empty page', async () => {
  const server = await startTestServer({ env: { CLIENT_DIR: '/nonexistent/rnai-client' } });

  const response = await fetch(`${server.baseUrl}/`);

  expect(response.status).toBe(503);
  expect(await response.text()).toContain('npm run build');
});
