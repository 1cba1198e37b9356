import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { TeamMember } from '../domain/team';
import { teamMachine, type TeamJob } from './team.machine';

function teamWith(run: (job: TeamJob) => Promise<readonly TeamMember[]>) {
  const jobs: TeamJob[] = [];
  const happened: string[] = [];
  const machine = teamMachine.provide({
    actors: {
      run: fromPromise<readonly TeamMember[], TeamJob>(({ input }) => {
        jobs.push(input);
        return run(input);
      }),
    },
    actions: {
      changed: () => void happened.push('changed'),
      invited: () => void happened.push('invited'),
      focusNotice: () => void happened.push('focus notice'),
      focusFailure: () => void happened.push('focus failure'),
    },
  });
  return { actor: createActor(machine).start(), jobs, happened };
}

test('an invitation is sent, the list loads again and the form empties', async () => {
  const { actor, jobs, happened } = teamWith(async () => []);

  actor.send({ type: 'team.invite', email: 'new@example.org', role: 'editor' });
  await waitFor(actor, (state) => state.matches('ready'));

  expect(jobs).toEqual([{ kind: 'invite', email: 'new@example.org', role: 'editor' }]);
  expect(actor.getSnapshot().context.notice).toBe('Invitation sent to new@example.org. The link in it works for 48 hours.');
  expect(happened).toEqual(['changed', 'invited', 'focus notice']);
});

test('removing asks first: cancelled, nothing is sent; confirmed, the account goes', async () => {
  const { actor, jobs } = teamWith(async () => []);

  actor.send({ type: 'team.remove', email: 'old@example.org' });
  expect(actor.getSnapshot().value).toBe('confirming');
  actor.send({ type: 'team.cancel' });
  expect(actor.getSnapshot().value).toBe('ready');
  expect(jobs).toEqual([]);

  actor.send({ type: 'team.remove', email: 'old@example.org' });
  actor.send({ type: 'team.confirm' });
  await waitFor(actor, (state) => state.matches('ready'));
  expect(jobs).toEqual([{ kind: 'remove', email: 'old@example.org' }]);
  expect(actor.getSnapshot().context.notice).toBe('old@example.org was removed from the team.');
});

test('a change to branch officer names the branch the team now shows for them', async () => {
  // The team afterwards, as the backend answers: only a branch officer's line has a branch.
  const { actor } = teamWith(async (job) => {
    const role = job.kind === 'role' ? job.role : 'editor';
    const branch = job.kind === 'role' && job.branchId === '2' ? { branch: { id: '2', name: 'Sample Branch South' } } : {};
    return [{ email: 'helper@example.org', role, ...branch, status: 'active', fixed: false, you: false }];
  });

  actor.send({ type: 'team.role', email: 'helper@example.org', role: 'branch-officer', branchId: '2' });
  await waitFor(actor, (state) => state.matches('ready'));
  expect(actor.getSnapshot().context.notice).toBe('helper@example.org is now branch officer for Sample Branch South.');

  actor.send({ type: 'team.role', email: 'helper@example.org', role: 'editor' });
  await waitFor(actor, (state) => state.matches('ready'));
  expect(actor.getSnapshot().context.notice).toBe('helper@example.org is now editor.');
});

test("a refusal is shown as the server's sentence, with the address's own message for the form", async () => {
  const { actor, happened } = teamWith(async (job) => {
    if (job.kind === 'invite') throw new CoreError('invalid-input', 'This address already has an account.', { fieldErrors: { email: 'This address already has an account.' } });
    throw new CoreError('conflict', 'This is the last active administrator, so it must stay one.');
  });

  actor.send({ type: 'team.invite', email: 'chair@example.org', role: 'editor' });
  await waitFor(actor, (state) => state.matches('ready'));
  expect(actor.getSnapshot().context).toMatchObject({ emailError: 'This address already has an account.', notice: null });

  actor.send({ type: 'team.role', email: 'chair@example.org', role: 'editor' });
  await waitFor(actor, (state) => state.matches('ready'));
  expect(actor.getSnapshot().context).toMatchObject({ errorMessage: 'This is the last active administrator, so it must stay one.', emailError: null });
  expect(happened).toEqual(['focus failure', 'focus failure']);
});
