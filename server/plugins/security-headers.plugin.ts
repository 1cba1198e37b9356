import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { FILES_PREFIX } from '../../contract/wire';
import { APP_LOADER_CSP_SOURCE } from '../render/app-loader';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
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
};

/**
 * The headers helmet writes for these options, worked out once: helmet's middleware builds and
 * formats every policy each time it runs, which was a good part of the cost of a small response.
 * It is run here once against a response that only records what it is given.
 */
function securityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
}

/** The same headers without the pages' content security policy. */
function withoutPagePolicy(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.freeze(Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-security-policy')));
}

/**
 * Headers on every response: a content security policy that allows no inline script but the
 * pages' loader, no framing, no MIME sniffing, and no referrer sent to other sites. A route may
 * change one for its own responses (a share picture's resource policy). Downloads get no page
 * policy here: their route gives each kind of file its own (server/routes/downloads.routes.ts),
 * and taking one away per response (a delete) made every download's headers slower to write.
 * HSTS only over HTTPS, because on plain HTTP (a LAN address, a first test) it would lock
 * visitors out.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const overHttp = securityHeaders();
    const overHttps = { ...overHttp, 'strict-transport-security': `max-age=${YEAR_SECONDS}; includeSubDomains` };
    const downloadOverHttp = withoutPagePolicy(overHttp);
    const downloadOverHttps = withoutPagePolicy(overHttps);
    app.addHook('onRequest', (request, reply, done) => {
      const https = request.protocol === 'https';
      if (request.url.startsWith(FILES_PREFIX)) void reply.headers(https ? downloadOverHttps : downloadOverHttp);
      else void reply.headers(https ? overHttps : overHttp);
      done();
    });
  },
  { name: 'security-headers' },
);
