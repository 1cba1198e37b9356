import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import { NO_EVENT_DETAILS, type EventDetails } from '../domain/event-details';
import { EMPTY_EVENT_FORM, eventDetailsToForm, type EventDetailsForm } from '../domain/event-details-form';
import { DETAILS_NOT_VALID, eventDetailsMachine, type SaveDetailsInput } from './event-details.machine';

const ZONE = 'Europe/Dublin';
const STORED: EventDetails = { ...NO_EVENT_DETAILS, title: 'Fair', start: '2026-09-12T10:00', end: '2026-09-12T12:00', timeZone: ZONE };
const FAIR_FORM: EventDetailsForm = { ...EMPTY_EVENT_FORM, title: 'Fair', startDate: '2026-09-12', startTime: '10:00', endTime: '12:00' };

function harness(save: (input: SaveDetailsInput) => Promise<unknown>) {
  const saves: SaveDetailsInput[] = [];
  const effects: string[] = [];
  const actor = createActor(
    eventDetailsMachine.provide({
      actors: {
        saveDetails: fromPromise<unknown, SaveDetailsInput>(({ input }) => {
          saves.push(input);
          return save(input);
        }),
      },
      actions: {
        onSaved: () => void effects.push('saved'),
        focusEditor: () => void effects.push('focusEditor'),
        focusOpenButton: () => void effects.push('focusOpenButton'),
        focusFieldToFix: () => void effects.push('focusFieldToFix'),
        log: () => {},
      },
    }),
    { input: { fullPath: 'events/Fair.pdf', timeZone: ZONE } },
  ).start();
  return { actor, saves, effects };
}

test('details are saved for the file, the form closes, the view is told and focus returns to the button', async () => {
  const { actor, saves, effects } = harness(async () => undefined);

  actor.send({ type: 'details.edit' });
  actor.send({ type: 'details.save', form: FAIR_FORM });
  await waitFor(actor, (state) => state.matches('closed'));

  expect(saves).toEqual([{ fullPath: 'events/Fair.pdf', details: STORED }]);
  expect(effects).toEqual(['focusEditor', 'saved', 'focusOpenButton']);
  expect(actor.getSnapshot().context.saved).toBe(true);
});

test.each([
  ['start date', { startDate: '2026-10-03' }, { start: '2026-10-03T10:00', end: '2026-10-03T12:00' }],
  ['start time', { startTime: '09:15' }, { start: '2026-09-12T09:15', end: '2026-09-12T12:00' }],
  ['end date', { endDate: '2026-09-13' }, { end: '2026-09-13T12:00' }],
  ['end time', { endTime: '13:45' }, { end: '2026-09-12T13:45' }],
  ['all day', { allDay: true }, { start: '2026-09-12', end: '', allDay: true }],
])('a dated event moved by its %s alone is saved as moved', async (_, change, moved) => {
  const { actor, saves } = harness(async () => undefined);

  actor.send({ type: 'details.edit' });
  actor.send({ type: 'details.save', form: { ...eventDetailsToForm(STORED, ZONE), ...change } });
  await waitFor(actor, (state) => state.matches('closed'));

  expect(saves).toEqual([{ fullPath: 'events/Fair.pdf', details: { ...STORED, ...moved } }]);
});

test('details the rules refuse are never sent; each message stays beside its box and focus goes to it', () => {
  const { actor, saves, effects } = harness(async () => undefined);

  actor.send({ type: 'details.edit' });
  actor.send({ type: 'details.save', form: { ...FAIR_FORM, endDate: '2026-09-11' } });

  expect(saves).toEqual([]);
  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context).toMatchObject({ fieldErrors: { endDate: 'The end must be after the start.' }, errorMessage: DETAILS_NOT_VALID });
  expect(effects).toEqual(['focusEditor', 'focusFieldToFix']);
});

test("the backend's refusal keeps the form open with its messages by the date boxes, and nothing is told as saved", async () => {
  const refusal = new CoreError('invalid-input', 'The end must be after the start.', { fieldErrors: { end: 'The end must be after the start.' } });
  const { actor, effects } = harness(() => Promise.reject(refusal));

  actor.send({ type: 'details.edit' });
  actor.send({ type: 'details.save', form: FAIR_FORM });
  await waitFor(actor, (state) => state.matches('editing') && state.context.errorMessage !== null);

  expect(actor.getSnapshot().context).toMatchObject({
    errorMessage: 'The details were not saved. The end must be after the start.',
    fieldErrors: { endDate: 'The end must be after the start.' },
    saved: false,
  });
  expect(effects).toEqual(['focusEditor']);
});

test("a refusal says why in the backend's words: a branch officer is not told they were signed out", async () => {
  const refusal = new CoreError('not-authorised', 'This event belongs to another branch, and your role covers only your own branch.');
  const { actor } = harness(() => Promise.reject(refusal));

  actor.send({ type: 'details.edit' });
  actor.send({ type: 'details.save', form: FAIR_FORM });
  await waitFor(actor, (state) => state.matches('editing') && state.context.errorMessage !== null);

  expect(actor.getSnapshot().context.errorMessage).toBe(
    'The details were not saved. This event belongs to another branch, and your role covers only your own branch.',
  );
});

test('cancel closes the form, sends nothing and returns focus to the button', () => {
  const { actor, saves, effects } = harness(async () => undefined);

  actor.send({ type: 'details.edit' });
  actor.send({ type: 'details.cancel' });

  expect(actor.getSnapshot().value).toBe('closed');
  expect(saves).toEqual([]);
  expect(effects).toEqual(['focusEditor', 'focusOpenButton']);
});
