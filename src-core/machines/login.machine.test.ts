import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Credentials, SignInOutcome, User } from '../domain/user';
import { CoreError } from '../domain/core-error';
import { loginMachine, signInFailureMessage } from './login.machine';

const admin: User = { email: 'secretary@example.org', administrator: true };
const filled = { email: ' secretary@example.org ', password: 'correct horse battery' };

function signInWith(run: (credentials: Credentials) => Promise<SignInOutcome>) {
  const calls: Credentials[] = [];
  const viewed: string[] = [];
  const machine = loginMachine.provide({
    actors: {
      submit: fromPromise<SignInOutcome, Credentials>(({ input }) => {
        calls.push(input);
        return run(input);
      }),
    },
    actions: {
      showAdminArea: () => void viewed.push('admin area'),
      focusFieldToFix: () => void viewed.push('field to fix'),
      focusFailure: () => void viewed.push('failure'),
      showSecondStep: () => void viewed.push('second step'),
      showPasswordStep: () => void viewed.push('password step'),
    },
  });
  return { actor: createActor(machine).start(), calls, viewed };
}

function type(actor: ReturnType<typeof signInWith>['actor'], values: { email: string; password: string }) {
  actor.send({ type: 'field.changed', field: 'email', value: values.email });
  actor.send({ type: 'field.changed', field: 'password', value: values.password });
}

test('the form starts empty and editable', () => {
  const { actor } = signInWith(async () => admin);

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context).toEqual({
    values: { email: '', password: '' },
    fieldErrors: {},
    errorMessage: null,
  });
});

test('typing keeps what was typed', () => {
  const { actor } = signInWith(async () => admin);

  type(actor, filled);

  expect(actor.getSnapshot().context.values).toEqual(filled);
});

test('an empty form shows field errors, focuses the field to fix and signs nobody in', () => {
  const { actor, calls, viewed } = signInWith(async () => admin);

  actor.send({ type: 'form.submit' });

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.fieldErrors).toEqual({
    email: 'Please enter your e-mail address.',
    password: 'Please enter your password.',
  });
  expect(calls).toEqual([]);
  expect(viewed).toEqual(['field to fix']);
});

test('an administrator signs in with the trimmed e-mail and the password as typed, and goes on to the admin area', async () => {
  const { actor, calls, viewed } = signInWith(async () => admin);
  type(actor, filled);

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('signedIn'));

  expect(calls).toEqual([{ email: 'secretary@example.org', password: 'correct horse battery' }]);
  expect(actor.getSnapshot().status).toBe('done');
  expect(viewed).toEqual(['admin area']);
});

test('an account that is not an administrator starts again with an empty form and stays here', async () => {
  const { actor, viewed } = signInWith(async () => ({ email: 'member@example.org', administrator: false }));
  type(actor, filled);

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => !state.matches('submitting'));

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context).toEqual({ values: { email: '', password: '' }, fieldErrors: {}, errorMessage: null });
  expect(viewed).toEqual([]);
});

test('values sent with the submit replace what was typed', async () => {
  const { actor, calls } = signInWith(async () => admin);
  type(actor, { email: 'old@example.org', password: 'old' });

  actor.send({ type: 'form.submit', values: { email: 'secretary@example.org', password: 'autofilled' } });
  await waitFor(actor, (state) => state.matches('signedIn'));

  expect(calls).toEqual([{ email: 'secretary@example.org', password: 'autofilled' }]);
});

test('a second submit while signing in is ignored', async () => {
  const { actor, calls } = signInWith(() => new Promise<User>((resolve) => setTimeout(() => resolve(admin), 20)));
  type(actor, filled);

  actor.send({ type: 'form.submit' });
  actor.send({ type: 'form.submit' });
  actor.send({ type: 'field.changed', field: 'email', value: 'changed@example.org' });
  await waitFor(actor, (state) => state.matches('signedIn'));

  expect(calls).toHaveLength(1);
  expect(actor.getSnapshot().context.values.email).toBe(' secretary@example.org ');
});

test('a wrong password fails with the backend message, clears the password and focuses the message', async () => {
  const { actor, viewed } = signInWith(async () => {
    throw new CoreError('not-authorised', 'The e-mail address or password is not correct.');
  });
  type(actor, filled);

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.errorMessage).toBe('The e-mail address or password is not correct.');
  expect(actor.getSnapshot().context.values).toEqual({ email: ' secretary@example.org ', password: '' });
  expect(viewed).toEqual(['failure']);
});

test('after a failure the form can be submitted again and succeed, clearing the message', async () => {
  const responses = [
    () => Promise.reject(new CoreError('not-authorised', 'The e-mail address or password is not correct.')),
    () => Promise.resolve(admin),
  ];
  const { actor, calls } = signInWith(() => (responses.shift() ?? responses[0]!)());
  type(actor, filled);
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('failed'));

  actor.send({ type: 'field.changed', field: 'password', value: 'second try' });
  const whileEditing = actor.getSnapshot();
  actor.send({ type: 'form.submit' });
  const whileSubmitting = actor.getSnapshot();
  await waitFor(actor, (state) => state.matches('signedIn'));

  expect(whileEditing.value).toBe('failed');
  expect(whileEditing.context.errorMessage).toBe('The e-mail address or password is not correct.');
  expect(whileSubmitting.value).toBe('submitting');
  expect(whileSubmitting.context.errorMessage).toBeNull();
  expect(calls.map((call) => call.password)).toEqual(['correct horse battery', 'second try']);
});

test('a failed form with an empty field shows the field error, not a sign-in', () => {
  const { actor, calls } = signInWith(async () => admin);

  actor.send({ type: 'form.submit', values: { email: 'secretary@example.org', password: '' } });

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'Please enter your password.' });
  expect(calls).toEqual([]);
});

test('field errors go away once the form is valid', async () => {
  const { actor } = signInWith(() => new Promise<User>(() => {}));
  actor.send({ type: 'form.submit' });

  type(actor, filled);
  actor.send({ type: 'form.submit' });

  expect(actor.getSnapshot().value).toBe('submitting');
  expect(actor.getSnapshot().context.fieldErrors).toEqual({});
});

test('throttled attempts say when to try again', async () => {
  const { actor } = signInWith(async () => {
    throw new CoreError('too-many-requests', 'Too many requests', { retryAfterSeconds: 900 });
  });
  type(actor, filled);

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.errorMessage).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
});

test('an unexpected failure says the service is unavailable', () => {
  expect(signInFailureMessage(new TypeError('Failed to fetch'))).toBe(
    'The service is not available right now. Please try again.',
  );
  expect(signInFailureMessage(new CoreError('too-many-requests', 'x'))).toBe(
    'Too many sign-in attempts. Please try again later.',
  );
});

test('without a provided submit actor the form fails rather than hangs', async () => {
  const actor = createActor(loginMachine).start();

  actor.send({ type: 'form.submit', values: filled });
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.errorMessage).toBe('The service is not available right now. Please try again.');
});

test('an account with two-step sign-in waits in secondStep, password forgotten, without going to the admin area', async () => {
  const { actor, viewed } = signInWith(async () => ({ secondStep: { methods: ['totp', 'recovery-code'] } }));

  actor.send({ type: 'form.submit', values: filled });
  await waitFor(actor, (snapshot) => snapshot.matches('secondStep'));

  expect(actor.getSnapshot().context.values).toEqual({ email: filled.email, password: '' });
  expect(viewed).toEqual(['second step']);
});

test('starting again from the second step empties the form and goes back to its first field', async () => {
  const { actor, viewed } = signInWith(async () => ({ secondStep: { methods: ['totp'] } }));
  actor.send({ type: 'form.submit', values: filled });
  await waitFor(actor, (snapshot) => snapshot.matches('secondStep'));

  actor.send({ type: 'second-step.cancel' });

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.values).toEqual({ email: '', password: '' });
  expect(viewed).toEqual(['second step', 'password step']);
});
