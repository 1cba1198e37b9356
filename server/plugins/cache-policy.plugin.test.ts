import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { CACHE_CONTROL } from '../http/cache-control';
import { cachePolicyPlugin } from './cache-policy.plugin';

async function appWithRoutes() {
  const app = Fastify();
  await app.register(cookie);
  await app.register(cachePolicyPlugin);
  app.get('/public', async (_request, reply) => reply.header('cache-control', CACHE_CONTROL.revalidate).send('the same for everyone'));
  app.get('/silent', async () => 'a route that said nothing about caching');
  // A public route that also sets a cookie: the cookie must not reach a shared cache.
  app.get('/public-with-cookie', async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL.revalidate).setCookie('session', 'secret-token').send('hello'),
  );
  app.get('/immutable-with-cleared-cookie', async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL.immutable).clearCookie('session').send('bye'),
  );
  return app;
}

test('a route that chose a rule keeps it', async () => {
  const app = await appWithRoutes();

  const response = await app.inject('/public');

  expect(response.headers['cache-control']).toBe('no-cache');
});

test('a response whose route said nothing about caching is stored by no cache', async () => {
  const app = await appWithRoutes();

  const response = await app.inject('/silent');

  expect(response.headers['cache-control']).toBe('no-store');
});

test('a response that sets or clears a cookie is stored by no cache, whatever its route said', async () => {
  const app = await appWithRoutes();

  const setting = await app.inject('/public-with-cookie');
  const clearing = await app.inject('/immutable-with-cleared-cookie');

  expect(setting.headers['set-cookie']).toContain('session=secret-token');
  expect(setting.headers['cache-control']).toBe('no-store');
  expect(clearing.headers['set-cookie']).toContain('session=;');
  expect(clearing.headers['cache-control']).toBe('no-store');
});
