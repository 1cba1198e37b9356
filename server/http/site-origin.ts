import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The address visitors use: PUBLIC_URL when set, else what this request came to. */
export function siteOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicOrigin ?? `${request.protocol}://${request.host}`;
}
