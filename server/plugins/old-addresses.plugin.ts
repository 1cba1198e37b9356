import fp from 'fastify-plugin';
import { CACHE_CONTROL } from '../http/cache-control';
import { createImportsRepository, oldAddressKey } from '../repositories/imports.repository';

/**
 * Answers the addresses of the site the content was imported from (`npm run import`, see
 * server/import/) with a permanent redirect to where that content is now, so old links, search
 * results and bookmarks keep working. The import runs only while the server is stopped, so the
 * addresses are read once, at start-up, and a request that is not one of them costs a lookup in
 * memory.
 */
export const oldAddressesPlugin = fp(
  async (app) => {
    const addresses = createImportsRepository(app.db).oldAddresses();
    if (addresses.size === 0) return;
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const key = oldAddressKey(request.url);
      const target = key === undefined ? undefined : addresses.get(key);
      if (target === undefined) return;
      await reply.code(301).header('location', target).header('cache-control', CACHE_CONTROL.revalidate).send();
    });
  },
  { name: 'old-addresses', dependencies: ['data'] },
);
