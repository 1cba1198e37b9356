import { MEMBERSHIP_MESSAGES, MEMBERSHIP_PATHS, memberListQuerySchema, memberListSchema, memberSchema, numberParamsSchema, personDataSchema } from '../../contract/membership';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError } from '../http/api-error';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { applicationToWire, memberToWire } from '../membership/membership-wire';
import { requireAdministrator } from '../plugins/auth.plugin';
import type { MemberRow } from '../repositories/members.repository';

/**
 * Members for administrators: the list (or only those whose welcome letter is to be posted),
 * one member, an access export and erasure. Every look and change is recorded.
 */
export async function memberAdminRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireAdministrator);
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  function memberOf(number: string): MemberRow {
    const row = app.members.get(number);
    if (row === undefined) throw apiError(404, 'not-found', MEMBERSHIP_MESSAGES.memberNotFound);
    return row;
  }

  app.get(
    MEMBERSHIP_PATHS.members,
    { schema: { querystring: memberListQuerySchema, response: { 200: memberListSchema, ...errorResponses } } },
    async (request) => {
      const letters = request.query.welcomeLetterToPost === 'true';
      const rows = app.members.list(letters);
      await app.audit.record(request, 'members-read', `${rows.length} members${letters ? ' (welcome letters to post)' : ''}`);
      return { members: rows.map((row) => memberToWire(row, app.branches)) };
    },
  );

  app.get(MEMBERSHIP_PATHS.member, { schema: { params: numberParamsSchema, response: { 200: memberSchema, ...errorResponses } } }, async (request) => {
    const row = memberOf(request.params.number);
    await app.audit.record(request, 'member-read', `member ${row.number}`);
    return memberToWire(row, app.branches);
  });

  app.post(
    MEMBERSHIP_PATHS.memberLetterPosted,
    { schema: { params: numberParamsSchema, response: { 200: memberSchema, ...errorResponses } } },
    async (request) => {
      const row = memberOf(request.params.number);
      if (!(await retryWhenBusy(() => app.members.markLetterPosted(row.number)))) throw apiError(409, 'conflict', MEMBERSHIP_MESSAGES.letterNotWaiting);
      await app.audit.record(request, 'welcome-letter-posted', `member ${row.number}`);
      return memberToWire({ ...row, welcome_letter_to_post: 0 }, app.branches);
    },
  );

  app.get(
    MEMBERSHIP_PATHS.memberData,
    { schema: { params: numberParamsSchema, response: { 200: personDataSchema, ...errorResponses } } },
    async (request) => {
      const row = memberOf(request.params.number);
      const application = row.application_id === null ? undefined : app.applications.getById(row.application_id);
      await app.audit.record(request, 'member-data-read', `member ${row.number}`);
      return {
        application: application === undefined ? null : applicationToWire(application, app.branches),
        member: memberToWire(row, app.branches),
        mail: row.application_id === null ? [] : app.mailQueue.forApplication(row.application_id),
      };
    },
  );

  app.delete(MEMBERSHIP_PATHS.member, { schema: { params: numberParamsSchema, response: { 204: emptyBody, ...errorResponses } } }, async (request, reply) => {
    const row = memberOf(request.params.number);
    // One step for the whole person: the application the member came from, and its mail, go too.
    await retryWhenBusy(() =>
      app.applications.transaction(() => {
        app.members.remove(row.number);
        if (row.application_id !== null) app.applications.erase(row.application_id);
      }),
    );
    await app.audit.record(request, 'member-erased', `member ${row.number}`);
    return reply.code(204).send(undefined);
  });
}
