import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import { EMPTY_DETAILS, type AssociationDetails } from '../domain/association-details';
import { SAMPLE_DETAILS } from '../domain/sample-details';
import { DETAILS_SAVED, detailsMachine } from './details.machine';

function start(save: (details: AssociationDetails) => Promise<AssociationDetails>) {
  const saved: AssociationDetails[] = [];
  const actor = createActor(
    detailsMachine.provide({
      actors: {
        submit: fromPromise<AssociationDetails, AssociationDetails>(async ({ input }) => {
          saved.push(input);
          return save(input);
        }),
      },
    }),
  ).start();
  return { actor, saved };
}

test('loaded details fill the form, social pages one per line; a save stores them and says where they show', async () => {
  const { actor, saved } = start(async (details) => details);
  actor.send({ type: 'form.loaded', saved: { ...SAMPLE_DETAILS, socialLinks: ['https://a.example/1', 'https://b.example/2'] } });
  expect(actor.getSnapshot().context.values.socialLinks).toBe('https://a.example/1\nhttps://b.example/2');

  actor.send({ type: 'field.changed', field: 'phone', value: '01 555 1234' });
  actor.send({ type: 'form.submit' });

  await waitFor(actor, (snapshot) => snapshot.context.notice !== null);
  expect(saved[0]).toMatchObject({ phone: '01 555 1234', socialLinks: ['https://a.example/1', 'https://b.example/2'] });
  expect(actor.getSnapshot().context.notice).toBe(DETAILS_SAVED);
});

test('a bad phone number is refused beside its field and nothing is sent', () => {
  const { actor, saved } = start(async (details) => details);
  actor.send({ type: 'form.loaded', saved: EMPTY_DETAILS });
  actor.send({ type: 'field.changed', field: 'phone', value: 'ring us' });
  actor.send({ type: 'form.submit' });

  expect(actor.getSnapshot().context.fieldErrors.phone).toMatch(/digits and spaces only/);
  expect(saved).toEqual([]);
});

test("the server's refusal shows beside the field it names", async () => {
  const { actor } = start(async () => {
    throw new CoreError('invalid-input', 'Please enter a valid e-mail address.', { fieldErrors: { email: 'Please enter a valid e-mail address.' } });
  });
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (snapshot) => snapshot.context.errorMessage !== null);
  expect(actor.getSnapshot().context.fieldErrors.email).toBe('Please enter a valid e-mail address.');
  expect(actor.getSnapshot().matches('editing')).toBe(true);
});
