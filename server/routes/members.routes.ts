import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_PATHS,
  MEMBERS_PAGE_SIZE,
  memberDetailSchema,
  memberEditSchema,
  memberListQuerySchema,
  memberListSchema,
  memberSchema,
  numberParamsSchema,
  personDataSchema,
} from '../../contract/membership';
import { memberChangeInWords, memberFiltersInWords } from '../audit/audit-wording';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError } from '../http/api-error';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { erasePersonRows, filtersOf, memberDetail, personData, renewalDueByOf } from '../membership/member-data';
import { checkedEdit } from '../membership/member-fields';
import { memberToWire } from '../membership/membership-wire';
import { requireArea } from '../plugins/auth.plugin';
import type { MemberRow } from '../repositories/members.repository';

/**
 * Members for administrators: the list with its filters and pages, one member with their
 * payments, edits, the welcome letter posted, an access export and erasure. Every look and
 * change is recorded; marking a member deceased stops every mail to them at once.
 */
export async function memberAdminRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireArea('membership'));
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
      const dueBy = renewalDueByOf(app);
      const page = request.query.page ?? 1;
      const { rows, total } = app.members.page(filtersOf(request.query, dueBy), (page - 1) * MEMBERS_PAGE_SIZE, MEMBERS_PAGE_SIZE);
      await app.audit.record(request, 'members-read', `${memberFiltersInWords(request.query)}: ${total} members, page ${page}`);
      return {
        members: rows.map((row) => memberToWire(row, app.branches, dueBy)),
        total,
        page,
        pageSize: MEMBERS_PAGE_SIZE,
        counts: app.members.counts(),
      };
    },
  );

  app.get(MEMBERSHIP_PATHS.member, { schema: { params: numberParamsSchema, response: { 200: memberDetailSchema, ...errorResponses } } }, async (request) => {
    const row = memberOf(request.params.number);
    await app.audit.record(request, 'member-read', `member ${row.number}`);
    return memberDetail(app, row);
  });

  app.patch(
    MEMBERSHIP_PATHS.member,
    { schema: { params: numberParamsSchema, body: memberEditSchema, response: { 200: memberDetailSchema, ...errorResponses } } },
    async (request) => {
      const number = memberOf(request.params.number).number;
      const now = app.clock();
      const outcome = await retryWhenBusy(() =>
        app.members.transaction(() => {
          // Checked against the row as it is inside the write, so two edits never undo each other's fields unseen.
          const current = app.members.getByNumber(number);
          if (current === undefined) throw apiError(404, 'not-found', MEMBERSHIP_MESSAGES.memberNotFound);
          const { changes, fields } = checkedEdit(request.body, current, app.branches);
          const died = changes.status === 'deceased';
          // Nothing more is asked of the family: no welcome letter, no mail waiting, no news.
          const row = app.members.update(number, died ? { ...changes, welcome_letter_to_post: 0 } : changes, now);
          if (row === undefined) throw apiError(404, 'not-found', MEMBERSHIP_MESSAGES.memberNotFound);
          if (died) {
            app.mailQueue.dropWaitingFor(number, row.application_id, row.email_key);
            const subscriber = row.email_key === null ? undefined : app.subscribers.getByEmail(row.email_key);
            if (subscriber !== undefined) app.subscribers.remove(subscriber.id);
          }
          return { row, fields };
        }),
      );
      await app.audit.record(request, 'member-edited', memberChangeInWords(number, outcome.fields));
      return memberDetail(app, outcome.row);
    },
  );

  app.post(
    MEMBERSHIP_PATHS.memberLetterPosted,
    { schema: { params: numberParamsSchema, response: { 200: memberSchema, ...errorResponses } } },
    async (request) => {
      const row = memberOf(request.params.number);
      if (!(await retryWhenBusy(() => app.members.markLetterPosted(row.number, app.clock())))) {
        throw apiError(409, 'conflict', MEMBERSHIP_MESSAGES.letterNotWaiting);
      }
      await app.audit.record(request, 'welcome-letter-posted', `member ${row.number}`);
      return memberToWire(app.members.getByNumber(row.number) ?? row, app.branches, renewalDueByOf(app));
    },
  );

  app.get(
    MEMBERSHIP_PATHS.memberData,
    { schema: { params: numberParamsSchema, response: { 200: personDataSchema, ...errorResponses } } },
    async (request) => {
      const row = memberOf(request.params.number);
      const application = row.application_id === null ? undefined : app.applications.getById(row.application_id);
      await app.audit.record(request, 'member-data-read', `member ${row.number}`);
      return personData(app, application, row);
    },
  );

  app.delete(MEMBERSHIP_PATHS.member, { schema: { params: numberParamsSchema, response: { 204: emptyBody, ...errorResponses } } }, async (request, reply) => {
    const row = memberOf(request.params.number);
    // One step for the whole person.
    await retryWhenBusy(() =>
      app.members.transaction(() => erasePersonRows(app, row.application_id === null ? undefined : app.applications.getById(row.application_id), row)),
    );
    await app.audit.record(request, 'member-erased', `member ${row.number}`);
    return reply.code(204).send(undefined);
  });
}
