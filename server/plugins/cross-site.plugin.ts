import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_MESSAGES } from '../../contract/api-messages';
import { CoreError } from '../../src-core/domain/core-error';

function isStateChanging(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

function originOf(address: string): string | undefined {
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a browser says the request was sent by another site's page: its Origin when it names
 * one, otherwise Fetch Metadata, otherwise the Referer (older browsers and some privacy
 * settings send only that). A Referer that cannot be read counts as another site's. A request
 * that says none of these (a command-line client) is not a browser being misused, so it passes.
 */
function sentByAnotherSite(request: FastifyRequest, ownOrigin: string): boolean {
  const { origin, referer } = request.headers;
  const fetchSite = request.headers['sec-fetch-site'];
  if (origin !== undefined) return origin !== ownOrigin;
  if (fetchSite !== undefined) return fetchSite === 'cross-site' || fetchSite === 'same-site';
  if (referer !== undefined && referer !== '') return originOf(referer) !== ownOrigin;
  return false;
}

/**
 * The one guard for every request that changes something, whatever its address: another site's
 * page may not sign in, upload, edit or send a message here. It runs once the body is parsed, so
 * a route that responds with a page (the contact form without script) can still show what was
 * typed beside the refusal, through its own error handler.
 */
export const crossSitePlugin = fp(
  async (app) => {
    const ownOrigin = (request: FastifyRequest) => app.config.publicOrigin ?? `${request.protocol}://${request.host}`;
    // A callback hook: it runs on every request, and a GET passes at once.
    app.addHook('preValidation', (request, _reply, done) => {
      done(isStateChanging(request.method) && sentByAnotherSite(request, ownOrigin(request)) ? new CoreError('not-authorised', API_MESSAGES.crossOrigin) : undefined);
    });
  },
  { name: 'cross-site', dependencies: ['data'] },
);
