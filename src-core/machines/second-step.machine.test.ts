import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { User } from '../domain/user';
import { secondStepMachine } from './second-step.machine';

const admin: User = { email: 'secretary@example.org', administrator: true };

function secondStepWith(run: (code: string) => Promise<User>) {
  const codes: string[] = [];
  const viewed: string[] = [];
  const machine = secondStepMachine.provide({
    actors: {
      submit: fromPromise<User, string>(({ input }) => {
        codes.push(input);
        return run(input);
      }),
    },
    actions: {
      showAdminArea: () => void viewed.push('admin area'),
      focusFieldToFix: () => void viewed.push('field to fix'),
      focusFailure: () => void viewed.push('failure'),
    },
  });
  return { actor: createActor(machine).start(), codes, viewed };
}

test('an empty code is not sent: the field says what to type and gets the focus', () => {
  const { actor, codes, viewed } = secondStepWith(async () => admin);

  actor.send({ type: 'form.submit', values: { code: '  ' } });

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: 'Please type the 6 numbers your app shows, or one of your recovery codes.' });
  expect(codes).toEqual([]);
  expect(viewed).toEqual(['field to fix']);
});

test('a right code signs in and goes to the admin area', async () => {
  const { actor, codes, viewed } = secondStepWith(async () => admin);

  actor.send({ type: 'form.submit', values: { code: ' 123456 ' } });
  await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));

  expect(codes).toEqual(['123456']);
  expect(viewed).toEqual(['admin area']);
});

test('a refused code says why, empties the field and moves focus to the message', async () => {
  const { actor, viewed } = secondStepWith(async () => {
    throw new CoreError('not-authorised', 'That code is not right.');
  });

  actor.send({ type: 'form.submit', values: { code: '654321' } });
  await waitFor(actor, (snapshot) => snapshot.matches('failed'));

  expect(actor.getSnapshot().context).toMatchObject({ values: { code: '' }, errorMessage: 'That code is not right.' });
  expect(viewed).toEqual(['failure']);
});

test('too many wrong codes say when to try again', async () => {
  const { actor } = secondStepWith(async () => {
    throw new CoreError('too-many-requests', 'Too many.', { retryAfterSeconds: 600 });
  });

  actor.send({ type: 'form.submit', values: { code: '654321' } });
  await waitFor(actor, (snapshot) => snapshot.matches('failed'));

  expect(actor.getSnapshot().context.errorMessage).toMatch(/^Too many wrong codes\. /);
});
