import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { SignedInDevice } from '../ports/account.port';
import { DEVICE_ENDED, devicesMachine, endedOthersNotice } from './devices.machine';

const here: SignedInDevice = { id: 'a', browser: 'Firefox on Windows', address: '192.0.2.1', lastUsedAt: '2026-03-01T10:00:00.000Z', current: true };
const phone: SignedInDevice = { id: 'b', browser: 'Safari on iPhone', address: '192.0.2.2', lastUsedAt: '2026-03-01T09:00:00.000Z', current: false };

function devicesWith(initial: SignedInDevice[], failEnding = false) {
  let devices = [...initial];
  const viewed: string[] = [];
  const machine = devicesMachine.provide({
    actors: {
      list: fromPromise<readonly SignedInDevice[]>(async () => devices),
      end: fromPromise<void, string>(async ({ input }) => {
        if (failEnding) throw new CoreError('not-found', 'This device is not signed in any more.');
        devices = devices.filter((device) => device.id !== input);
      }),
      endOthers: fromPromise(async () => {
        const ended = devices.filter((device) => !device.current).length;
        devices = devices.filter((device) => device.current);
        return ended;
      }),
    },
    actions: { focusNotice: () => void viewed.push('notice'), focusFailure: () => void viewed.push('failure') },
  });
  return { actor: createActor(machine).start(), viewed };
}

test('the list loads, and ending one device lists the rest with a notice', async () => {
  const { actor, viewed } = devicesWith([here, phone]);
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(actor.getSnapshot().context.devices).toEqual([here, phone]);

  actor.send({ type: 'device.end', id: 'b' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.devices.length === 1);

  expect(actor.getSnapshot().context.notice).toBe(DEVICE_ENDED);
  expect(viewed).toEqual(['notice']);
});

test('ending all others says how many', async () => {
  const { actor } = devicesWith([here, phone, { ...phone, id: 'c' }]);
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));

  actor.send({ type: 'devices.endOthers' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.devices.length === 1);

  expect(actor.getSnapshot().context.notice).toBe('2 other devices have been signed out.');
  expect(endedOthersNotice(1)).toBe('1 other device has been signed out.');
  expect(endedOthersNotice(0)).toBe('No other device was signed in.');
});

test('a device that cannot be ended says why and keeps the list', async () => {
  const { actor, viewed } = devicesWith([here, phone], true);
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));

  actor.send({ type: 'device.end', id: 'b' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.errorMessage !== null);

  expect(actor.getSnapshot().context).toMatchObject({ errorMessage: 'This device is not signed in any more.', devices: [here, phone] });
  expect(viewed).toEqual(['failure']);
});
