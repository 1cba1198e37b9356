import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_PATHS,
  MEMBERS_PAGE_SIZE,
  PAYMENT_METHODS,
  memberDetailSchema,
  memberEditSchema,
  memberListQuerySchema,
  memberListSchema,
  memberSchema,
  numberParamsSchema,
  paymentParamsSchema,
  paymentRequestSchema,
  personDataSchema,
  type PaymentMethod,
} from '../../contract/membership';
import { CoreError } from '../../src-core/domain/core-error';
import { centsOf, isYearEnd } from '../../src-core/domain/membership-year';
import { memberChangeInWords, memberFiltersInWords } from '../audit/audit-wording';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError } from '../http/api-error';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { erasePersonRows, filtersOf, memberDetail, personData, renewalDueByOf } from '../membership/member-data';
import { checkedEdit, dayFrom } from '../membership/member-fields';
import { MEMBER_LIST_MESSAGES } from '../membership/member-messages';
import { memberToWire } from '../membership/membership-wire';
import { adminAreaHooks } from '../plugins/auth.plugin';
import type { MemberRow } from '../repositories/members.repository';

/**
 * Members for administrators: the list with its filters and pages, one member with their
 * payments, edits, the welcome letter posted, an access export and erasure. Every look and
 * change is recorded; marking a member deceased stops every mail to them at once.
 * Payments are recorded by hand (cash, cheque, bank transfer, standing order, card): each may move
 * the member's 'paid until' to the end of the membership year it covers. Removing a payment
 * recorded by mistake leaves 'paid until' as it is: the volunteer corrects it by an edit.
 */
export async function memberAdminRoutes(app: ApiInstance): Promise<void> {
  adminAreaHooks(app, 'membership');

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

  app.post(
    MEMBERSHIP_PATHS.memberPayments,
    { schema: { params: numberParamsSchema, body: paymentRequestSchema, response: { 201: memberDetailSchema, ...errorResponses } } },
    async (request, reply) => {
      const member = memberOf(request.params.number);
      const { body } = request;
      const errors: Record<string, string> = {};
      const paidOn = dayFrom(body.paidOn);
      if (paidOn === undefined) errors.paidOn = MEMBER_LIST_MESSAGES.paidOn;
      const amountCents = centsOf(body.amount);
      if (amountCents === undefined) errors.amount = MEMBER_LIST_MESSAGES.amount;
      const method = body.method.trim().toLowerCase();
      if (!(PAYMENT_METHODS as readonly string[]).includes(method)) errors.method = MEMBER_LIST_MESSAGES.method;
      const coversText = body.coversYearEnding?.trim() ?? '';
      const covers = coversText === '' ? undefined : dayFrom(coversText);
      if (coversText !== '' && (covers === undefined || !isYearEnd(app.membershipSettings.get().yearStartsOn, covers))) {
        errors.coversYearEnding = MEMBER_LIST_MESSAGES.coversYearEnding;
      }
      if (Object.keys(errors).length > 0 || paidOn === undefined || amountCents === undefined) {
        throw new CoreError('invalid-input', MEMBER_LIST_MESSAGES.checkFields, { fieldErrors: errors });
      }
      const now = app.clock();
      const row = await retryWhenBusy(() =>
        app.members.transaction(() => {
          app.members.addPayment({
            member_number: member.number,
            paid_on: paidOn,
            amount_cents: amountCents,
            method: method as PaymentMethod,
            note: (body.note ?? '').trim(),
            recorded_at: now,
            recorded_by: request.user?.email ?? '',
          });
          const current = app.members.getByNumber(member.number);
          // 'Paid until' only moves forward: an old payment entered late never shortens it.
          if (covers !== undefined && current !== undefined && (current.paid_until === null || current.paid_until < covers)) {
            return app.members.update(member.number, { paid_until: covers }, now);
          }
          return current;
        }),
      );
      if (row === undefined) throw apiError(404, 'not-found', MEMBERSHIP_MESSAGES.memberNotFound);
      await app.audit.record(request, 'payment-recorded', `member ${member.number}${covers === undefined ? '' : ': paid until moved'}`);
      return reply.code(201).send(memberDetail(app, row));
    },
  );

  app.delete(
    MEMBERSHIP_PATHS.memberPayment,
    { schema: { params: paymentParamsSchema, response: { 200: memberDetailSchema, ...errorResponses } } },
    async (request) => {
      const member = memberOf(request.params.number);
      const id = /^[1-9][0-9]{0,14}$/.test(request.params.paymentId) ? Number(request.params.paymentId) : -1;
      if (!(await retryWhenBusy(() => app.members.removePayment(member.number, id)))) throw apiError(404, 'not-found', MEMBER_LIST_MESSAGES.paymentNotFound);
      await app.audit.record(request, 'payment-removed', `member ${member.number}`);
      return memberDetail(app, app.members.getByNumber(member.number) ?? member);
    },
  );
}
