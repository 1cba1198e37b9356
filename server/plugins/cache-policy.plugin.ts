import fp from 'fastify-plugin';
import { CACHE_CONTROL } from '../http/cache-control';

/**
 * The last word on caching, on every response. One that says nothing about it is stored by no
 * cache, so only the routes that chose to be public are cached; and one that sets a cookie is
 * stored by none whatever its route said, since a shared cache would hand that cookie (a session) to the
 * next visitor. Two header lookups per response. Registered after the cookie plugin, whose own
 * onSend writes Set-Cookie, so this one sees it.
 */
export const cachePolicyPlugin = fp(
  (app, _options, done) => {
    app.addHook('onSend', (_request, reply, payload, next) => {
      if (!reply.hasHeader('cache-control') || reply.hasHeader('set-cookie')) void reply.header('cache-control', CACHE_CONTROL.never);
      next(null, payload);
    });
    done();
  },
  { name: 'cache-policy', dependencies: ['@fastify/cookie'] },
);
