// @vitest-environment node
// The SDK runs its Node build here, whose fetch needs Node's own Blob, not jsdom's.
import { expect, test } from 'vitest';
import { createFirebaseAppLoader } from '../../adapters/firebase/firebase-app';
import { createFirebaseAuth } from '../../adapters/firebase/firebase-auth.adapter';
import { firebaseAuthHandlers, type FakeAccount } from '../../mocks/firebase-auth';
import { failureOf } from '../support/core-error';
import { useFakeNetwork } from '../support/fake-network';
import { ADMIN, TEST_FIREBASE, uniqueAppName } from './hosted-samples';

/*
 * An account with Firebase's multi-factor sign-in (an authenticator app, TOTP): the real SDK
 * against the Auth fake, which returns a pending credential for the password as the service does
 * (the Auth emulator has no TOTP second factor).
 */
const server = useFakeNetwork();
const APP_CODE = '314159';

function hostedAuth(account: FakeAccount) {
  server.use(...firebaseAuthHandlers({ projectId: TEST_FIREBASE.projectId, accounts: [account] }));
  const loadApp = createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('second-step'));
  return createFirebaseAuth({ loadApp, adminEmails: [ADMIN.email] });
}

test('the password alone does not sign in: the adapter asks for the code, and the right code signs in', async () => {
  const auth = hostedAuth({ ...ADMIN, totpCode: APP_CODE });
  const seen: (string | null)[] = [];
  auth.observeUser((user) => seen.push(user?.email ?? null));

  const outcome = await auth.signIn(ADMIN);
  expect(outcome).toEqual({ secondStep: { methods: ['totp'] } });

  const user = await auth.completeSecondStep(` ${APP_CODE.slice(0, 3)} ${APP_CODE.slice(3)} `);
  expect(user).toMatchObject({ email: ADMIN.email, administrator: true });
  await expect.poll(() => seen.at(-1)).toBe(ADMIN.email);
});

test('a wrong code is refused with a clear message, and the right one still works after it', async () => {
  const auth = hostedAuth({ ...ADMIN, totpCode: APP_CODE });
  await auth.signIn(ADMIN);

  const failure = await failureOf(auth.completeSecondStep('000000'));

  expect(failure).toMatchObject({ kind: 'not-authorised', message: 'That code is not right. Please type the 6 numbers your app shows now.' });
  await expect(auth.completeSecondStep(APP_CODE)).resolves.toMatchObject({ administrator: true });
});

test('a code with no sign-in waiting says to start again', async () => {
  const auth = hostedAuth({ ...ADMIN, totpCode: APP_CODE });

  const failure = await failureOf(auth.completeSecondStep(APP_CODE));

  expect(failure.message).toBe('Signing in took too long. Please enter your e-mail address and password again.');
});

test('an account whose second step is a text message is told this website cannot offer it', async () => {
  const auth = hostedAuth({ ...ADMIN, phoneSecondFactor: true });

  const failure = await failureOf(auth.signIn(ADMIN));

  expect(failure.message).toMatch(/^This account signs in with a second step this website cannot offer \(a text message\)/);
});
