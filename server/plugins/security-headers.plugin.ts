import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { APP_LOADER_CSP_SOURCE } from '../render/app-loader';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Headers on every answer: a content security policy that allows no inline script but the pages' loader, no
 * framing, no MIME sniffing, and no referrer sent to other sites. HSTS only over HTTPS,
 * because on plain HTTP (a LAN address, a first test) it would lock visitors out.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The rendered pages' one inline script, by its hash (server/render/app-loader.ts).
          scriptSrc: ["'self'", APP_LOADER_CSP_SOURCE],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') {
        void reply.header('strict-transport-security', `max-age=${YEAR_SECONDS}; includeSubDomains`);
      }
    });
  },
  { name: 'security-headers' },
);
