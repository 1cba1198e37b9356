import zlib from 'node:zlib';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { createContentVersion } from '../content/content-version';
import { createResponseCache } from './response-cache';

const listSchema = z.object({ items: z.array(z.string()) });

function appWith(items: () => string[], { now = () => 0, expiresAt }: { now?: () => number; expiresAt?: () => number | null } = {}) {
  const version = createContentVersion();
  const cache = createResponseCache(version, now);
  let made = 0;
  const app = Fastify();
  app.get('/list/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    return cache.sendJson(
      request,
      reply,
      key,
      listSchema,
      () => {
        made += 1;
        return { items: items() };
      },
      expiresAt,
    );
  });
  return { app, version, made: () => made };
}

test('a response is cached once and sent again until the content changes', async () => {
  let items = ['first'];
  const { app, version, made } = appWith(() => items);
  const first = await app.inject('/list/a');
  const second = await app.inject('/list/a');
  expect(first.json()).toEqual({ items: ['first'] });
  expect(second.body).toBe(first.body);
  expect(second.headers.etag).toBe(first.headers.etag);
  expect(made()).toBe(1);

  items = ['second'];
  version.changed();
  const after = await app.inject('/list/a');
  expect(after.json()).toEqual({ items: ['second'] });
  expect(after.headers.etag).not.toBe(first.headers.etag);
  expect(made()).toBe(2);
});

test('a large response goes out compressed for a client that asks, and as it is for one that does not', async () => {
  const items = Array.from({ length: 200 }, (_, index) => `News item number ${index}`);
  const { app } = appWith(() => items);
  const compressed = await app.inject({ url: '/list/big', headers: { 'accept-encoding': 'br, gzip' } });
  expect(compressed.headers['content-encoding']).toBe('br');
  expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual({ items });
  const plain = await app.inject('/list/big');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.json()).toEqual({ items });
  expect(plain.headers['cache-control']).toBe('no-cache');
});

test('what the response is made of is checked against its schema', async () => {
  const { app } = appWith(() => [42 as unknown as string]);
  const response = await app.inject('/list/wrong');
  expect(response.statusCode).toBe(500);
});

test('caches a bounded number of responses: the least used goes first', async () => {
  const { app, made } = appWith(() => ['x']);
  await app.inject('/list/0');
  for (let index = 1; index <= 300; index += 1) await app.inject(`/list/${index}`);
  expect(made()).toBe(301);
  await app.inject('/list/300');
  expect(made()).toBe(301);
  await app.inject('/list/0');
  expect(made()).toBe(302);
});

test('a response that stops being true at a moment is invalidated at that moment, and not before', async () => {
  let now = 1_000;
  let items = ['upcoming'];
  const { app, made } = appWith(() => items, { now: () => now, expiresAt: () => 2_000 });
  await app.inject('/list/events');
  now = 1_999;
  items = ['past'];
  const before = await app.inject('/list/events');
  now = 2_000;
  const after = await app.inject('/list/events');

  expect(before.json()).toEqual({ items: ['upcoming'] });
  expect(after.json()).toEqual({ items: ['past'] });
  expect(made()).toBe(2);
});
