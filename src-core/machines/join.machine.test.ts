import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import { APPLICATION_FIELD_MESSAGES } from '../domain/membership-application';
import { TICKED, type JoinField } from '../domain/join-form';
import type { MembershipApplication } from '../ports/membership.port';
import { joinMachine } from './join.machine';

const typed: Partial<Record<JoinField, string>> = {
  name: ' Mary Byrne ',
  address: '12 Main Street\nBallymore ',
  eircode: 'n91 f4e2',
  background: ' Trained in the Mater, 1968. ',
  branch: 'not-sure',
  consent: TICKED,
};

function joinWith(run: (application: MembershipApplication) => Promise<void>) {
  const sent: MembershipApplication[] = [];
  const moments: string[] = [];
  const machine = joinMachine().provide({
    actors: {
      submit: fromPromise<void, MembershipApplication>(({ input }) => {
        sent.push(input);
        return run(input);
      }),
    },
    actions: {
      log: () => {},
      focusFieldToFix: () => void moments.push('focus the field to fix'),
      focusFailure: () => void moments.push('focus the failure'),
      showThanks: () => void moments.push('thanks'),
    },
  });
  return { actor: createActor(machine).start(), sent, moments };
}

type JoinActor = ReturnType<typeof joinWith>['actor'];

function fill(actor: JoinActor, values: Partial<Record<JoinField, string>> = typed) {
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'field.changed', field: field as JoinField, value });
}

test('an incomplete form names what is missing, sends nothing and moves focus to the first field to fix', () => {
  const { actor, sent, moments } = joinWith(async () => {});
  fill(actor, { name: 'Mary Byrne', newsletter: TICKED });

  actor.send({ type: 'form.submit' });

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.fieldErrors).toEqual({
    address: APPLICATION_FIELD_MESSAGES.address,
    background: APPLICATION_FIELD_MESSAGES.background,
    branch: APPLICATION_FIELD_MESSAGES.branch,
    newsletter: APPLICATION_FIELD_MESSAGES.newsletterNeedsEmail,
    consent: APPLICATION_FIELD_MESSAGES.consent,
  });
  expect(sent).toEqual([]);
  expect(moments).toEqual(['focus the field to fix']);
});

test('a complete form sends the application, trimmed and with its boxes as yes or no, then goes on to the thanks', async () => {
  const { actor, sent, moments } = joinWith(async () => {});
  fill(actor);

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.status === 'done');

  expect(sent).toEqual([
    {
      name: 'Mary Byrne',
      address: '12 Main Street\nBallymore',
      eircode: 'n91 f4e2',
      phone: '',
      email: '',
      background: 'Trained in the Mater, 1968.',
      nmbiPin: '',
      branch: 'not-sure',
      newsletter: false,
      consent: true,
    },
  ]);
  expect(moments).toEqual(['thanks']);
});

test("the backend's message for one field is shown beside it, everything typed is kept, and focus goes to that field", async () => {
  const refusal = new CoreError('invalid-input', 'Please check the form.', { fieldErrors: { eircode: APPLICATION_FIELD_MESSAGES.eircode, website: 'never shown' } });
  const { actor, moments } = joinWith(() => Promise.reject(refusal));
  fill(actor);

  actor.send({ type: 'form.submit' });
  await waitFor(actor, () => moments.length > 0);

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.fieldErrors).toEqual({ eircode: APPLICATION_FIELD_MESSAGES.eircode });
  expect(actor.getSnapshot().context.values.name).toBe(' Mary Byrne ');
  expect(moments).toEqual(['focus the field to fix']);
});

test('a server that cannot be reached leaves the form as typed, says nothing is lost, and a second press sends it', async () => {
  let attempts = 0;
  const { actor, sent, moments } = joinWith(() => {
    attempts += 1;
    return attempts === 1 ? Promise.reject(new CoreError('unavailable', 'The service is not available right now.')) : Promise.resolve();
  });
  fill(actor);

  actor.send({ type: 'form.submit' });
  await waitFor(actor, () => moments.length > 0);
  const afterFailure = actor.getSnapshot();
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.status === 'done');

  expect(afterFailure.value).toBe('editing');
  expect(afterFailure.context.errorMessage).toBe(
    'Your application was not sent. The service is not available right now. Nothing you typed is lost; please try again in a while.',
  );
  expect(afterFailure.context.values.address).toBe('12 Main Street\nBallymore ');
  expect(sent).toHaveLength(2);
  expect(moments).toEqual(['focus the failure', 'thanks']);
});
