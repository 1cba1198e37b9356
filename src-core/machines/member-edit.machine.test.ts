import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Member, MemberDetail } from '../domain/membership-admin';
import { memberEditMachine, memberSavedText, type MemberEditInput } from './member-edit.machine';

const mary: Member = {
  number: 101,
  status: 'active',
  name: 'Mary Byrne',
  address: '12 Main Street\nBallincollig',
  eircode: 'P31 XY12',
  phone: '021 555 0101',
  email: 'mary@example.org',
  branch: { id: '1', name: 'Cork' },
  background: 'Staff nurse.',
  nmbiPin: null,
  joinedOn: '2019-03-31',
  paidUntil: '2025-12-31',
  renewalDue: true,
  welcomeLetterToPost: false,
  notes: '',
  updatedAt: '2026-03-02T10:00:00.000Z',
  dataHref: '/api/members/101/data',
};

function start() {
  const sent: MemberEditInput[] = [];
  const moments: string[] = [];
  const actor = createActor(
    memberEditMachine.provide({
      actors: {
        submit: fromPromise<MemberDetail, MemberEditInput>(async ({ input }) => {
          sent.push(input);
          return { member: { ...mary, ...input.edit, status: input.edit.status ?? mary.status, branch: mary.branch, eircode: mary.eircode, phone: mary.phone, email: mary.email, nmbiPin: null, paidUntil: mary.paidUntil }, payments: [] };
        }),
      },
      actions: {
        focusStatus: () => moments.push('focusStatus'),
        focusFieldToFix: () => moments.push('focusFieldToFix'),
        focusNotice: () => moments.push('focusNotice'),
      },
    }),
  ).start();
  actor.send({ type: 'member.loaded', member: mary });
  return { actor, sent, moments };
}

test('only the fields changed are sent, and the notice names the member', async () => {
  const { actor, sent, moments } = start();
  actor.send({ type: 'field.changed', field: 'notes', value: 'Prefers phone calls.' });
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);
  expect(sent).toEqual([{ number: 101, edit: { notes: 'Prefers phone calls.' } }]);
  expect(actor.getSnapshot().context.notice).toBe(memberSavedText('Mary Byrne'));
  expect(moments).toEqual(['focusNotice']);
});

test("marking deceased asks first; 'cancel' keeps the choice and sends nothing, 'confirm' saves it", async () => {
  const { actor, sent, moments } = start();
  actor.send({ type: 'field.changed', field: 'status', value: 'deceased' });
  actor.send({ type: 'form.submit' });
  expect(actor.getSnapshot().matches('confirmingDeceased')).toBe(true);

  actor.send({ type: 'cancel' });
  expect(actor.getSnapshot().matches('editing')).toBe(true);
  expect(actor.getSnapshot().context.values.status).toBe('deceased');
  expect(moments).toEqual(['focusStatus']);
  expect(sent).toEqual([]);

  actor.send({ type: 'form.submit' });
  actor.send({ type: 'confirm' });
  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);
  expect(sent).toEqual([{ number: 101, edit: { status: 'deceased' } }]);

  // Already deceased: another save does not ask again.
  actor.send({ type: 'field.changed', field: 'notes', value: 'The family was told.' });
  actor.send({ type: 'form.submit' });
  expect(actor.getSnapshot().matches('confirmingDeceased')).toBe(false);
});

test('the member stored again (a payment moved paid until) updates the form, but not a field being changed', () => {
  const { actor } = start();
  actor.send({ type: 'field.changed', field: 'phone', value: '086 000 0000' });
  actor.send({ type: 'member.loaded', member: { ...mary, paidUntil: '2026-12-31', phone: '021 999 9999' } });
  expect(actor.getSnapshot().context.values).toMatchObject({ paidUntil: '2026-12-31', phone: '086 000 0000' });
});

test('a mistake is refused beside its field, with focus on it, and nothing is sent', () => {
  const { actor, sent, moments } = start();
  actor.send({ type: 'field.changed', field: 'joinedOn', value: '31 March' });
  actor.send({ type: 'form.submit' });
  expect(actor.getSnapshot().context.fieldErrors.joinedOn).toMatch(/Please enter the whole day they joined/);
  expect(moments).toEqual(['focusFieldToFix']);
  expect(sent).toEqual([]);
});
