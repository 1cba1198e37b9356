import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { ContactMessage } from '../domain/contact-message';
import { CONTACT_CONFIRMATION, contactFailureMessage, contactMachine } from './contact.machine';
import type { LogParams } from './log';

const typed = { name: ' Mary Byrne ', email: ' mary@example.org ', message: ' When is the AGM? ' };

function contactWith(run: (message: ContactMessage) => Promise<void>) {
  const sent: ContactMessage[] = [];
  const logged: LogParams[] = [];
  const focused: string[] = [];
  const machine = contactMachine().provide({
    actors: {
      submit: fromPromise<void, ContactMessage>(({ input }) => {
        sent.push(input);
        return run(input);
      }),
    },
    actions: {
      log: (_, params) => void logged.push(params),
      focusFieldToFix: () => void focused.push('field to fix'),
      focusOutcome: () => void focused.push('outcome'),
    },
  });
  return { actor: createActor(machine).start(), sent, logged, focused };
}

type ContactActor = ReturnType<typeof contactWith>['actor'];

function fill(actor: ContactActor, values = typed) {
  actor.send({ type: 'field.changed', field: 'name', value: values.name });
  actor.send({ type: 'field.changed', field: 'email', value: values.email });
  actor.send({ type: 'field.changed', field: 'message', value: values.message });
}

const unavailable = () => Promise.reject(new CoreError('unavailable', 'Please try again in a few minutes.'));

test('the form starts empty', () => {
  const { actor } = contactWith(async () => {});

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context).toEqual({
    values: { name: '', email: '', message: '' },
    fieldErrors: {},
    errorMessage: null,
  });
});

test('an incomplete form shows what is missing and sends nothing', () => {
  const { actor, sent } = contactWith(async () => {});
  actor.send({ type: 'field.changed', field: 'name', value: 'Mary' });

  actor.send({ type: 'form.submit' });

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.fieldErrors).toEqual({
    email: 'Please enter your e-mail address.',
    message: 'Please enter a message.',
  });
  expect(actor.getSnapshot().context.values.name).toBe('Mary');
  expect(sent).toEqual([]);
});

test('a complete form is sent trimmed, then cleared with the confirmation showing', async () => {
  const { actor, sent, logged } = contactWith(async () => {});
  fill(actor);

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('sent'));

  expect(sent).toEqual([{ name: 'Mary Byrne', email: 'mary@example.org', message: 'When is the AGM?' }]);
  expect(actor.getSnapshot().context).toEqual({
    values: { name: '', email: '', message: '' },
    fieldErrors: {},
    errorMessage: null,
  });
  expect(logged).toEqual([{ level: 'info', message: 'Contact message accepted.' }]);
  expect(CONTACT_CONFIRMATION).toBe('Thank you. Your message has been received and we will reply as soon as we can.');
});

test("'form.again' after a sent message goes back to an empty form for another", async () => {
  const { actor } = contactWith(async () => {});
  fill(actor);
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('sent'));

  actor.send({ type: 'form.again' });

  expect(actor.getSnapshot().matches('editing')).toBe(true);
  expect(actor.getSnapshot().context.values).toEqual({ name: '', email: '', message: '' });
});

test('values given with the submit are the ones sent', async () => {
  const { actor, sent } = contactWith(async () => {});

  actor.send({ type: 'form.submit', values: { name: 'Ann', email: 'ann@example.org', message: 'Hello' } });
  await waitFor(actor, (state) => state.matches('sent'));

  expect(sent).toEqual([{ name: 'Ann', email: 'ann@example.org', message: 'Hello' }]);
});

test('a second submit while sending is ignored, and so are changes', async () => {
  const { actor, sent } = contactWith(() => new Promise((resolve) => setTimeout(resolve, 20)));
  fill(actor);

  actor.send({ type: 'form.submit' });
  actor.send({ type: 'form.submit' });
  actor.send({ type: 'field.changed', field: 'name', value: 'Someone else' });
  const whileSending = actor.getSnapshot();
  await waitFor(actor, (state) => state.matches('sent'));

  expect(whileSending.value).toBe('submitting');
  expect(whileSending.context.values.name).toBe(' Mary Byrne ');
  expect(sent).toHaveLength(1);
});

test('a failed send keeps what was typed and says so', async () => {
  const { actor, logged } = contactWith(unavailable);
  fill(actor);

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.values).toEqual(typed);
  expect(actor.getSnapshot().context.errorMessage).toBe('Your message was not sent. Please try again in a few minutes.');
  expect(logged).toEqual([
    { level: 'warn', message: 'Contact message not sent.', error: new CoreError('unavailable', 'Please try again in a few minutes.') },
  ]);
});

test('changing a field after a failure is editing again, without the message', async () => {
  const { actor } = contactWith(unavailable);
  fill(actor);
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('failed'));

  actor.send({ type: 'field.changed', field: 'message', value: 'When is the AGM, please?' });

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.errorMessage).toBeNull();
  expect(actor.getSnapshot().context.values.message).toBe('When is the AGM, please?');
});

test('submitting again after a failure sends again and can succeed', async () => {
  const responses = [unavailable, () => Promise.resolve()];
  const { actor, sent } = contactWith(() => responses.shift()!());
  fill(actor);
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('failed'));

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('sent'));

  expect(sent).toHaveLength(2);
});

test('changing a field after sending hides the confirmation', async () => {
  const { actor } = contactWith(async () => {});
  fill(actor);
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('sent'));

  actor.send({ type: 'field.changed', field: 'name', value: 'B' });

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.values).toEqual({ name: 'B', email: '', message: '' });
});

test('another message can be sent after the first', async () => {
  const { actor, sent } = contactWith(async () => {});
  fill(actor);
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('sent'));

  actor.send({ type: 'form.submit', values: { name: 'Ann', email: 'ann@example.org', message: 'Again' } });
  await waitFor(actor, (state) => state.matches('sent') && sent.length === 2);

  expect(sent[1]).toEqual({ name: 'Ann', email: 'ann@example.org', message: 'Again' });
});

test('an empty submit after sending shows the field errors', async () => {
  const { actor } = contactWith(async () => {});
  fill(actor);
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('sent'));

  actor.send({ type: 'form.submit' });

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.fieldErrors.name).toBe('Please enter your name.');
});

test('field errors from the backend are shown beside their fields', async () => {
  const { actor } = contactWith(() =>
    Promise.reject(
      new CoreError('invalid-input', 'Please check the form.', {
        fieldErrors: { email: 'This address cannot receive mail.', other: 'ignored' },
      }),
    ),
  );
  fill(actor);

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'This address cannot receive mail.' });
  expect(actor.getSnapshot().context.errorMessage).toBe('Your message was not sent. Please check the form.');
});

test('a throttled send says when to try again', () => {
  expect(contactFailureMessage(new CoreError('too-many-requests', 'x', { retryAfterSeconds: 300 }))).toBe(
    'Your message was not sent because too many messages were sent in a short time. Please try again in 5 minutes.',
  );
});

test('an unexpected failure says the service is unavailable', () => {
  expect(contactFailureMessage(new Error('boom'))).toBe(
    'Your message was not sent. The service is not available right now. Please try again.',
  );
});

test('without a provided submit actor the form fails rather than pretends to send', async () => {
  const logged: LogParams[] = [];
  const actor = createActor(contactMachine().provide({ actions: { log: (_, params) => void logged.push(params) } })).start();

  actor.send({ type: 'form.submit', values: typed });
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.errorMessage).toBe(
    'Your message was not sent. The service is not available right now. Please try again.',
  );
  expect(logged.map((entry) => entry.level)).toEqual(['warn']);
});

test('a refused submit asks the view to focus the field to fix, and nothing else', () => {
  const { actor, focused } = contactWith(async () => {});

  actor.send({ type: 'form.submit' });
  actor.send({ type: 'form.submit' });

  expect(focused).toEqual(['field to fix', 'field to fix']);
});

test('the outcome takes focus when the message is sent and when it is not', async () => {
  const responses = [unavailable, () => Promise.resolve()];
  const { actor, focused } = contactWith(() => responses.shift()!());
  fill(actor);

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('failed'));
  const afterFailure = [...focused];
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('sent'));

  expect(afterFailure).toEqual(['outcome']);
  expect(focused).toEqual(['outcome', 'outcome']);
});
