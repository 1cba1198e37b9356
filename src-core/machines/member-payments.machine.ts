/**
 * Payments made by hand for one member: recording one (built on the form block, './form.setup')
 * and removing one recorded by mistake, which asks first.
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'submitting' -> 'editing': recorded,
 *   with the form emptied and the `notice`; refused, with what was typed and each message beside
 *   its field. 'editing' + 'payment.remove' { payment } -> 'confirmingRemoval': 'confirm' ->
 *   'removing' -> 'editing' with the `notice` or `errorMessage`; 'cancel' -> 'editing'.
 * The composition root provides: actors `submit` (input { number, payment }, output the member
 *   with their payments) and `remove` (input { number, paymentId }, the same output), action
 *   `onSaved` (the lists load again), and the view's `focusFieldToFix`, `focusFailure`,
 *   `focusNotice` and `focusRemoveButton` (params { paymentId }: the question was declined).
 */
import { assign, fromPromise } from 'xstate';
import { toCoreError } from '../domain/core-error';
import { PAYMENT_METHOD_WORDS, euro, shortDate, validatePayment, type PaymentField } from '../domain/member-records';
import type { MemberDetail, Payment, PaymentRequest } from '../domain/membership-admin';
import { REFUSED, SUBMIT, VALIDATING, formSetup, type FormContext, type FormEvent, type FormValues } from './form.setup';

export interface PaymentInput {
  readonly number: number;
  readonly payment: PaymentRequest;
}

export interface RemovePaymentInput {
  readonly number: number;
  readonly paymentId: string;
}

export interface MemberPaymentsContext extends FormContext<PaymentField> {
  number: number;
  /** The payment asked about or being removed. */
  removing: Payment | null;
  notice: string | null;
}

export type MemberPaymentsEvent =
  | FormEvent<PaymentField>
  | { type: 'member.chosen'; number: number }
  | { type: 'payment.remove'; payment: Payment }
  | { type: 'confirm' }
  | { type: 'cancel' };

const EMPTY: FormValues<PaymentField> = { paidOn: '', amount: '', method: '', note: '', coversYearEnding: '' };

/** '€25 by cheque on 2 March 2026': one payment in words. */
export function paymentWords(payment: Pick<Payment, 'amountCents' | 'method' | 'paidOn'>): string {
  return `${euro(payment.amountCents)} by ${PAYMENT_METHOD_WORDS[payment.method].toLowerCase()} on ${shortDate(payment.paidOn)}`;
}

function recordedText(detail: MemberDetail): string {
  const paidUntil = detail.member.paidUntil === null ? '' : ` They are now paid until ${shortDate(detail.member.paidUntil)}.`;
  const [latest] = detail.payments;
  return `The payment${latest === undefined ? '' : ` of ${paymentWords(latest)}`} was recorded.${paidUntil}`;
}

function valuesToPayment(values: FormValues<PaymentField>): PaymentRequest {
  const covers = values.coversYearEnding.trim();
  return {
    paidOn: values.paidOn.trim(),
    amount: values.amount.trim(),
    method: values.method,
    note: values.note.trim(),
    ...(covers === '' ? {} : { coversYearEnding: covers }),
  };
}

export const memberPaymentsMachine = formSetup<
  PaymentField,
  PaymentInput,
  MemberDetail,
  MemberPaymentsContext,
  Exclude<MemberPaymentsEvent, FormEvent<PaymentField>>,
  { remove: ReturnType<typeof fromPromise<MemberDetail, RemovePaymentInput>> }
>(
  {
    empty: EMPTY,
    validate: (values) => validatePayment(valuesToPayment(values)),
    failureMessage: (error) => `The payment was not recorded. ${toCoreError(error).message}`,
  },
  { remove: fromPromise<MemberDetail, RemovePaymentInput>(() => Promise.reject(new Error('Provide the remove actor.'))) },
)
  .extend({
    actions: {
      onSaved: () => {},
      focusNotice: () => {},
      focusRemoveButton: (_, _params: { paymentId: string }) => {},
      choose: assign(({ event }) => (event.type === 'member.chosen' ? { number: event.number } : {})),
      ask: assign(({ event }) => (event.type === 'payment.remove' ? { removing: event.payment, notice: null, errorMessage: null } : {})),
      noteRecorded: assign((_, { saved }: { saved: MemberDetail }) => ({ values: { ...EMPTY }, fieldErrors: {}, notice: recordedText(saved) })),
      noteRemoved: assign(({ context }) => ({
        notice: context.removing === null ? null : `The payment of ${paymentWords(context.removing)} was removed.`,
        removing: null,
      })),
      removeFailed: assign((_, { error }: { error: unknown }) => ({ errorMessage: `The payment was not removed. ${toCoreError(error).message}`, removing: null })),
      forgetNotice: assign({ notice: null }),
    },
  })
  .createMachine({
    id: 'memberPayments',
    initial: 'editing',
    context: { values: { ...EMPTY }, fieldErrors: {}, errorMessage: null, number: 0, removing: null, notice: null },
    on: { 'member.chosen': { actions: 'choose' } },
    states: {
      editing: {
        on: {
          'field.changed': { actions: 'change' },
          'form.submit': SUBMIT,
          'payment.remove': { target: 'confirmingRemoval', actions: 'ask' },
        },
      },
      validating: { ...VALIDATING, entry: ['validate', 'forgetNotice'] },
      submitting: {
        invoke: {
          src: 'submit',
          input: ({ context }) => ({ number: context.number, payment: valuesToPayment(context.values) }),
          onDone: {
            target: 'editing',
            actions: [{ type: 'noteRecorded', params: ({ event }) => ({ saved: event.output }) }, 'onSaved', 'focusNotice'],
          },
          onError: { target: 'refused', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      refused: REFUSED,
      confirmingRemoval: {
        on: {
          confirm: 'removing',
          cancel: {
            target: 'editing',
            actions: [{ type: 'focusRemoveButton', params: ({ context }) => ({ paymentId: context.removing?.id ?? '' }) }, assign({ removing: null })],
          },
        },
      },
      removing: {
        invoke: {
          src: 'remove',
          input: ({ context }) => ({ number: context.number, paymentId: context.removing?.id ?? '' }),
          onDone: { target: 'editing', actions: ['noteRemoved', 'onSaved', 'focusNotice'] },
          onError: { target: 'editing', actions: [{ type: 'removeFailed', params: ({ event }) => ({ error: event.error }) }, 'focusFailure'] },
        },
      },
    },
  });
