import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { InvitationDetails } from '../domain/team';
import { invitationMachine } from './invitation.machine';

const GONE = 'This invitation link has already been used or has expired.';

function invitationWith(lookUp: (token: string) => Promise<InvitationDetails>, accept: (password: string) => Promise<void> = async () => {}) {
  const accepted: string[] = [];
  const machine = invitationMachine.provide({
    actors: {
      lookUp: fromPromise<InvitationDetails, string>(({ input }) => lookUp(input)),
      accept: fromPromise<unknown, { token: string; password: string }>(async ({ input }) => {
        await accept(input.password);
        accepted.push(input.password);
      }),
    },
    actions: { accepted: () => void accepted.push('went on'), focusFailure: () => {} },
  });
  return { actor: createActor(machine, { input: { token: 'abc' } }).start(), accepted };
}

test('a working link shows who it is for; a short password is refused before anything is sent, then the account is made', async () => {
  const { actor, accepted } = invitationWith(async () => ({ email: 'new@example.org', role: 'editor' }));
  await waitFor(actor, (state) => state.matches('ready'));
  expect(actor.getSnapshot().context.details).toEqual({ email: 'new@example.org', role: 'editor' });

  actor.send({ type: 'invitation.accept', password: 'short' });
  expect(actor.getSnapshot().context.passwordError).toBe('Please choose a password of at least 12 characters.');
  expect(accepted).toEqual([]);

  actor.send({ type: 'invitation.accept', password: 'a long enough passphrase' });
  await waitFor(actor, (state) => state.matches('accepted'));
  expect(accepted).toEqual(['a long enough passphrase', 'went on']);
  expect(actor.getSnapshot().context.password).toBe('');
});

test('a used or expired link is refused at once, and one that stops working meanwhile too', async () => {
  const used = invitationWith(async () => {
    throw new CoreError('not-found', GONE);
  });
  await waitFor(used.actor, (state) => state.matches('refused'));
  expect(used.actor.getSnapshot().context.errorMessage).toBe(GONE);

  const raced = invitationWith(
    async () => ({ email: 'new@example.org', role: 'editor' }),
    async () => {
      throw new CoreError('not-found', GONE);
    },
  );
  await waitFor(raced.actor, (state) => state.matches('ready'));
  raced.actor.send({ type: 'invitation.accept', password: 'a long enough passphrase' });
  await waitFor(raced.actor, (state) => state.matches('refused'));
  expect(raced.actor.getSnapshot().context.errorMessage).toBe(GONE);
});
