import type { FastifyInstance } from 'fastify';

/**
 * One line per answered request, at info: its method, address, status and time. Fastify's own
 * request logging writes two (one when the request arrives, one when it is answered), which at
 * the default level halved what the server could answer; a reverse proxy in front keeps its
 * own access log too.
 */
export function logEachRequestOnce(app: FastifyInstance): void {
  // Levels at which info is written; at warn and above nothing is built for these lines.
  if (!['trace', 'debug', 'info'].includes(app.log.level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: { method: request.method, url: request.url }, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
