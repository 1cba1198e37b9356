import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { createPageCache, type PageResponse, type RenderedPage } from './page-cache';

function renderer(html: string, status = 200) {
  const calls = { count: 0 };
  const render = async (): Promise<RenderedPage> => {
    calls.count += 1;
    return { status, html, cacheable: status === 200 };
  };
  return { calls, render };
}

function textOf(response: PageResponse): string {
  return response.cached ? response.body.toString('utf8') : response.html;
}

test('a page is rendered once and reused while the generation stays the same', async () => {
  const cache = createPageCache();
  const news = renderer('<h1>News</h1>');

  const first = await cache.page('/news', 'g1', news.render);
  const second = await cache.page('/news', 'g1', news.render);

  expect(news.calls.count).toBe(1);
  expect(textOf(second)).toBe('<h1>News</h1>');
  expect(second).toBe(first);
  expect(cache.statistics()).toEqual({ rendered: 1, reused: 1, cached: 1 });
});

test('a new generation renders again and drops every page cached for the old one', async () => {
  const cache = createPageCache();
  await cache.page('/news', 'g1', renderer('old news').render);
  await cache.page('/events', 'g1', renderer('old events').render);

  const fresh = await cache.page('/news', 'g2', renderer('new news').render);

  expect(textOf(fresh)).toBe('new news');
  expect(cache.statistics().cached).toBe(1);
});

test('requests arriving while an address renders share that one rendering', async () => {
  const cache = createPageCache();
  const news = renderer('<h1>News</h1>');

  const responses = await Promise.all([1, 2, 3].map(() => cache.page('/news', 'g1', news.render)));

  expect(news.calls.count).toBe(1);
  expect(responses.map(textOf)).toEqual(['<h1>News</h1>', '<h1>News</h1>', '<h1>News</h1>']);
});

test('a not-found page is sent but never cached, so unknown addresses cannot fill the memory', async () => {
  const cache = createPageCache();
  const missing = renderer('Page not found', 404);

  const response = await cache.page('/no/such/page', 'g1', missing.render);
  await cache.page('/no/such/page', 'g1', missing.render);

  expect(response).toMatchObject({ cached: false, status: 404 });
  expect(missing.calls.count).toBe(2);
  expect(cache.statistics().cached).toBe(0);
});

test('a failed rendering is not cached: the next request renders again', async () => {
  const cache = createPageCache();
  const calls = { count: 0 };
  const failOnce = async (): Promise<RenderedPage> => {
    calls.count += 1;
    if (calls.count === 1) throw new Error('renderer fault');
    return { status: 200, html: 'recovered', cacheable: true };
  };

  await expect(cache.page('/news', 'g1', failOnce)).rejects.toThrow('renderer fault');
  const response = await cache.page('/news', 'g1', failOnce);

  expect(textOf(response)).toBe('recovered');
});

test('past its bound the least recently used page goes', async () => {
  const cache = createPageCache({ maxPages: 2 });
  const first = renderer('first');
  const second = renderer('second');
  await cache.page('/article/1', 'g1', first.render);
  await cache.page('/article/2', 'g1', second.render);
  await cache.page('/article/1', 'g1', first.render);

  await cache.page('/article/3', 'g1', renderer('third').render);
  await cache.page('/article/1', 'g1', first.render);
  await cache.page('/article/2', 'g1', second.render);

  expect(cache.statistics().cached).toBe(2);
  // /article/1 had just been used when /article/3 came, so /article/2 went instead.
  expect(first.calls.count).toBe(1);
  expect(second.calls.count).toBe(2);
});

test('past its bytes the least recently used pages go, however few they are', async () => {
  const cache = createPageCache({ maxBytes: 2_500 });
  const long = renderer('x'.repeat(1_000));
  await cache.page('/article/1', 'g1', long.render);
  await cache.page('/article/2', 'g1', renderer('y'.repeat(1_000)).render);
  await cache.page('/article/3', 'g1', renderer('z'.repeat(1_000)).render);

  await cache.page('/article/1', 'g1', long.render);

  expect(cache.statistics().cached).toBe(2);
  expect(long.calls.count).toBe(2);
});

test("a cached page's compressed forms read back as the page, each compressed once", async () => {
  const cache = createPageCache();
  const html = `<main>${'Retired nurses '.repeat(200)}</main>`;
  const response = await cache.page('/about', 'g1', renderer(html).render);
  if (!response.cached) throw new Error('The page was not cached.');

  const brotli = await response.compressed('br');
  const gzip = await response.compressed('gzip');

  expect(brotliDecompressSync(brotli).toString('utf8')).toBe(html);
  expect(gunzipSync(gzip).toString('utf8')).toBe(html);
  expect(brotli.byteLength).toBeLessThan(response.body.byteLength);
  expect(await response.compressed('br')).toBe(brotli);
});
