import type { FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../../contract/api-messages';
import { TEAM_PATHS, inviteSchema, removalSchema, roleChangeSchema, suspensionSchema, teamSchema } from '../../contract/team';
import { isAdministrator, normaliseEmail } from '../../src-core/domain/administrator';
import { ROLE_NAMES, isOneBranchRole, type StaffRole } from '../../src-core/domain/roles';
import { validateInvitationEmail } from '../../src-core/domain/validation';
import { isoAt } from '../clock';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError, invalidInput } from '../http/api-error';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireArea } from '../plugins/auth.plugin';

/**
 * The 'Team' page for administrators: everyone with an account and everyone invited, with
 * their role; inviting by e-mail, changing a role, suspending and removing. The last active
 * administrator always stays one, so the website never has nobody to run it.
 */
export async function teamRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireArea('site'));
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  const isFixed = (email: string) => isAdministrator({ email }, app.config.adminEmails);

  /** A branch as the list names it; absent for no branch. */
  function branchOf(branchId: number | null) {
    if (branchId === null) return {};
    const branch = app.branches.get(String(branchId));
    return { branch: { id: String(branchId), name: branch?.name ?? '' } };
  }

  function team(request: FastifyRequest) {
    const now = app.clock();
    const accounts = app.accounts.summaries().map((account) => ({
      email: account.email,
      role: app.roleFor(account.email) ?? null,
      ...(isFixed(account.email) ? {} : branchOf(account.branchId)),
      status: account.suspended ? ('suspended' as const) : ('active' as const),
      fixed: isFixed(account.email),
      you: account.email === request.user?.email,
    }));
    const invited = app.invitations
      .list()
      .filter((invitation) => !accounts.some((account) => account.email === invitation.email))
      .map((invitation) => ({
        email: invitation.email,
        role: invitation.role,
        ...branchOf(invitation.branchId),
        status: invitation.expiresAt !== undefined && invitation.expiresAt <= now ? ('invitation-expired' as const) : ('invited' as const),
        fixed: false,
        you: false,
      }));
    return { members: [...accounts, ...invited].sort((a, b) => a.email.localeCompare(b.email)) };
  }

  /** Active administrators other than `email`: one must remain for any change that takes `email` away from them. */
  function otherActiveAdministrators(email: string): number {
    return app.accounts.summaries().filter((account) => account.email !== email && !account.suspended && app.roleFor(account.email) === 'administrator').length;
  }

  /** The account a change is about, refused when it is named in ADMIN_EMAILS or is the last active administrator. */
  function changeable(email: string, takesAwayAdministrator: boolean) {
    const account = app.accounts.find(email);
    if (account === undefined) throw apiError(404, 'not-found', API_MESSAGES.accountNotFound);
    if (isFixed(email)) throw apiError(409, 'conflict', API_MESSAGES.fixedAdministrator);
    const isActiveAdministrator = !account.suspended && app.roleFor(email) === 'administrator';
    if (takesAwayAdministrator && isActiveAdministrator && otherActiveAdministrators(email) === 0) {
      throw apiError(409, 'conflict', API_MESSAGES.lastAdministrator);
    }
    return account;
  }

  /** 'editor', 'branch officer of Sample Branch North': the role as the audit trail says it. */
  function roleWords(role: StaffRole, branchId: number | null = null): string {
    const name = ROLE_NAMES[role].toLowerCase();
    return branchId === null ? name : `${name} of ${app.branches.get(String(branchId))?.name ?? `branch ${branchId}`}`;
  }

  /** The branch a role needs: an existing branch for a role limited to one, none for any other. */
  function branchFor(role: StaffRole, branchId: string | undefined): number | null {
    if (!isOneBranchRole(role)) return null;
    const branch = branchId === undefined ? undefined : app.branches.get(branchId);
    if (branch === undefined) throw invalidInput({ branchId: API_MESSAGES.branchNeeded }, API_MESSAGES.branchNeeded);
    return Number(branch.id);
  }

  app.get(TEAM_PATHS.team, { schema: { response: { 200: teamSchema, ...errorResponses } } }, async (request) => team(request));

  app.post(TEAM_PATHS.invitations, { schema: { body: inviteSchema, response: { 201: teamSchema, ...errorResponses } } }, async (request, reply) => {
    const problem = validateInvitationEmail(request.body.email);
    if (problem !== null) throw invalidInput({ email: problem }, problem);
    const email = normaliseEmail(request.body.email);
    if (app.accounts.find(email) !== undefined) throw invalidInput({ email: API_MESSAGES.alreadyInTeam }, API_MESSAGES.alreadyInTeam);
    if (app.memberMailSender === undefined) throw apiError(409, 'conflict', API_MESSAGES.invitationsNeedEmail);
    const { role } = request.body;
    const branchId = branchFor(role, request.body.branchId);
    const actor = request.user?.email ?? '';
    const now = app.clock();
    await retryWhenBusy(() =>
      app.db.transaction(() => {
        const id = app.invitations.create(email, role, branchId, actor, now);
        app.mailQueue.enqueue({ kind: 'invitation', address: email, addressKey: email, payload: String(id) }, now);
      })(),
    );
    app.memberMailSender.kick();
    await app.audit.record(request, 'team-member-invited', `${email} as ${roleWords(role, branchId)}`);
    return reply.code(201).send(team(request));
  });

  app.post(TEAM_PATHS.role, { schema: { body: roleChangeSchema, response: { 200: teamSchema, ...errorResponses } } }, async (request) => {
    const email = normaliseEmail(request.body.email);
    const { role } = request.body;
    const account = changeable(email, role !== 'administrator');
    const branchId = branchFor(role, request.body.branchId);
    if (account.role !== role || account.branchId !== branchId) {
      await retryWhenBusy(() => app.accounts.setRole(email, role, branchId, isoAt(app.clock())));
      const before = account.role === null ? 'no role' : roleWords(account.role, account.branchId);
      await app.audit.record(request, 'role-changed', `${email}: ${before} to ${roleWords(role, branchId)}`);
    }
    return team(request);
  });

  app.post(TEAM_PATHS.suspension, { schema: { body: suspensionSchema, response: { 200: teamSchema, ...errorResponses } } }, async (request) => {
    const email = normaliseEmail(request.body.email);
    const { suspended } = request.body;
    const account = changeable(email, suspended);
    if (suspended && email === request.user?.email) throw apiError(409, 'conflict', API_MESSAGES.notYourself);
    if (account.suspended !== suspended) {
      const now = app.clock();
      await retryWhenBusy(() =>
        app.db.transaction(() => {
          app.accounts.setSuspended(email, suspended ? now : null, isoAt(now));
          // A suspension takes effect at once: every session of the account ends with it.
          if (suspended) app.sessions.removeForEmail(email);
        })(),
      );
      await app.audit.record(request, suspended ? 'account-suspended' : 'account-restored', email);
    }
    return team(request);
  });

  app.post(TEAM_PATHS.removal, { schema: { body: removalSchema, response: { 200: teamSchema, ...errorResponses } } }, async (request) => {
    const email = normaliseEmail(request.body.email);
    if (app.accounts.find(email) === undefined) {
      if (!(await retryWhenBusy(() => app.invitations.removeForEmail(email)))) throw apiError(404, 'not-found', API_MESSAGES.accountNotFound);
      await app.audit.record(request, 'invitation-withdrawn', email);
      return team(request);
    }
    changeable(email, true);
    if (email === request.user?.email) throw apiError(409, 'conflict', API_MESSAGES.notYourself);
    await retryWhenBusy(() =>
      app.db.transaction(() => {
        app.invitations.removeForEmail(email);
        // Its sessions, devices and two-step sign-in go with it (ON DELETE CASCADE).
        app.accounts.remove(email);
      })(),
    );
    await app.audit.record(request, 'account-removed', email);
    return team(request);
  });
}
