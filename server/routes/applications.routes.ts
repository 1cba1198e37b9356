import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_PATHS,
  applicationListQuerySchema,
  applicationListSchema,
  applicationRequestSchema,
  applicationSchema,
  decisionNoteSchema,
  decisionSchema,
  idParamsSchema,
  personDataSchema,
  type ApplicationState,
} from '../../contract/membership';
import type { AuditKind } from '../../src-core/domain/audit';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError } from '../http/api-error';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { createDecisions } from '../membership/decisions';
import { personData, renewalDueByOf } from '../membership/member-data';
import { applicationToWire, memberToWire } from '../membership/membership-wire';
import { submissionKeyOf } from '../http/submission-key';
import { erasePersonRows } from '../membership/member-data';
import { adminAreaHooks } from '../plugins/auth.plugin';
import type { ApplicationRow } from '../repositories/applications.repository';

/** The join form's JSON request. Every accepted application gets the same response, whoever sent it. */
export async function applicationRoutes(app: ApiInstance): Promise<void> {
  app.post(
    MEMBERSHIP_PATHS.applications,
    { schema: { body: applicationRequestSchema, response: { 202: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await app.applicationIntake.accept(request.body, request.ip, submissionKeyOf(request));
      if (outcome.kind === 'stored') {
        await app.audit.record(request, 'application-received', `application ${outcome.id}`, null);
      } else if (outcome.kind === 'repeated') {
        request.log.info({ event: 'application-repeat', application: outcome.id }, 'An application arrived again; kept once');
      } else {
        request.log.info({ event: 'application-honeypot' }, 'An application filled the honeypot; dropped');
      }
      return reply.code(202).send(undefined);
    },
  );
}

/**
 * Applications for administrators: the list by state with counts, one application, the
 * decisions (each taken once), an access export and erasure. Every look and change is recorded.
 */
export async function applicationAdminRoutes(app: ApiInstance): Promise<void> {
  adminAreaHooks(app, 'membership');
  const decisions = createDecisions(app);

  function applicationOf(id: string): ApplicationRow {
    const row = app.applications.get(id);
    if (row === undefined) throw apiError(404, 'not-found', MEMBERSHIP_MESSAGES.applicationNotFound);
    return row;
  }

  app.get(
    MEMBERSHIP_PATHS.applications,
    { schema: { querystring: applicationListQuerySchema, response: { 200: applicationListSchema, ...errorResponses } } },
    async (request) => {
      const rows = app.applications.list(request.query.state);
      await app.audit.record(request, 'applications-read', `${rows.length} applications${request.query.state === undefined ? '' : ` (${request.query.state})`}`);
      const counts = app.applications.counts();
      return {
        applications: rows.map((row) => applicationToWire(row, app.branches)),
        counts: { new: counts.new, moreInformation: counts['more-information'], approved: counts.approved, declined: counts.declined },
      };
    },
  );

  app.get(
    MEMBERSHIP_PATHS.application,
    { schema: { params: idParamsSchema, response: { 200: applicationSchema, ...errorResponses } } },
    async (request) => {
      const row = applicationOf(request.params.id);
      await app.audit.record(request, 'application-read', `application ${row.id}`);
      return applicationToWire(row, app.branches);
    },
  );

  app.post(
    MEMBERSHIP_PATHS.approve,
    { schema: { params: idParamsSchema, response: { 200: decisionSchema, ...errorResponses } } },
    async (request) => {
      const outcome = await decisions.approve(applicationOf(request.params.id).id, request.user?.email ?? null);
      await app.audit.record(request, 'application-approved', `application ${outcome.application.id}, member ${outcome.member.number}`);
      return { application: applicationToWire(outcome.application, app.branches), member: memberToWire(outcome.member, app.branches, renewalDueByOf(app)) };
    },
  );

  for (const [path, to, kind] of [
    [MEMBERSHIP_PATHS.decline, 'declined', 'application-declined'],
    [MEMBERSHIP_PATHS.moreInformation, 'more-information', 'application-more-information'],
  ] as const satisfies readonly (readonly [string, ApplicationState, AuditKind])[]) {
    app.post(
      path,
      { schema: { params: idParamsSchema, body: decisionNoteSchema, response: { 200: decisionSchema, ...errorResponses } } },
      async (request) => {
        const note = request.body.note.trim();
        if (note === '') throw apiError(400, 'invalid-input', MEMBERSHIP_MESSAGES.noteRequired, { fieldErrors: { note: MEMBERSHIP_MESSAGES.noteRequired } });
        const row = await decisions.withNote(applicationOf(request.params.id).id, to, note, request.user?.email ?? null);
        await app.audit.record(request, kind, `application ${row.id}`);
        return { application: applicationToWire(row, app.branches), member: null };
      },
    );
  }

  app.get(
    MEMBERSHIP_PATHS.applicationData,
    { schema: { params: idParamsSchema, response: { 200: personDataSchema, ...errorResponses } } },
    async (request) => {
      const row = applicationOf(request.params.id);
      const member = app.members.byApplication(row.id);
      await app.audit.record(request, 'application-data-read', `application ${row.id}`);
      return personData(app, row, member);
    },
  );

  app.delete(
    MEMBERSHIP_PATHS.application,
    { schema: { params: idParamsSchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const row = applicationOf(request.params.id);
      // One step for the whole person: the member made from the application goes too.
      await retryWhenBusy(() => app.applications.transaction(() => erasePersonRows(app, row, app.members.byApplication(row.id))));
      await app.audit.record(request, 'application-erased', `application ${row.id}`);
      return reply.code(204).send(undefined);
    },
  );
}
