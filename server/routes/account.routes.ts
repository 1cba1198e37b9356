import type { FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../../contract/api-messages';
import {
  API_PATHS,
  accountSessionParamsSchema,
  accountSessionsSchema,
  endedSessionsSchema,
  passwordChangeSchema,
  trustedBrowsersSchema,
} from '../../contract/wire';
import { validatePassword } from '../../src-core/domain/validation';
import { isoAt } from '../clock';
import { browserName } from '../auth/browser-name';
import { checkCurrentPassword } from '../auth/current-password';
import { trustedBrowserCookie } from '../auth/trusted-browser';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError } from '../http/api-error';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireArea } from '../plugins/auth.plugin';

/** The signed-in account's e-mail and session token; requireArea has run. */
export function signedIn(request: FastifyRequest): { email: string; token: string } {
  if (request.user === null || request.sessionToken === null) throw apiError(401, 'not-authorised', API_MESSAGES.signInRequired);
  return { email: request.user.email, token: request.sessionToken };
}

/** An administrator's own devices and password (docs/operations.md#sessions-and-passwords). */
export async function accountRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireArea('own-account'));

  app.put(
    API_PATHS.password,
    { schema: { body: passwordChangeSchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const { email, token } = signedIn(request);
      const problem = validatePassword(request.body.newPassword);
      if (problem !== null) throw apiError(400, 'invalid-input', problem, { fieldErrors: { newPassword: problem } });
      await checkCurrentPassword(app, request, email, request.body.currentPassword);
      const hash = await app.hasher.hash(request.body.newPassword);
      await retryWhenBusy(() => app.accounts.save(email, hash, isoAt(app.clock())));
      // Whoever knew the old password may be signed in elsewhere: only this device stays, and no
      // browser stays trusted to skip the second step.
      const ended = await retryWhenBusy(() => app.sessions.removeOthers(email, token));
      await retryWhenBusy(() => app.trustedBrowsers.revokeAll(email));
      request.log.info({ event: 'password-changed', email, ended }, 'Password changed');
      await app.audit.record(request, 'password-changed', ended === 0 ? '' : `${ended} other ${ended === 1 ? 'device' : 'devices'} signed out`);
      return reply.code(204).send(undefined);
    },
  );

  app.get(API_PATHS.accountSessions, { schema: { response: { 200: accountSessionsSchema, ...errorResponses } } }, async (request, reply) => {
    const { email, token } = signedIn(request);
    const current = app.sessions.find(token)?.id;
    void reply.header('cache-control', 'no-store');
    return {
      sessions: app.sessions.listForEmail(email).map((session) => ({
        id: session.id,
        browser: browserName(session.userAgent),
        address: session.address,
        signedInAt: isoAt(session.createdAt),
        lastUsedAt: isoAt(session.lastSeenAt),
        current: session.id === current,
      })),
    };
  });

  app.delete(
    API_PATHS.accountSession,
    { schema: { params: accountSessionParamsSchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const { email } = signedIn(request);
      const ending = app.sessions.listForEmail(email).find((session) => session.id === request.params.id);
      if (ending === undefined || !(await retryWhenBusy(() => app.sessions.removeById(email, request.params.id)))) {
        throw apiError(404, 'not-found', API_MESSAGES.sessionNotFound);
      }
      await app.audit.record(request, 'session-ended', `${browserName(ending.userAgent)}, ${ending.address}`);
      return reply.code(204).send(undefined);
    },
  );

  app.get(API_PATHS.trustedBrowsers, { schema: { response: { 200: trustedBrowsersSchema, ...errorResponses } } }, async (request, reply) => {
    const { email } = signedIn(request);
    const now = app.clock();
    const here = trustedBrowserCookie(request, reply, app.config.publicOrigin, app.trustedBrowsers).find(email, now)?.id;
    void reply.header('cache-control', 'no-store');
    return {
      browsers: app.trustedBrowsers.listForEmail(email, now).map((browser) => ({
        id: browser.id,
        browser: browserName(browser.userAgent),
        address: browser.address,
        trustedAt: isoAt(browser.createdAt),
        expiresAt: isoAt(browser.expiresAt),
        current: browser.id === here,
      })),
    };
  });

  app.delete(
    API_PATHS.trustedBrowser,
    { schema: { params: accountSessionParamsSchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const { email } = signedIn(request);
      const ending = app.trustedBrowsers.listForEmail(email, app.clock()).find((browser) => browser.id === request.params.id);
      if (ending === undefined || !(await retryWhenBusy(() => app.trustedBrowsers.revoke(email, request.params.id)))) {
        throw apiError(404, 'not-found', API_MESSAGES.sessionNotFound);
      }
      await app.audit.record(request, 'browser-trust-ended', `${browserName(ending.userAgent)}, ${ending.address}`);
      return reply.code(204).send(undefined);
    },
  );

  app.delete(API_PATHS.accountSessions, { schema: { response: { 200: endedSessionsSchema, ...errorResponses } } }, async (request) => {
    const { email, token } = signedIn(request);
    const ended = await retryWhenBusy(() => app.sessions.removeOthers(email, token));
    await app.audit.record(request, 'other-sessions-ended', ended === 1 ? '1 device' : `${ended} devices`);
    return { ended };
  });
}
