import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { compressionPlugin } from './compression.plugin';

const LIST = JSON.stringify({ items: Array.from({ length: 100 }, (_, index) => `Branch meeting number ${index}`) });

async function appWithRoutes() {
  const app = Fastify();
  await app.register(compressionPlugin);
  app.get('/list', (_request, reply) => reply.type('application/json; charset=utf-8').send(LIST));
  app.get('/small', (_request, reply) => reply.type('application/json').send('{"ok":true}'));
  app.get('/pdf', (_request, reply) => reply.type('application/pdf').send(Buffer.from(LIST)));
  app.get('/encoded', (_request, reply) => reply.type('text/html').header('content-encoding', 'br').send(zlib.brotliCompressSync(LIST)));
  app.get('/stream', (_request, reply) => reply.type('text/css').header('vary', 'cookie').send(Readable.from([LIST, LIST])));
  return app;
}

test('a large text response goes out in the encoding the client prefers, and says it varies with what it asked', async () => {
  const app = await appWithRoutes();

  const brotli = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  const gzip = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip' } });
  const plain = await app.inject('/list');

  expect(brotli.headers['content-encoding']).toBe('br');
  expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(LIST);
  expect(brotli.rawPayload.byteLength).toBeLessThan(LIST.length / 4);
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(LIST);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(LIST);
  expect([brotli, gzip, plain].map((response) => response.headers.vary)).toEqual(['accept-encoding', 'accept-encoding', 'accept-encoding']);
});

test('small responses, PDFs and responses already compressed go out as they are', async () => {
  const app = await appWithRoutes();
  const asks = { 'accept-encoding': 'br, gzip' };

  const small = await app.inject({ url: '/small', headers: asks });
  const pdf = await app.inject({ url: '/pdf', headers: asks });
  const encoded = await app.inject({ url: '/encoded', headers: { 'accept-encoding': 'gzip' } });

  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.body).toBe('{"ok":true}');
  expect(pdf.headers['content-encoding']).toBeUndefined();
  expect(pdf.body).toBe(LIST);
  expect(encoded.headers['content-encoding']).toBe('br');
  expect(zlib.brotliDecompressSync(encoded.rawPayload).toString()).toBe(LIST);
});

test('a streamed text file is compressed on the way, keeping what else it varies with', async () => {
  const app = await appWithRoutes();

  const response = await app.inject({ url: '/stream', headers: { 'accept-encoding': 'gzip' } });

  expect(response.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(LIST + LIST);
  expect(response.headers.vary).toBe('cookie, accept-encoding');
});
