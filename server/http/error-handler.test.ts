import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { apiError } from './api-error';
import { CACHE_CONTROL } from './cache-control';
import { handleError } from './error-handler';

test('an error response is cached by no cache, even from a route that had said its response could be', async () => {
  const app = Fastify();
  app.setErrorHandler(handleError);
  app.get('/list', async (_request, reply) => {
    void reply.header('cache-control', CACHE_CONTROL.revalidate);
    throw apiError(404, 'not-found', 'Gone.');
  });
  app.get('/crash', async (_request, reply) => {
    void reply.header('cache-control', CACHE_CONTROL.immutable);
    throw new Error('the disk is on fire');
  });

  const missing = await app.inject('/list');
  const failed = await app.inject('/crash');

  expect(missing.statusCode).toBe(404);
  expect(missing.headers['cache-control']).toBe('no-store');
  expect(failed.statusCode).toBe(500);
  expect(failed.headers['cache-control']).toBe('no-store');
});
