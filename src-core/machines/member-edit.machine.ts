/**
 * One member's details in the admin area: the edit form, built on the form block
 * ('./form.setup'). Marking a member deceased asks first, since it stops every e-mail and
 * reminder to them at once.
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'confirmingDeceased' when the status
 *   becomes 'deceased', else 'submitting'; 'confirmingDeceased': 'confirm' -> 'submitting',
 *   'cancel' -> 'editing' (nothing typed is lost). 'submitting' ends in 'editing': saved, with the
 *   member as stored and the `notice`; refused, with what was typed and each message beside its field.
 * Events: 'field.changed', 'form.submit', 'member.loaded' { member } (fills the form with the
 *   member as stored, keeping what was changed and not saved), 'confirm', 'cancel'. Only the
 *   fields changed from the member as stored are sent.
 * The composition root provides: actor `submit` (input { number, edit }, output the member as
 *   stored), action `onSaved` (the lists load again), and the view's `focusFieldToFix`,
 *   `focusFailure`, `focusNotice` and `focusStatus` (the question was declined).
 */
import { assign } from 'xstate';
import { toCoreError } from '../domain/core-error';
import { validateMemberEdit, type MemberField } from '../domain/member-records';
import type { Member, MemberDetail, MemberEdit, MemberStatus } from '../domain/membership-admin';
import { SUBMIT, formSetup, type FormContext, type FormEvent, type FormValues } from './form.setup';

export interface MemberEditInput {
  readonly number: number;
  readonly edit: MemberEdit;
}

export interface MemberEditContext extends FormContext<MemberField> {
  number: number | null;
  /** The member as stored, as the form's text: only what differs from it is sent. */
  saved: FormValues<MemberField> | null;
  /** The status as stored: a change to 'deceased' asks first. */
  savedStatus: MemberStatus | null;
  notice: string | null;
}

export type MemberEditEvent = FormEvent<MemberField> | { type: 'member.loaded'; member: Member } | { type: 'confirm' } | { type: 'cancel' };

const EMPTY: FormValues<MemberField> = {
  name: '',
  address: '',
  eircode: '',
  phone: '',
  email: '',
  branch: 'none',
  background: '',
  nmbiPin: '',
  status: 'active',
  joinedOn: '',
  paidUntil: '',
  notes: '',
};

/** The form's text for each field: '' for what is not given, 'none' for no branch. */
function memberToValues(member: Member): FormValues<MemberField> {
  return {
    name: member.name,
    address: member.address,
    eircode: member.eircode ?? '',
    phone: member.phone ?? '',
    email: member.email ?? '',
    branch: member.branch?.id ?? 'none',
    background: member.background,
    nmbiPin: member.nmbiPin ?? '',
    status: member.status,
    joinedOn: member.joinedOn,
    paidUntil: member.paidUntil ?? '',
    notes: member.notes,
  };
}

/** The fields changed from the member as stored (all of them before it is known). */
function valuesToEdit(values: FormValues<MemberField>, saved: FormValues<MemberField> | null = null): MemberEdit {
  const changed = Object.fromEntries(Object.entries(values).filter(([field, value]) => saved === null || saved[field as MemberField] !== value));
  const { status, ...text } = changed;
  return status === undefined ? text : { ...text, status: status as MemberStatus };
}

/** The member as stored now, with what the volunteer changed and has not saved kept as typed. */
function merge(values: FormValues<MemberField>, saved: FormValues<MemberField> | null, stored: FormValues<MemberField>): FormValues<MemberField> {
  if (saved === null) return stored;
  const fields = Object.keys(stored) as MemberField[];
  return Object.fromEntries(fields.map((field) => [field, values[field] === saved[field] ? stored[field] : values[field]])) as FormValues<MemberField>;
}

function namesAField(error: unknown): boolean {
  return Object.keys(toCoreError(error).fieldErrors ?? {}).some((field) => field in EMPTY);
}

/** @internal Outside this file only tests and fakes use it. */
export const memberSavedText = (name: string) => `${name}'s details were saved.`;

export const memberEditMachine = formSetup<MemberField, MemberEditInput, MemberDetail, MemberEditContext, Exclude<MemberEditEvent, FormEvent<MemberField>>>({
  empty: EMPTY,
  validate: (values) => validateMemberEdit(valuesToEdit(values)),
  failureMessage: (error) => `The details were not saved. ${toCoreError(error).message}`,
})
  .extend({
    actions: {
      onSaved: () => {},
      focusNotice: () => {},
      focusStatus: () => {},
      fill: assign(({ context, event }) => {
        if (event.type !== 'member.loaded') return {};
        const stored = memberToValues(event.member);
        return { values: merge(context.values, context.saved, stored), saved: stored, number: event.member.number, savedStatus: event.member.status };
      }),
      noteSaved: assign((_, { saved }: { saved: MemberDetail }) => ({
        values: memberToValues(saved.member),
        saved: memberToValues(saved.member),
        savedStatus: saved.member.status,
        notice: memberSavedText(saved.member.name),
      })),
      forgetNotice: assign({ notice: null }),
    },
    guards: {
      becomesDeceased: ({ context }) => context.values.status === 'deceased' && context.savedStatus !== 'deceased',
    },
  })
  .createMachine({
    id: 'memberEdit',
    initial: 'editing',
    context: { values: EMPTY, fieldErrors: {}, errorMessage: null, number: null, saved: null, savedStatus: null, notice: null },
    states: {
      editing: {
        on: {
          'field.changed': { actions: 'change' },
          'form.submit': SUBMIT,
          'member.loaded': { actions: 'fill' },
        },
      },
      validating: {
        entry: ['validate', 'forgetNotice'],
        always: [
          { guard: 'hasFieldErrors', target: 'editing', actions: 'focusFieldToFix' },
          { guard: 'becomesDeceased', target: 'confirmingDeceased' },
          { target: 'submitting' },
        ],
      },
      confirmingDeceased: {
        on: {
          confirm: 'submitting',
          cancel: { target: 'editing', actions: 'focusStatus' },
        },
      },
      submitting: {
        invoke: {
          src: 'submit',
          input: ({ context }) => ({ number: context.number ?? 0, edit: valuesToEdit(context.values, context.saved) }),
          onDone: {
            target: 'editing',
            actions: [{ type: 'noteSaved', params: ({ event }) => ({ saved: event.output }) }, 'onSaved', 'focusNotice'],
          },
          onError: [
            // A refusal naming a field of the form focuses the first field to fix; any other, its message.
            {
              guard: ({ event }) => namesAField(event.error),
              target: 'editing',
              actions: [{ type: 'showFailure', params: ({ event }) => ({ error: event.error }) }, 'focusFieldToFix'],
            },
            { target: 'editing', actions: [{ type: 'showFailure', params: ({ event }) => ({ error: event.error }) }, 'focusFailure'] },
          ],
        },
      },
    },
  });
