import { expect, test } from 'vitest';
import type { Backend } from '../../src-core/ports/backend';
import { CoreError } from '../../src-core/domain/core-error';
import { createRouteDataCache, defineQuery } from './route-data.cache';

// The loaders below never touch the backend, so any object stands in for it.
const backend = {} as Backend;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

test('a load goes from loading to ready and tells subscribers each time', async () => {
  const cache = createRouteDataCache();
  const seen: string[] = [];
  cache.subscribe('posts', () => seen.push(cache.get('posts')?.status ?? 'none'));

  await cache.load(defineQuery('posts', () => Promise.resolve(['a'])), backend);

  expect(seen).toEqual(['loading', 'ready']);
  expect(cache.get('posts')).toMatchObject({ status: 'ready', data: ['a'] });
});

test('a second load of the same key while one runs does not call the loader again', async () => {
  const cache = createRouteDataCache();
  const pending = deferred<string>();
  let calls = 0;
  const query = defineQuery('post:1', () => {
    calls += 1;
    return pending.promise;
  });

  const first = cache.load(query, backend);
  const second = cache.load(query, backend);
  pending.resolve('done');
  await Promise.all([first, second]);

  expect(calls).toBe(1);
});

test('a failure is stored as a CoreError, and anything else thrown counts as unavailable', async () => {
  const cache = createRouteDataCache();

  await cache.load(defineQuery('a', () => Promise.reject(new CoreError('not-found', 'Gone.'))), backend);
  await cache.load(defineQuery('b', () => Promise.reject(new TypeError('fetch failed'))), backend);

  expect(cache.get('a')).toMatchObject({ status: 'error', error: { kind: 'not-found', message: 'Gone.' } });
  expect(cache.get('b')).toMatchObject({ status: 'error', error: { kind: 'unavailable' } });
});

test('a snapshot survives JSON and starts a new cache with the same data and errors', async () => {
  const server = createRouteDataCache();
  await server.load(defineQuery('posts', () => Promise.resolve([{ id: '1' }])), backend);
  await server.load(defineQuery('post:9', () => Promise.reject(new CoreError('not-found', 'No such post.'))), backend);

  const browser = createRouteDataCache({ initial: JSON.parse(JSON.stringify(server.snapshot())) });

  expect(browser.get('posts')).toMatchObject({ status: 'ready', data: [{ id: '1' }] });
  const missing = browser.get('post:9');
  expect(missing?.status === 'error' && missing.error).toBeInstanceOf(CoreError);
  expect(missing).toMatchObject({ error: { kind: 'not-found', message: 'No such post.' } });
});

test('a malformed snapshot entry is ignored rather than trusted', () => {
  const cache = createRouteDataCache({ initial: JSON.parse('{"x": {"error": {"kind": "boom", "message": 1}}, "y": 3}') });

  expect(cache.get('x')).toBeUndefined();
  expect(cache.get('y')).toBeUndefined();
});

test('ensure loads missing data but leaves fresh data alone', async () => {
  const cache = createRouteDataCache({ initial: { posts: { data: ['server'] } } });
  let calls = 0;
  const query = defineQuery('posts', () => {
    calls += 1;
    return Promise.resolve(['browser']);
  });

  cache.ensure(query, backend);
  cache.ensure(defineQuery('files:root', () => Promise.resolve([])), backend);
  await Promise.resolve();

  expect(calls).toBe(0);
  expect(cache.get('posts')).toMatchObject({ data: ['server'] });
  expect(cache.get('files:root')?.status).not.toBeUndefined();
});

test('ensure refreshes stale data in the background, keeping it on screen meanwhile', async () => {
  let time = 0;
  const cache = createRouteDataCache({ initial: { posts: { data: ['old'] } }, maxAgeMs: 1000, now: () => time });
  const pending = deferred<string[]>();
  time = 5000;

  cache.ensure(defineQuery('posts', () => pending.promise), backend);
  expect(cache.get('posts')).toMatchObject({ status: 'ready', data: ['old'] });
  pending.resolve(['new']);
  await pending.promise;
  await Promise.resolve();

  expect(cache.get('posts')).toMatchObject({ status: 'ready', data: ['new'] });
});

test('a query with a max age of 0 loads again on every mount, even in the same millisecond, keeping its data on screen', async () => {
  const cache = createRouteDataCache({ maxAgeMs: 60_000, now: () => 0 });
  let loads = 0;
  const query = defineQuery('admin:space', () => Promise.resolve(++loads), { maxAgeMs: 0 });
  await cache.load(query, backend);

  cache.ensure(query, backend);
  expect(cache.get('admin:space')).toMatchObject({ status: 'ready', data: 1 });
  await cache.refresh(query, backend);

  expect(loads).toBe(2);
  expect(cache.get('admin:space')).toMatchObject({ status: 'ready', data: 2 });
});

test('a failed background refresh keeps the data already shown', async () => {
  let time = 0;
  const cache = createRouteDataCache({ initial: { posts: { data: ['old'] } }, maxAgeMs: 1000, now: () => time });
  time = 5000;

  cache.ensure(defineQuery('posts', () => Promise.reject(new Error('offline'))), backend);
  await new Promise((resolve) => setTimeout(resolve, 0));

  expect(cache.get('posts')).toMatchObject({ status: 'ready', data: ['old'] });
});

test('invalidate forgets every entry under a prefix and nothing else', () => {
  const cache = createRouteDataCache({
    initial: { 'files:events': { data: [] }, 'files:root': { data: [] }, posts: { data: [] } },
  });

  cache.invalidate('files:');

  expect(cache.get('files:events')).toBeUndefined();
  expect(cache.get('files:root')).toBeUndefined();
  expect(cache.get('posts')).toBeDefined();
});
