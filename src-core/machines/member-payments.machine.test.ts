import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Member, MemberDetail, Payment } from '../domain/membership-admin';
import { memberPaymentsMachine, type PaymentInput, type RemovePaymentInput } from './member-payments.machine';

const member = { number: 101, name: 'Mary Byrne', paidUntil: '2026-12-31' } as Member;
const payment: Payment = { id: 'p1', paidOn: '2026-03-02', amountCents: 2500, method: 'cheque', note: '', recordedAt: '2026-03-02T10:00:00.000Z', recordedBy: 'admin@example.org' };

function start() {
  const recorded: PaymentInput[] = [];
  const removed: RemovePaymentInput[] = [];
  const moments: string[] = [];
  const actor = createActor(
    memberPaymentsMachine.provide({
      actors: {
        submit: fromPromise<MemberDetail, PaymentInput>(async ({ input }) => {
          recorded.push(input);
          return { member, payments: [payment] };
        }),
        remove: fromPromise<MemberDetail, RemovePaymentInput>(async ({ input }) => {
          removed.push(input);
          return { member, payments: [] };
        }),
      },
      actions: {
        onSaved: () => moments.push('onSaved'),
        focusNotice: () => moments.push('focusNotice'),
        focusRemoveButton: (_, { paymentId }) => moments.push(`focusRemoveButton:${paymentId}`),
      },
    }),
  ).start();
  actor.send({ type: 'member.chosen', number: 101 });
  return { actor, recorded, removed, moments };
}

test('a payment is sent as typed, the form empties and the notice says what moved', async () => {
  const { actor, recorded, moments } = start();
  for (const [field, value] of [['paidOn', '2026-03-02'], ['amount', '25'], ['method', 'cheque'], ['coversYearEnding', '2026-12-31']] as const) {
    actor.send({ type: 'field.changed', field, value });
  }
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);
  expect(recorded).toEqual([{ number: 101, payment: { paidOn: '2026-03-02', amount: '25', method: 'cheque', note: '', coversYearEnding: '2026-12-31' } }]);
  expect(actor.getSnapshot().context.notice).toBe('The payment of €25 by cheque on 2 March 2026 was recorded. They are now paid until 31 December 2026.');
  expect(actor.getSnapshot().context.values.amount).toBe('');
  expect(moments).toEqual(['onSaved', 'focusNotice']);
});

test('removing asks first: cancel goes back to its button, confirm removes it', async () => {
  const { actor, removed, moments } = start();
  actor.send({ type: 'payment.remove', payment });
  expect(actor.getSnapshot().matches('confirmingRemoval')).toBe(true);
  actor.send({ type: 'cancel' });
  expect(moments).toEqual(['focusRemoveButton:p1']);
  expect(removed).toEqual([]);

  actor.send({ type: 'payment.remove', payment });
  actor.send({ type: 'confirm' });
  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);
  expect(removed).toEqual([{ number: 101, paymentId: 'p1' }]);
  expect(actor.getSnapshot().context.notice).toBe('The payment of €25 by cheque on 2 March 2026 was removed.');
});
