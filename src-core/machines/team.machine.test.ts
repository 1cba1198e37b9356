import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import { teamMachine, type TeamJob } from './team.machine';

function teamWith(run: (job: TeamJob) => Promise<void>) {
  const jobs: TeamJob[] = [];
  const happened: string[] = [];
  const machine = teamMachine.provide({
    actors: {
      run: fromPromise<void, TeamJob>(({ input }) => {
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
  const { actor, jobs, happened } = teamWith(async () => {});

  actor.send({ type: 'team.invite', email: 'new@example.org', role: 'editor' });
  await waitFor(actor, (state) => state.matches('ready'));

  expect(jobs).toEqual([{ kind: 'invite', email: 'new@example.org', role: 'editor' }]);
  expect(actor.getSnapshot().context.notice).toBe('Invitation sent to new@example.org. The link in it works for 48 hours.');
  expect(happened).toEqual(['changed', 'invited', 'focus notice']);
});

test('removing asks first: cancelled, nothing is sent; confirmed, the account goes', async () => {
  const { actor, jobs } = teamWith(async () => {});

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
