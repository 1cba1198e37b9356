import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_PATHS,
  PAYMENT_METHODS,
  memberDetailSchema,
  numberParamsSchema,
  paymentParamsSchema,
  paymentRequestSchema,
  type PaymentMethod,
} from '../../contract/membership';
import { CoreError } from '../../src-core/domain/core-error';
import { centsOf, isYearEnd } from '../../src-core/domain/membership-year';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError } from '../http/api-error';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';
import { memberDetail } from '../membership/member-data';
import { dayFrom } from '../membership/member-fields';
import { MEMBER_LIST_MESSAGES } from '../membership/member-messages';
import { requireArea } from '../plugins/auth.plugin';
import type { MemberRow } from '../repositories/members.repository';

/**
 * Payments recorded by hand (cash, cheque, bank transfer, standing order, card): each may move
 * the member's 'paid until' to the end of the membership year it covers. Removing a payment
 * recorded by mistake leaves 'paid until' as it is: the volunteer corrects it by an edit.
 */
export async function memberPaymentRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireArea('membership'));
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  function memberOf(number: string): MemberRow {
    const row = app.members.get(number);
    if (row === undefined) throw apiError(404, 'not-found', MEMBERSHIP_MESSAGES.memberNotFound);
    return row;
  }

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
