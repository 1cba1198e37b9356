import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request, once its response is sent: its method, address, the visitor's network address
 * (as the trusted proxies give it), status and time. Fastify's own writes two (one when the
 * request arrives, one when it is done), which at the default level cost a good part of what
 * the server could serve; its other lines (errors, not-found) are kept as they are. A class, as
 * Fastify's logController asks for one.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Written with the outcome instead.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
