import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import { passwordMachine, validatePasswordChange, type PasswordChange } from './password.machine';

function changeWith(run: (change: PasswordChange) => Promise<void>) {
  const sent: PasswordChange[] = [];
  const viewed: string[] = [];
  const machine = passwordMachine.provide({
    actors: {
      submit: fromPromise<void, PasswordChange>(({ input }) => {
        sent.push(input);
        return run(input);
      }),
    },
    actions: {
      focusFieldToFix: () => void viewed.push('field to fix'),
      focusFailure: () => void viewed.push('failure'),
      focusNotice: () => void viewed.push('notice'),
    },
  });
  return { actor: createActor(machine).start(), sent, viewed };
}

const good = { currentPassword: 'the old passphrase', newPassword: 'a brand new passphrase' };

test('the current password is needed and the new one must be long enough', () => {
  expect(validatePasswordChange({ currentPassword: '', newPassword: 'short' })).toEqual({
    currentPassword: 'Please enter your current password.',
    newPassword: 'Please choose a password of at least 12 characters.',
  });
  expect(validatePasswordChange(good)).toEqual({});
});

test('a refused form sends nothing and focuses the field to fix', () => {
  const { actor, sent, viewed } = changeWith(async () => {});

  actor.send({ type: 'form.submit', values: { currentPassword: '', newPassword: '' } });

  expect(actor.getSnapshot().value).toBe('editing');
  expect(sent).toEqual([]);
  expect(viewed).toEqual(['field to fix']);
});

test('a change that succeeds empties both fields and shows its notice', async () => {
  const { actor, sent, viewed } = changeWith(async () => {});

  actor.send({ type: 'form.submit', values: good });
  await waitFor(actor, (snapshot) => snapshot.matches('changed'));

  expect(sent).toEqual([good]);
  expect(actor.getSnapshot().context.values).toEqual({ currentPassword: '', newPassword: '' });
  expect(viewed).toEqual(['notice']);
});

test('a wrong current password is said next to it, and only that field is emptied', async () => {
  const { actor, viewed } = changeWith(async () => {
    throw new CoreError('invalid-input', 'Your current password is not right. Nothing was changed.', {
      fieldErrors: { currentPassword: 'Your current password is not right. Nothing was changed.' },
    });
  });

  actor.send({ type: 'form.submit', values: good });
  await waitFor(actor, (snapshot) => snapshot.matches('failed'));

  expect(actor.getSnapshot().context).toMatchObject({
    values: { currentPassword: '', newPassword: good.newPassword },
    fieldErrors: { currentPassword: 'Your current password is not right. Nothing was changed.' },
  });
  expect(viewed).toEqual(['failure']);
});
