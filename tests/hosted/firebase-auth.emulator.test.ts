// @vitest-environment node
// Runs the real Auth SDK (its Node build) against firebase-tools' real Auth emulator.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createFirebaseAppLoader } from '../../adapters/firebase/firebase-app';
import { createFirebaseAuth } from '../../adapters/firebase/firebase-auth.adapter';
import type { User } from '../../src-core/domain/user';
import { authContract } from '../contracts/auth.contract';
import { EMULATOR_PROJECT_ID, startAuthEmulator, type AuthEmulator } from './auth-emulator';
import { TEST_FIREBASE, uniqueAppName } from './hosted-samples';
import { failureOf } from '../support/core-error';

const emulator: { current?: AuthEmulator } = {};

const ADMIN = { email: 'secretary@example.org', password: 'correct horse battery staple' };
const UNVERIFIED_ADMIN = { email: 'chair@example.org', password: 'another long password' };
const DISABLED_ADMIN = { email: 'treasurer@example.org', password: 'a third long password' };
const MEMBER = { email: 'member@example.org', password: 'a member password' };
const ADMIN_EMAILS = [ADMIN.email, UNVERIFIED_ADMIN.email, DISABLED_ADMIN.email];

beforeAll(async () => {
  const started = await startAuthEmulator();
  emulator.current = started;
  await started.createAccount(ADMIN);
  await started.createAccount({ ...UNVERIFIED_ADMIN, emailVerified: false });
  await started.createAccount({ ...DISABLED_ADMIN, disabled: true });
  await started.createAccount(MEMBER);
}, 120_000);

afterAll(async () => {
  await emulator.current?.stop();
}, 20_000);

function hostedAuth(emulatorUrl = emulator.current?.url) {
  const loadApp = createFirebaseAppLoader({ ...TEST_FIREBASE, projectId: EMULATOR_PROJECT_ID }, uniqueAppName('auth'));
  return createFirebaseAuth({ loadApp, adminEmails: ADMIN_EMAILS, emulatorUrl });
}

test('an administrator signs in with the right password', async () => {
  const user = await hostedAuth().signIn({ email: ' Secretary@Example.org ', password: ADMIN.password });

  expect(user).toEqual({ email: 'secretary@example.org', emailVerified: true, administrator: true });
});

test('a wrong password is refused with a text that does not say which part was wrong', async () => {
  const error = await failureOf(hostedAuth().signIn({ email: ADMIN.email, password: 'not the password' }));

  expect(error.kind).toBe('not-authorised');
  expect(error.message).toBe('The e-mail address or password is not right. Please try again.');
});

test('an unknown address reads exactly like a wrong password', async () => {
  const unknown = await failureOf(hostedAuth().signIn({ email: 'nobody@example.org', password: 'whatever it is' }));

  expect(unknown.kind).toBe('not-authorised');
  expect(unknown.message).toBe('The e-mail address or password is not right. Please try again.');
});

test('a disabled account cannot sign in', async () => {
  const error = await failureOf(hostedAuth().signIn(DISABLED_ADMIN));

  expect(error.kind).toBe('not-authorised');
});

test('something that is not an e-mail address is invalid input', async () => {
  const error = await failureOf(hostedAuth().signIn({ email: 'secretary', password: ADMIN.password }));

  expect(error.kind).toBe('invalid-input');
});

test('an address on the list whose e-mail is not verified is not an administrator', async () => {
  const user = await hostedAuth().signIn(UNVERIFIED_ADMIN);

  expect(user).toEqual({ email: 'chair@example.org', emailVerified: false, administrator: false });
});

test('a verified account not on the list is signed in but not an administrator', async () => {
  const user = await hostedAuth().signIn(MEMBER);

  expect(user).toMatchObject({ administrator: false });
});

test('observing tells the listener who is signed in, and again on every change', async () => {
  const auth = hostedAuth();
  const seen: (User | null)[] = [];
  const stop = auth.observeUser((user) => seen.push(user));

  await expect.poll(() => seen).toEqual([null]);
  await auth.signIn(ADMIN);
  await expect.poll(() => seen.length).toBe(2);
  await auth.signOut();
  await expect.poll(() => seen.length).toBe(3);
  stop();

  expect(seen).toEqual([null, { email: 'secretary@example.org', emailVerified: true, administrator: true }, null]);
});

test('after signing out, a new observer sees nobody', async () => {
  const auth = hostedAuth();
  await auth.signIn(ADMIN);

  await auth.signOut();
  const seen: (User | null)[] = [];
  const stop = auth.observeUser((user) => seen.push(user));

  await expect.poll(() => seen).toEqual([null]);
  stop();
});

test('a stopped observer hears nothing more', async () => {
  const auth = hostedAuth();
  const seen: (User | null)[] = [];
  const stop = auth.observeUser((user) => seen.push(user));
  // Still listening: once it has heard the sign-in, the stopped observer would have heard it too.
  const listening: (User | null)[] = [];
  const stopListening = auth.observeUser((user) => listening.push(user));
  await expect.poll(() => seen).toEqual([null]);

  stop();
  await auth.signIn(ADMIN);
  await vi.waitFor(() => expect(listening.at(-1)?.email).toBe(ADMIN.email));
  stopListening();

  expect(seen).toEqual([null]);
});

test('signing out without a session still resolves', async () => {
  await expect(hostedAuth().signOut()).resolves.toBeUndefined();
});

test('when the sign-in service cannot be reached the administrator is told so', async () => {
  const error = await failureOf(hostedAuth('http://127.0.0.1:9').signIn(ADMIN));

  expect(error.kind).toBe('unavailable');
  expect(error.message).toBe('The sign-in service could not be reached. Please check your internet connection and try again.');
});

authContract('Firebase Auth SDK against the Auth emulator', async () => ({
  auth: hostedAuth(),
  admin: ADMIN,
  member: MEMBER,
  cleanup: async () => {},
}));
