import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_MESSAGES } from '../../contract/api-messages';
import type { User } from '../../src-core/domain/user';
import { isAdministrator } from '../../src-core/domain/administrator';
import type { Folder } from '../../src-core/domain/stored-file';
import { branchLimitOf, fileArea, isOneBranchRole, mayUse, type AdminArea, type StaffRole } from '../../src-core/domain/roles';
import { isoAt } from '../clock';
import { ensureFirstAdministrator } from '../auth/first-administrator';
import { startInvitationPurge } from '../auth/invitation-retention';
import { createLimiter } from '../auth/limiter';
import { createPasswordHasher, type PasswordHasher } from '../auth/password-hash';
import { isSecureRequest, sessionCookieName } from '../auth/session-cookie';
import { createSignInThrottle, type SignInThrottle } from '../auth/sign-in-throttle';
import { storageFaultOf } from '../db/storage-fault';
import { apiError } from '../http/api-error';

const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Sign-ins waiting for a hashing slot beyond this many are refused as 'busy' at once. */
const MAX_QUEUED_HASHES = 16;

declare module 'fastify' {
  interface FastifyInstance {
    hasher: PasswordHasher;
    signInThrottle: SignInThrottle;
    /** The user an account signs in as, with its role; null when it is missing or suspended. */
    userFor(email: string): User | null;
    /** The account's role in the admin area: an address in ADMIN_EMAILS is always an administrator. */
    roleFor(email: string): StaffRole | undefined;
  }
  interface FastifyRequest {
    /** The signed-in user of an API request, or null. */
    user: User | null;
    /** The session token from the cookie, when it names a live session. */
    sessionToken: string | null;
  }
}

/**
 * The hook for the routes of one part of the admin area (src-core/domain/roles.ts says which
 * roles may use it): 401 without a session, 403 for a role without it, and 403 for an account
 * that must set up two-step sign-in first (ADMIN_REQUIRE_2FA). Given several parts, a role with
 * any of them is let in, and the route decides on the record (as the files routes do by folder).
 */
export function requireArea(area: AdminArea | readonly AdminArea[]): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    requireAreaWhileSettingUp(area, request);
    if (request.user?.mustSetUpTwoStep === true) throw apiError(403, 'not-authorised', API_MESSAGES.mustSetUpTwoStep);
  };
}

/** A hook that keeps a response out of every cache: what it shows is one person's or changes at once. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

/** The hooks of a plugin whose routes are all one part of the admin area: requireArea(area), and noStore. */
export function adminAreaHooks(app: FastifyInstance, area: AdminArea): void {
  app.addHook('onRequest', requireArea(area));
  app.addHook('onSend', noStore);
}

/**
 * For a route that reads or changes one record of an area: refuses (403) a record outside the
 * signed-in user's branch when the role is limited to one (src-core/domain/roles.ts); `branchId`
 * null is a national record. Runs after requireArea, so the user is there.
 */
export function requireRecordBranch(request: FastifyRequest, area: AdminArea, branchId: string | null): void {
  if (!mayUse(request.user ?? undefined, area, { branchId })) throw apiError(403, 'not-authorised', API_MESSAGES.notYourBranch);
}

/**
 * The branch a new record, or a record moved, is put in. `asked`: the branch chosen (null for
 * national, undefined for none chosen). A role limited to one branch always puts it in its own:
 * none chosen means its own, and any other choice is refused (403).
 */
export function branchForChange(request: FastifyRequest, asked: string | null | undefined): string | null | undefined {
  const user = request.user;
  if (user?.role === undefined || !isOneBranchRole(user.role)) return asked;
  if (user.branchId === undefined) throw apiError(403, 'not-authorised', API_MESSAGES.notYourBranch);
  if (asked !== undefined && asked !== user.branchId) throw apiError(403, 'not-authorised', API_MESSAGES.ownBranchOnly);
  return user.branchId;
}

/**
 * For the files routes, once requireArea(FILE_AREAS) let the user in: refuses (403) a folder
 * outside the role (src-core/domain/roles.ts, fileArea), saying to a branch officer that their
 * events are all they may upload or delete.
 */
export function requireFileArea(request: FastifyRequest, folder: Folder): void {
  if (mayUse(request.user ?? undefined, fileArea(folder))) return;
  const oneBranch = request.user?.role !== undefined && isOneBranchRole(request.user.role);
  throw apiError(403, 'not-authorised', oneBranch ? API_MESSAGES.eventFilesOnly : API_MESSAGES.notYourRole);
}

/** The one branch whose records a list shows the signed-in user; undefined for a role that sees them all. */
export function listedBranch(request: FastifyRequest): string | undefined | null {
  // An officer without a branch (never let in by userFor) would see nothing.
  return branchLimitOf(request.user);
}

/** As requireArea('own-account'), but lets through an account that still has to set up two-step sign-in. */
export async function requireOwnAccountWhileSettingUp(request: FastifyRequest): Promise<void> {
  requireAreaWhileSettingUp('own-account', request);
}

function requireAreaWhileSettingUp(area: AdminArea | readonly AdminArea[], request: FastifyRequest): void {
  const user = request.user;
  if (user === null) throw apiError(401, 'not-authorised', API_MESSAGES.signInRequired);
  if (!user.administrator) throw apiError(403, 'not-authorised', API_MESSAGES.forbidden);
  const areas: readonly AdminArea[] = typeof area === 'string' ? [area] : area;
  if (!areas.some((each) => mayUse(user, each))) throw apiError(403, 'not-authorised', API_MESSAGES.notYourRole);
}

/**
 * Whether a request goes to the API. Decided on the route the router matched, never on the raw
 * address: '/%61pi/posts' reaches the same route as '/api/posts' and must be treated the same.
 */
function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

/**
 * Sessions and the administrator policy for every API request; the
 * password hasher with its concurrency cap; the first administrator on an empty database.
 */
export const authPlugin = fp<{ announce: (text: string) => void }>(
  async (app, { announce }) => {
    const { config } = app;
    const hasher = createPasswordHasher(config.passwordHashCost, createLimiter(config.hashConcurrency, MAX_QUEUED_HASHES));
    app.decorate('hasher', hasher);
    app.decorate('signInThrottle', createSignInThrottle(app.signInFailures, app.clock));
    const roleOfAccount = (email: string, stored: StaffRole | null | undefined): StaffRole | undefined =>
      isAdministrator({ email }, config.adminEmails) ? 'administrator' : (stored ?? undefined);
    const roleFor = (email: string): StaffRole | undefined => roleOfAccount(email, app.accounts.find(email)?.role);
    // Runs on every API request with a session: one look at the account, by its primary key.
    function userFor(email: string): User | null {
      const account = app.accounts.find(email);
      if (account === undefined || account.suspended) return null;
      const role = roleOfAccount(email, account.role);
      // The table's CHECK keeps a branch officer from being without a branch; were one ever
      // found, it would get nothing rather than every branch.
      const oneBranch = role !== undefined && isOneBranchRole(role);
      if (role === undefined || (oneBranch && account.branchId === null)) return { email, administrator: false };
      const mustSetUpTwoStep = config.requireTwoStep && app.twoStep.state(email).secret === undefined;
      return {
        email,
        administrator: true,
        role,
        ...(oneBranch ? { branchId: String(account.branchId) } : {}),
        ...(mustSetUpTwoStep ? { mustSetUpTwoStep } : {}),
      };
    }
    app.decorate('roleFor', roleFor);
    app.decorate('userFor', userFor);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);

    /** The signed-in user of an API request, from its session cookie; nothing for any other request. */
    function identify(request: FastifyRequest): void {
      if (!isApiRoute(request)) return;

      const token = request.cookies[sessionCookieName(isSecureRequest(request, config.publicOrigin))];
      if (token === undefined || token === '') return;
      const session = app.sessions.find(token);
      if (session === undefined) return;
      const now = app.clock();
      if (now - session.lastSeenAt > SESSION_IDLE_MS || now - session.createdAt > SESSION_ABSOLUTE_MS) {
        try {
          app.sessions.remove(token);
        } catch (error) {
          // An expired session counts for nothing either way; the start-up sweep removes it later.
          if (storageFaultOf(error) === undefined) throw error;
        }
        return;
      }
      try {
        app.sessions.touch(token, now, request.ip);
      } catch (error) {
        // Only the idle timer is behind by one request; failing here would stop an administrator
        // from reading or deleting anything while the disk is full or the database is held.
        if (storageFaultOf(error) === undefined) throw error;
        request.log.warn({ err: error, event: 'session-touch-failed' }, 'Could not record session activity; went on without it');
      }
      // A suspended account's sessions were ended when it was suspended; this is a second lock.
      const user = userFor(session.email);
      if (user === null) return;
      request.sessionToken = token;
      request.user = user;
    }
    // A callback hook, not an async one: it runs on every request, and mostly returns at once.
    app.addHook('onRequest', (request, _reply, done) => {
      let failure: Error | undefined;
      try {
        identify(request);
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
      }
      done(failure);
    });

    const created = await ensureFirstAdministrator({
      accounts: app.accounts,
      hasher,
      adminEmails: config.adminEmails,
      at: isoAt(app.clock()),
      announce,
    });
    if (created !== undefined) app.log.info({ email: created }, 'Created the first administrator account');

    const now = app.clock();
    app.sessions.removeExpired(now - SESSION_IDLE_MS, now - SESSION_ABSOLUTE_MS);
    const invitationPurge = startInvitationPurge({ invitations: app.invitations, clock: app.clock, log: app.log });
    app.addHook('onClose', async () => invitationPurge.stop());
  },
  { name: 'auth', dependencies: ['data'] },
);
