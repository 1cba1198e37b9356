import { expect, test } from 'vitest';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from '../server/helpers/accounts';
import { startBuiltSite } from './support/built-server';

/**
 * A browser asking again for what it has (`If-None-Match` with the tag it was given) gets 304
 * and no body while nothing changed, and the whole answer once something did: pages, the API
 * and stored files alike.
 */
async function revalidate(url: string, headers: Record<string, string> = {}) {
  const first = await fetch(url, { headers });
  expect(first.status).toBe(200);
  const tag = first.headers.get('etag');
  expect(tag).toBeTruthy();
  await first.arrayBuffer();
  const again = await fetch(url, { headers: { ...headers, 'if-none-match': tag ?? '' } });
  return { tag, again };
}

test('an unchanged page, list and file answer 304 with no body; a changed one answers in full', async () => {
  const server = await startBuiltSite({ env: { ...ADMIN_ENV } });
  await addTestAccounts(server.app);
  const brotli = { 'accept-encoding': 'br' };

  for (const address of ['/news', '/api/posts', '/about']) {
    const { tag, again } = await revalidate(`${server.baseUrl}${address}`, brotli);
    expect(again.status, address).toBe(304);
    expect(again.headers.get('etag'), address).toBe(tag);
    expect(await again.text(), address).toBe('');
  }

  const newsBefore = await revalidate(`${server.baseUrl}/news`, brotli);
  const jar = await signedIn(server.baseUrl, ADMIN);
  await jar.fetch(`${server.baseUrl}/api/posts`, { method: 'POST', ...json({ title: 'Branch outing', body: 'To Kilkenny.' }) });
  const afterChange = await fetch(`${server.baseUrl}/news`, { headers: { ...brotli, 'if-none-match': newsBefore.tag ?? '' } });
  expect(afterChange.status).toBe(200);
  expect(await afterChange.text()).toContain('Branch outing');
  const listAfter = await fetch(`${server.baseUrl}/api/posts`, { headers: { 'if-none-match': newsBefore.tag ?? '' } });
  expect(listAfter.status).toBe(200);
});

test('a stored file answers 304 to a browser that has it', async () => {
  const server = await startBuiltSite({ env: { ...ADMIN_ENV } });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const upload = await jar.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ folder: 'newsletters', name: 'Spring.pdf' })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  expect(upload.status).toBe(201);
  const address = `${server.baseUrl}/files/newsletters/Spring.pdf`;

  const { tag, again } = await revalidate(address);
  expect(again.status).toBe(304);
  expect(again.headers.get('etag')).toBe(tag);
});
