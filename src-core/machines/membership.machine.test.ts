import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { Approval } from '../domain/membership-admin';
import { jobTarget, membershipMachine, type MembershipJob } from './membership.machine';

const approval = (email: string | null): Approval =>
  ({
    application: { id: '1' },
    member: { number: 101, name: 'Mary Byrne', email },
  }) as unknown as Approval;

function membershipWith(run: (job: MembershipJob) => Promise<Approval | undefined>) {
  const ran: MembershipJob[] = [];
  const viewed: string[] = [];
  const machine = membershipMachine.provide({
    actors: {
      run: fromPromise<Approval | undefined, MembershipJob>(({ input }) => {
        ran.push(input);
        return run(input);
      }),
    },
    actions: {
      onChanged: () => void viewed.push('changed'),
      focusNotice: () => void viewed.push('notice'),
      focusProblem: (_, { target }) => void viewed.push(`problem ${target}`),
      focusButton: (_, { target, kind }) => void viewed.push(`button ${kind} ${target}`),
    },
  });
  return { actor: createActor(machine).start(), ran, viewed };
}

test('approving says the membership number and that a welcome e-mail goes, then the lists load again', async () => {
  const { actor, viewed } = membershipWith(async () => approval('mary@example.org'));
  actor.send({ type: 'job.start', job: { kind: 'approve', id: '1', name: 'Mary Byrne' } });
  await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.notice !== null);

  expect(actor.getSnapshot().context.notice).toBe('Mary Byrne is now a member. Their membership number is 101. A welcome e-mail is on its way to mary@example.org.');
  expect(viewed).toEqual(['changed', 'notice']);
});

test('approving someone without e-mail asks for a welcome letter', async () => {
  const { actor } = membershipWith(async () => approval(null));
  actor.send({ type: 'job.start', job: { kind: 'approve', id: '1', name: 'Mary Byrne' } });
  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);

  expect(actor.getSnapshot().context.notice).toMatch(/number is 101\. They gave no e-mail address, so please post them a welcome letter/);
});

test('declining or asking for more without a note runs nothing and puts the problem on the note', () => {
  const { actor, ran, viewed } = membershipWith(async () => undefined);
  actor.send({ type: 'job.start', job: { kind: 'decline', id: '1', name: 'Mary Byrne', note: '   ' } });
  actor.send({ type: 'job.start', job: { kind: 'moreInformation', id: '2', name: 'Tom Walsh', note: '' } });

  expect(actor.getSnapshot().value).toBe('idle');
  expect(actor.getSnapshot().context.problem).toEqual({ target: 'application:2', message: 'Please write a short note to go with this decision.', field: 'note' });
  expect(ran).toEqual([]);
  expect(viewed).toEqual(['problem application:1', 'problem application:2']);
});

test('erasing asks first: keeping it returns to the button, yes erases', async () => {
  const job: MembershipJob = { kind: 'eraseMember', number: 101, name: 'Mary Byrne' };
  const { actor, ran, viewed } = membershipWith(async () => undefined);
  actor.send({ type: 'job.start', job });
  expect(actor.getSnapshot().value).toBe('confirming');
  actor.send({ type: 'cancel' });
  expect(viewed).toEqual(['button eraseMember member:101']);
  expect(ran).toEqual([]);

  actor.send({ type: 'job.start', job });
  actor.send({ type: 'confirm' });
  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);
  expect(actor.getSnapshot().context.notice).toBe('Everything we kept about Mary Byrne was erased.');
  expect(ran).toEqual([job]);
});

test("the server's refusal is put on what caused it, on the name field when the name is refused", async () => {
  const { actor, viewed } = membershipWith(async (job) => {
    if (job.kind === 'removeBranch') throw new CoreError('conflict', 'This branch cannot be removed: 2 members and 0 applications belong to it.');
    throw new CoreError('invalid-input', 'There is already a branch with this name.');
  });
  actor.send({ type: 'job.start', job: { kind: 'removeBranch', id: 'b1', name: 'Cork Branch' } });
  actor.send({ type: 'confirm' });
  await waitFor(actor, (snapshot) => snapshot.matches('idle'));
  expect(actor.getSnapshot().context.problem).toEqual({ target: 'branch:b1', message: 'This branch cannot be removed: 2 members and 0 applications belong to it.', field: null });

  actor.send({ type: 'job.start', job: { kind: 'addBranch', name: 'Cork Branch' } });
  await waitFor(actor, (snapshot) => snapshot.matches('idle'));
  expect(actor.getSnapshot().context.problem).toEqual({ target: 'branch:new', message: 'There is already a branch with this name.', field: 'name' });
  expect(viewed).toEqual(['problem branch:b1', 'problem branch:new']);
});

test('each job names where its outcome is shown', () => {
  expect(jobTarget({ kind: 'letterPosted', number: 7, name: 'A' })).toBe('member:7');
  expect(jobTarget({ kind: 'renameBranch', id: 'b2', from: 'A', name: 'B' })).toBe('branch:b2');
  expect(jobTarget({ kind: 'eraseApplication', id: '3', name: 'A' })).toBe('application:3');
});
