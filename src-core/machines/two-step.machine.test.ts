import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { TwoStepEnrolment, TwoStepState } from '../ports/account.port';
import { CODE_MISSING, PASSWORD_MISSING, twoStepMachine } from './two-step.machine';

const CODES = Array.from({ length: 10 }, (_, index) => `code-${index}`);

function twoStepWith(initial: TwoStepState) {
  const state = { ...initial };
  const viewed: string[] = [];
  const sent: string[] = [];
  const machine = twoStepMachine.provide({
    actors: {
      loadState: fromPromise(async () => ({ ...state })),
      start: fromPromise<TwoStepEnrolment>(async () => ({ key: 'ABCD EFGH', qrSvg: '<svg/>' })),
      submit: fromPromise<readonly string[], string>(async ({ input }) => {
        sent.push(input);
        if (input !== '123456') throw new CoreError('invalid-input', 'That code is not right.', { fieldErrors: { code: 'That code is not right.' } });
        return CODES;
      }),
      turnOff: fromPromise<void, string>(async ({ input }) => {
        sent.push(input);
        if (input !== 'right password') throw new CoreError('invalid-input', 'Your current password is not right. Nothing was changed.');
      }),
    },
    actions: {
      focusEnrolment: () => void viewed.push('enrolment'),
      focusFieldToFix: () => void viewed.push('field to fix'),
      focusFailure: () => void viewed.push('failure'),
      focusRecoveryCodes: () => void viewed.push('codes'),
      focusStatus: () => void viewed.push('status'),
      focusTurnOff: () => void viewed.push('turn off'),
    },
  });
  return { actor: createActor(machine).start(), viewed, sent };
}

test('setting up: a key, a wrong code refused, the right code gives the recovery codes, then it is on', async () => {
  const { actor, viewed, sent } = twoStepWith({ enabled: false, required: false, recoveryCodesLeft: 0 });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));

  actor.send({ type: 'two-step.start' });
  await waitFor(actor, (snapshot) => snapshot.matches('enrolling'));
  expect(actor.getSnapshot().context.enrolment).toEqual({ key: 'ABCD EFGH', qrSvg: '<svg/>' });

  actor.send({ type: 'code.submit', code: ' ' });
  expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: CODE_MISSING });

  actor.send({ type: 'code.submit', code: '111 111' });
  await waitFor(actor, (snapshot) => snapshot.matches('enrolling') && snapshot.context.errorMessage !== null);
  expect(actor.getSnapshot().context).toMatchObject({ errorMessage: 'That code is not right.', values: { code: '' } });

  actor.send({ type: 'code.submit', code: '123 456' });
  await waitFor(actor, (snapshot) => snapshot.matches('showingCodes'));
  expect(actor.getSnapshot().context.recoveryCodes).toEqual(CODES);

  actor.send({ type: 'codes.saved' });
  expect(actor.getSnapshot().value).toBe('ready');
  expect(actor.getSnapshot().context).toMatchObject({ recoveryCodes: [], state: { enabled: true, recoveryCodesLeft: 10 } });
  expect(sent).toEqual(['111111', '123456']);
  expect(viewed).toEqual(['enrolment', 'field to fix', 'failure', 'codes', 'status']);
});

test('turning off needs the password; a wrong one says so', async () => {
  const { actor, viewed } = twoStepWith({ enabled: true, required: false, recoveryCodesLeft: 10 });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));

  actor.send({ type: 'turnOff.begin' });
  actor.send({ type: 'turnOff.submit', password: '' });
  expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: PASSWORD_MISSING });
  actor.send({ type: 'turnOff.submit', password: 'wrong' });
  await waitFor(actor, (snapshot) => snapshot.matches('confirmingTurnOff') && snapshot.context.errorMessage !== null);
  actor.send({ type: 'turnOff.submit', password: 'right password' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));

  expect(actor.getSnapshot().context.state).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
  expect(viewed).toEqual(['turn off', 'field to fix', 'failure', 'status']);
});

test('when the site requires it, it cannot be turned off', async () => {
  const { actor } = twoStepWith({ enabled: true, required: true, recoveryCodesLeft: 10 });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));

  actor.send({ type: 'turnOff.begin' });

  expect(actor.getSnapshot().value).toBe('ready');
});
