// The real Auth SDK (its Node build) against the Auth fake. Its Node build keeps a sign-in in
// memory whatever it is asked; that the browser keeps it in the tab's session storage is checked
// in a browser (tests/e2e-hosted/admin.hosted.spec.ts).
import { expect, test } from 'vitest';
import { createFirebaseAppLoader } from '../../adapters/firebase/firebase-app';
import { createFirebaseAuth } from '../../adapters/firebase/firebase-auth.adapter';
import { ADMIN_SESSION_LIMITS, type SessionLimits } from '../../adapters/firebase/admin-session';
import { firebaseAuthHandlers } from '../../mocks/firebase-auth';
import { useFakeNetwork } from '../support/fake-network';
import { ADMIN, TEST_FIREBASE, uniqueAppName } from './hosted-samples';

const server = useFakeNetwork();

function hostedAuth(sessionLimits?: SessionLimits) {
  server.use(...firebaseAuthHandlers({ projectId: TEST_FIREBASE.projectId, accounts: [ADMIN] }));
  const name = uniqueAppName('session');
  const loadApp = createFirebaseAppLoader(TEST_FIREBASE, name);
  const auth = createFirebaseAuth({ loadApp, adminEmails: [ADMIN.email], sessionLimits, sessionName: name });
  const seen: (string | null)[] = [];
  const stop = auth.observeUser((user) => seen.push(user?.email ?? null));
  return { auth, seen, stop };
}

function storedKeys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '');
}

test('the limits are those of a self-hosted session: 12 hours, and 2 hours without activity', () => {
  expect(ADMIN_SESSION_LIMITS).toEqual({ maxAgeMs: 12 * 60 * 60 * 1000, idleMs: 2 * 60 * 60 * 1000 });
});

test('without activity the administrator is signed out once the idle time has passed, and the admin area hears it', async () => {
  const { auth, seen, stop } = hostedAuth({ maxAgeMs: 60_000, idleMs: 300 });

  await auth.signIn(ADMIN);
  await expect.poll(() => seen.at(-1)).toBe(ADMIN.email);
  await expect.poll(() => seen.at(-1), { timeout: 3000 }).toBeNull();

  expect(storedKeys(sessionStorage).filter((key) => key.startsWith('firebase:authUser:'))).toEqual([]);
  expect(auth.endIfOver()).toBe(true);
  stop();
});

test('activity keeps the session going past the idle time, but not past its whole length', async () => {
  const { auth, seen, stop } = hostedAuth({ maxAgeMs: 1500, idleMs: 400 });
  const signedIn = performance.now();
  await auth.signIn(ADMIN);
  await expect.poll(() => seen.at(-1)).toBe(ADMIN.email);
  const busy = setInterval(() => auth.noteActivity(), 100);

  await expect.poll(() => seen.at(-1), { timeout: 5000 }).toBeNull();
  const lasted = performance.now() - signedIn;
  clearInterval(busy);

  // Signed out at the whole length, long after the idle time would have ended it.
  expect(lasted).toBeGreaterThan(1400);
  stop();
});

test("a session that is over is ended by the administrator's next action, which is refused", async () => {
  const { auth, seen, stop } = hostedAuth({ maxAgeMs: 60_000, idleMs: 60_000 });
  await auth.signIn(ADMIN);
  await expect.poll(() => seen.at(-1)).toBe(ADMIN.email);

  expect(auth.endIfOver()).toBe(false);
  await auth.signOut();
  await expect.poll(() => seen.at(-1)).toBeNull();
  expect(auth.endIfOver()).toBe(true);
  stop();
});
