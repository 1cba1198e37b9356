import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../../contract/api-messages';
import { API_PATHS, credentialsSchema, sessionSchema, userSchema } from '../../contract/wire';
import { isAdministrator, normaliseEmail } from '../../src-core/domain/administrator';
import { hasErrors, validateLogin } from '../../src-core/domain/validation';
import { BusyError } from '../auth/limiter';
import { retryWhenBusy } from '../db/retry-when-busy';
import { storageFaultOf } from '../db/storage-fault';
import { apiError, invalidInput } from '../http/api-error';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../plugins/auth.plugin';

const BUSY_RETRY_SECONDS = 5;

export async function sessionRoutes(app: ApiInstance): Promise<void> {
  function cookieOptions(request: FastifyRequest) {
    const secure = request.protocol === 'https' || (app.config.publicOrigin?.startsWith('https:') ?? false);
    return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: SESSION_ABSOLUTE_MS / 1000 };
  }

  /** Storage faults in the bookkeeping around a sign-in must not keep an administrator out. */
  function bestEffort(request: FastifyRequest, what: string, write: () => void): void {
    try {
      write();
    } catch (error) {
      if (storageFaultOf(error) === undefined) throw error;
      request.log.error({ err: error, event: 'sign-in-bookkeeping-failed' }, `Could not ${what}; went on without it`);
    }
  }

  function endSession(request: FastifyRequest, reply: FastifyReply): void {
    const token = request.sessionToken;
    if (token !== null) bestEffort(request, 'remove the old session', () => app.sessions.remove(token));
    void reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
  }

  app.get(API_PATHS.session, { schema: { response: { 200: sessionSchema, ...errorResponses } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { user: request.user };
  });

  app.post(
    API_PATHS.session,
    { schema: { body: credentialsSchema, response: { 200: userSchema, ...errorResponses } } },
    async (request, reply) => {
      const errors = validateLogin(request.body);
      if (hasErrors(errors)) throw invalidInput(errors, API_MESSAGES.signInFailed);
      const email = normaliseEmail(request.body.email);

      const verdict = app.signInThrottle.check(email, request.ip);
      if (!verdict.allowed) {
        throw apiError(429, 'too-many-requests', API_MESSAGES.tooManySignIns, { retryAfterSeconds: verdict.retryAfterSeconds });
      }

      const account = app.accounts.find(email);
      let verified = false;
      try {
        if (account === undefined) await app.hasher.verifyNothing(request.body.password);
        else verified = await app.hasher.verify(request.body.password, account.passwordHash);
      } catch (error) {
        if (error instanceof BusyError) {
          throw apiError(503, 'unavailable', API_MESSAGES.busy, { retryAfterSeconds: BUSY_RETRY_SECONDS });
        }
        throw error;
      }
      if (!verified) {
        bestEffort(request, 'record a failed sign-in', () => app.signInThrottle.recordFailure(email, request.ip));
        request.log.info({ event: 'sign-in-failed' }, 'A sign-in failed');
        throw apiError(401, 'not-authorised', API_MESSAGES.signInFailed);
      }

      bestEffort(request, 'clear earlier failed sign-ins', () => app.signInThrottle.recordSuccess(email));
      // A new session on every sign-in: a token planted before sign-in never becomes privileged.
      endSession(request, reply);
      const token = await retryWhenBusy(() => app.sessions.create(email, app.clock()));
      void reply.setCookie(SESSION_COOKIE, token, cookieOptions(request)).header('cache-control', 'no-store');
      request.log.info({ event: 'signed-in', email }, 'Signed in');
      return { email, administrator: isAdministrator({ email }, app.config.adminEmails) };
    },
  );

  app.delete(
    API_PATHS.session,
    { schema: { response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      endSession(request, reply);
      return reply.code(204).send(undefined);
    },
  );
}
