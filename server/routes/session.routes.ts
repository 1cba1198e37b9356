import type { FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../../contract/api-messages';
import {
  API_PATHS,
  credentialsSchema,
  secondStepChallengeSchema,
  secondStepCodeSchema,
  sessionSchema,
  userSchema,
} from '../../contract/wire';
import { normaliseEmail } from '../../src-core/domain/administrator';
import type { User } from '../../src-core/domain/user';
import { hasErrors, validateLogin, validatePassword } from '../../src-core/domain/validation';
import { ROLE_NAMES } from '../../src-core/domain/roles';
import { TEAM_PATHS, acceptInvitationSchema, invitationQuerySchema, invitationSchema } from '../../contract/team';
import { isoAt } from '../clock';
import { BusyError } from '../auth/limiter';
import { checkSecondStep } from '../auth/second-step';
import { browserName } from '../auth/browser-name';
import { trustedBrowserCookie } from '../auth/trusted-browser';
import { PENDING_SIGN_IN_MS, signInCookies, type SignInCookies } from '../auth/sign-in-cookies';
import type { SignInAttempt } from '../auth/sign-in-throttle';
import { knownBrowserKey } from '../repositories/known-browsers.repository';
import { retryWhenBusy } from '../db/retry-when-busy';
import { storageFaultOf } from '../db/storage-fault';
import { apiError, invalidInput } from '../http/api-error';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { SESSION_ABSOLUTE_MS } from '../plugins/auth.plugin';

const BUSY_RETRY_SECONDS = 5;

/** 'Firefox on Windows, 192.0.2.10': a browser as the Account page lists it. */
function browserInWords(request: FastifyRequest): string {
  return `${browserName(request.headers['user-agent'] ?? '')}, ${request.ip}`;
}

export async function sessionRoutes(app: ApiInstance): Promise<void> {
  /** Storage faults in the bookkeeping around a sign-in must not keep an administrator out. */
  function bestEffort(request: FastifyRequest, what: string, write: () => void): void {
    try {
      write();
    } catch (error) {
      if (storageFaultOf(error) === undefined) throw error;
      request.log.error({ err: error, event: 'sign-in-bookkeeping-failed' }, `Could not ${what}; went on without it`);
    }
  }

  function attemptOf(request: FastifyRequest, email: string, cookies: SignInCookies): SignInAttempt {
    const token = cookies.browserToken;
    const known = token !== undefined && app.knownBrowsers.isKnown(token, email);
    return { email, address: request.ip, ...(known ? { knownBrowser: knownBrowserKey(token, email) } : {}) };
  }

  /** The sign-in is complete: a new session (a token planted before never becomes privileged), and the browser is known from now on. */
  async function startSession(request: FastifyRequest, cookies: SignInCookies, email: string): Promise<User> {
    const old = request.sessionToken;
    if (old !== null) bestEffort(request, 'remove the old session', () => app.sessions.remove(old));
    const origin = { userAgent: (request.headers['user-agent'] ?? '').slice(0, 500), address: request.ip };
    const token = await retryWhenBusy(() => app.sessions.create(email, app.clock(), origin));
    cookies.setSession(token, SESSION_ABSOLUTE_MS);
    const browser = cookies.browserTokenOrNew();
    bestEffort(request, 'remember this browser', () => app.knownBrowsers.remember(browser, email, app.clock()));
    request.log.info({ event: 'signed-in', email }, 'Signed in');
    return app.userFor(email) ?? { email, administrator: false };
  }

  app.get(API_PATHS.session, { schema: { response: { 200: sessionSchema, ...errorResponses } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { user: request.user };
  });

  app.post(
    API_PATHS.session,
    { schema: { body: credentialsSchema, response: { 200: userSchema, 202: secondStepChallengeSchema, ...errorResponses } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const errors = validateLogin(request.body);
      if (hasErrors(errors)) throw invalidInput(errors, API_MESSAGES.signInFailed);
      const email = normaliseEmail(request.body.email);
      const cookies = signInCookies(request, reply, app.config.publicOrigin);
      const attempt = attemptOf(request, email, cookies);

      const verdict = app.signInThrottle.check(attempt);
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
        bestEffort(request, 'record a failed sign-in', () => app.signInThrottle.recordFailure(attempt));
        request.log.info({ event: 'sign-in-failed' }, 'A sign-in failed');
        await app.audit.record(request, 'sign-in-failed', email, account === undefined ? null : email);
        throw apiError(401, 'not-authorised', API_MESSAGES.signInFailed);
      }

      bestEffort(request, 'clear earlier failed sign-ins', () => app.signInThrottle.recordSuccess(attempt));
      if (account?.suspended === true) throw apiError(403, 'not-authorised', API_MESSAGES.accountSuspended);
      if (app.twoStep.state(email).secret !== undefined) {
        const now = app.clock();
        // A browser the administrator chose to trust after a two-step sign-in needs only the password.
        if (trustedBrowserCookie(request, reply, app.config.publicOrigin, app.trustedBrowsers).find(email, now) !== undefined) {
          const user = await startSession(request, cookies, email);
          await app.audit.record(request, 'signed-in', 'with password, in a trusted browser', email);
          return user;
        }
        bestEffort(request, 'forget old waiting sign-ins', () => app.pendingSignIns.prune(now - PENDING_SIGN_IN_MS));
        cookies.setPending(await retryWhenBusy(() => app.pendingSignIns.create(email, now)));
        return reply.code(202).send({ secondStep: { methods: ['totp', 'recovery-code'] } });
      }
      const user = await startSession(request, cookies, email);
      await app.audit.record(request, 'signed-in', 'with password', email);
      return user;
    },
  );

  app.post(
    API_PATHS.secondStep,
    { schema: { body: secondStepCodeSchema, response: { 200: userSchema, ...errorResponses } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const cookies = signInCookies(request, reply, app.config.publicOrigin);
      const pending = cookies.pendingToken;
      const now = app.clock();
      const email = pending === undefined ? undefined : app.pendingSignIns.find(pending, now - PENDING_SIGN_IN_MS);
      if (pending === undefined || email === undefined) {
        cookies.clearPending();
        throw apiError(401, 'not-authorised', API_MESSAGES.secondStepExpired);
      }
      const verdict = app.signInThrottle.checkSecondStep(email);
      if (!verdict.allowed) {
        throw apiError(429, 'too-many-requests', API_MESSAGES.tooManyCodes, { retryAfterSeconds: verdict.retryAfterSeconds });
      }
      const result = await retryWhenBusy(() => checkSecondStep(app.twoStep, email, request.body.code, now));
      if (result === 'wrong') {
        bestEffort(request, 'record a wrong code', () => app.signInThrottle.recordSecondStepFailure(email));
        await app.audit.record(request, 'second-step-failed', '', email);
        throw apiError(401, 'not-authorised', API_MESSAGES.wrongCode);
      }
      bestEffort(request, 'clear earlier wrong codes', () => app.signInThrottle.recordSecondStepSuccess(email));
      bestEffort(request, 'end the waiting sign-in', () => app.pendingSignIns.remove(pending));
      cookies.clearPending();
      const user = await startSession(request, cookies, email);
      if (request.body.trustBrowser === true) {
        await retryWhenBusy(() => trustedBrowserCookie(request, reply, app.config.publicOrigin, app.trustedBrowsers).trust(email, now));
        await app.audit.record(request, 'browser-trusted', browserInWords(request), email);
      }
      if (result === 'recovery-code') await app.audit.record(request, 'recovery-code-used', '', email);
      await app.audit.record(request, 'signed-in', result === 'totp' ? 'with password and app code' : 'with password and recovery code', email);
      return user;
    },
  );

  /** The invitation a link's token names, while it still works; the same refusal for used, expired or unknown. */
  function workingInvitation(token: string) {
    const invitation = app.invitations.findByToken(token);
    if (invitation?.expiresAt === undefined || invitation.expiresAt <= app.clock() || app.accounts.find(invitation.email) !== undefined) {
      throw apiError(404, 'not-found', API_MESSAGES.invitationGone);
    }
    return invitation;
  }

  app.get(
    TEAM_PATHS.invitation,
    { schema: { querystring: invitationQuerySchema, response: { 200: invitationSchema, ...errorResponses } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { email, role, branchId } = workingInvitation(request.query.token);
      const branchName = branchId === null ? undefined : app.branches.get(String(branchId))?.name;
      return { email, role, ...(branchName === undefined ? {} : { branchName }) };
    },
  );

  /** Accepting an invitation: the account is made with the password chosen, and signed in; the link never works again. */
  app.post(
    TEAM_PATHS.invitation,
    { schema: { body: acceptInvitationSchema, response: { 200: userSchema, ...errorResponses } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const invitation = workingInvitation(request.body.token);
      const problem = validatePassword(request.body.password);
      if (problem !== null) throw invalidInput({ password: problem }, problem);
      let hash: string;
      try {
        hash = await app.hasher.hash(request.body.password);
      } catch (error) {
        if (error instanceof BusyError) throw apiError(503, 'unavailable', API_MESSAGES.busy, { retryAfterSeconds: BUSY_RETRY_SECONDS });
        throw error;
      }
      const at = isoAt(app.clock());
      // Checked again inside the transaction: two clicks on the button make one account.
      const accepted = await retryWhenBusy(() =>
        app.db.transaction(() => app.invitations.remove(invitation.id) && app.accounts.save(invitation.email, hash, at, invitation.role, invitation.branchId))(),
      );
      if (!accepted) throw apiError(404, 'not-found', API_MESSAGES.invitationGone);
      const branchName = invitation.branchId === null ? undefined : app.branches.get(String(invitation.branchId))?.name;
      await app.audit.record(request, 'invitation-accepted', `${ROLE_NAMES[invitation.role]}${branchName === undefined ? '' : ` of ${branchName}`}`, invitation.email);
      const user = await startSession(request, signInCookies(request, reply, app.config.publicOrigin), invitation.email);
      await app.audit.record(request, 'signed-in', 'with the password just chosen', invitation.email);
      return user;
    },
  );

  app.delete(
    API_PATHS.session,
    { schema: { response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const token = request.sessionToken;
      const cookies = signInCookies(request, reply, app.config.publicOrigin);
      if (token !== null) {
        bestEffort(request, 'remove the session', () => app.sessions.remove(token));
        await app.audit.record(request, 'signed-out');
      }
      cookies.clearSession();
      return reply.code(204).send(undefined);
    },
  );
}
