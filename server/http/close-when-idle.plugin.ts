import fp from 'fastify-plugin';

/**
 * Once the server is stopping, a kept-alive connection is closed as soon as its last response
 * has gone, instead of lingering until the keep-alive timeout (72 s) holds the stop up. Those
 * idle at the signal are closed by Fastify itself (forceCloseConnections: 'idle').
 */
export const closeWhenIdlePlugin = fp(
  async (app) => {
    let stopping = false;
    app.addHook('preClose', async () => {
      stopping = true;
    });
    app.addHook('onResponse', (_request, _reply, done) => {
      // The connection counts as idle only once Node has finished with the response, just after this hook.
      if (stopping) setImmediate(() => app.server.closeIdleConnections());
      done();
    });
  },
  { name: 'close-when-idle' },
);
