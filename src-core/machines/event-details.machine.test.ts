import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import { NO_EVENT_DETAILS, type EventDetails } from '../domain/event-details';
import { DETAILS_NOT_VALID, eventDetailsMachine } from './event-details.machine';

const DETAILS: EventDetails = { ...NO_EVENT_DETAILS, title: 'Fair', start: '2026-09-12T10:00', timeZone: 'Europe/Dublin' };

function harness(save: (input: { fullPath: string; details: EventDetails | null }) => Promise<unknown>) {
  const saves: { fullPath: string; details: EventDetails | null }[] = [];
  const effects: string[] = [];
  const actor = createActor(
    eventDetailsMachine.provide({
      actors: {
        saveDetails: fromPromise<unknown, { fullPath: string; details: EventDetails | null }>(({ input }) => {
          saves.push(input);
          return save(input);
        }),
      },
      actions: { onSaved: () => void effects.push('saved'), log: () => {} },
    }),
    { input: { fullPath: 'events/Fair.pdf' } },
  ).start();
  return { actor, saves, effects };
}

test('details are saved for the file, the form closes and the view is told', async () => {
  const { actor, saves, effects } = harness(async () => undefined);

  actor.send({ type: 'details.edit' });
  actor.send({ type: 'details.save', details: DETAILS, fieldErrors: {} });
  await waitFor(actor, (state) => state.matches('closed'));

  expect(saves).toEqual([{ fullPath: 'events/Fair.pdf', details: DETAILS }]);
  expect(effects).toEqual(['saved']);
  expect(actor.getSnapshot().context.saved).toBe(true);
});

test('details the form refused are never sent, and the refusals stay for the form', () => {
  const { actor, saves } = harness(async () => undefined);

  actor.send({ type: 'details.edit' });
  actor.send({ type: 'details.save', details: null, fieldErrors: { title: 'Too long.' } });

  expect(saves).toEqual([]);
  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context).toMatchObject({ fieldErrors: { title: 'Too long.' }, errorMessage: DETAILS_NOT_VALID });
});

test("the backend's refusal keeps the form open with its messages, and nothing is told as saved", async () => {
  const refusal = new CoreError('invalid-input', 'The end must be after the start.', { fieldErrors: { end: 'The end must be after the start.' } });
  const { actor, effects } = harness(() => Promise.reject(refusal));

  actor.send({ type: 'details.edit' });
  actor.send({ type: 'details.save', details: DETAILS, fieldErrors: {} });
  await waitFor(actor, (state) => state.matches('editing') && state.context.errorMessage !== null);

  expect(actor.getSnapshot().context).toMatchObject({ errorMessage: 'The details were not saved. The end must be after the start.', fieldErrors: { end: 'The end must be after the start.' }, saved: false });
  expect(effects).toEqual([]);
});

test('cancel closes the form and sends nothing', () => {
  const { actor, saves } = harness(async () => undefined);

  actor.send({ type: 'details.edit' });
  actor.send({ type: 'details.cancel' });

  expect(actor.getSnapshot().value).toBe('closed');
  expect(saves).toEqual([]);
});
