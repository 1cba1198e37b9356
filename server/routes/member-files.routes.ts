import { z } from 'zod';
import {
  MEMBERSHIP_PATHS,
  MEMBERS_PAGE_SIZE,
  memberImportRequestSchema,
  memberImportResultSchema,
  memberListQuerySchema,
  memberListSchema,
} from '../../contract/membership';
import { memberFiltersInWords } from '../audit/audit-wording';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError } from '../http/api-error';
import { handleError } from '../http/error-handler';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';
import { filtersOf, renewalDueByOf, todayOf } from '../membership/member-data';
import { membersCsv } from '../membership/member-csv';
import { planImport } from '../membership/member-import';
import { MEMBER_LIST_MESSAGES } from '../membership/member-messages';
import { memberToWire } from '../membership/membership-wire';
import { adminAreaHooks } from '../plugins/auth.plugin';
import type { MemberFilters } from '../repositories/members.repository';

/** The import's whole request: the file's text as JSON, up to 5 MB. */
const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * The member list as files: the CSV export (same filters as the list, every page), the import of
 * the association's own spreadsheet (a preview, then every row or none), and the members without
 * e-mail whose renewal is due, to post letters to. Each is recorded in the audit trail.
 */
export async function memberFileRoutes(app: ApiInstance): Promise<void> {
  adminAreaHooks(app, 'membership');

  app.get(
    MEMBERSHIP_PATHS.membersExport,
    { schema: { querystring: memberListQuerySchema, response: { 200: z.instanceof(Buffer), ...errorResponses } } },
    async (request, reply) => {
      const today = todayOf(app);
      const dueBy = renewalDueByOf(app);
      const rows = app.members.all(filtersOf(request.query, dueBy));
      await app.audit.record(request, 'members-exported', `${memberFiltersInWords(request.query)}: ${rows.length} members`);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="members-${today}.csv"`)
        .send(Buffer.from(membersCsv(rows, app.branches, dueBy)));
    },
  );

  app.post(
    MEMBERSHIP_PATHS.membersImport,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // A file over the limit is refused with what to do about it, not the general refusal.
      errorHandler: (error, request, reply) =>
        handleError('code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? apiError(413, 'invalid-input', MEMBER_LIST_MESSAGES.importTooLarge) : error, request, reply),
      schema: { body: memberImportRequestSchema, response: { 200: memberImportResultSchema, 422: memberImportResultSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const plan = () =>
        planImport(request.body.csv, {
          branches: app.branches.list(),
          numbersTaken: (numbers) => app.members.numbersTaken(numbers),
          nextNumber: app.members.nextNumber(),
          today: todayOf(app),
        });
      const first = plan();
      if (request.body.dryRun) return first.result;
      if (first.result.problems.length > 0) return reply.code(422).send(first.result);
      const now = app.clock();
      const outcome = await retryWhenBusy(() =>
        app.members.transaction(() => {
          // Planned again inside the write only when a number was given meanwhile (another
          // process, such as a restore, wrote to the database): every row is stored, or none.
          const current = app.members.numbersTaken(first.members.map((member) => member.number)).length === 0 ? first : plan();
          if (current.result.problems.length > 0) return { result: current.result, imported: undefined };
          return { result: current.result, imported: app.members.importAll(current.members, now) };
        }),
      );
      if (outcome.imported === undefined) return reply.code(422).send(outcome.result);
      await app.audit.record(request, 'members-imported', `${outcome.imported} members`);
      return { ...outcome.result, imported: outcome.imported };
    },
  );

  app.get(
    MEMBERSHIP_PATHS.renewalLetters,
    { schema: { querystring: z.object({ format: z.enum(['csv']).optional() }), response: { 200: z.union([memberListSchema, z.instanceof(Buffer)]), ...errorResponses } } },
    async (request, reply) => {
      const today = todayOf(app);
      const dueBy = renewalDueByOf(app);
      const filters: MemberFilters = { status: 'active', hasEmail: 'false', renewalDueBy: dueBy };
      const rows = app.members.all(filters);
      await app.audit.record(request, 'renewal-letters-read', `${rows.length} members${request.query.format === 'csv' ? ', as CSV' : ''}`);
      if (request.query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="renewal-letters-${today}.csv"`)
          .send(Buffer.from(membersCsv(rows, app.branches, dueBy)));
      }
      // The list's own shape, every member on one page, so the admin area reads it as it reads the list.
      return { members: rows.map((row) => memberToWire(row, app.branches, dueBy)), total: rows.length, page: 1, pageSize: Math.max(rows.length, MEMBERS_PAGE_SIZE), counts: app.members.counts() };
    },
  );
}
