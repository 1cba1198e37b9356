import { expect, test } from 'vitest';
import { isCoreError } from '../../../src-core/domain/core-error';
import type { User } from '../../../src-core/domain/user';
import { createMemoryAuth } from '../../support/memory/memory-auth.adapter';

const account = { email: 'secretary@example.org', password: 'a long enough password' };

function authAt(clock: { now: number }, maxFailures = 3) {
  return createMemoryAuth({
    adminEmails: [account.email],
    accounts: { [account.email]: { password: account.password } },
    maxFailures,
    lockSeconds: 600,
    now: () => clock.now,
  });
}

async function kindOf(promise: Promise<unknown>) {
  const error: unknown = await promise.then(() => undefined, (reason: unknown) => reason);
  return isCoreError(error) ? { kind: error.kind, retryAfterSeconds: error.retryAfterSeconds } : undefined;
}

test('repeated wrong passwords lock the account for a while, saying how long', async () => {
  const clock = { now: 1_000_000 };
  const auth = authAt(clock);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await kindOf(auth.signIn({ ...account, password: 'wrong' }));
  }

  clock.now += 60_000;
  const locked = await kindOf(auth.signIn(account));

  expect(locked).toEqual({ kind: 'too-many-requests', retryAfterSeconds: 540 });
});

test('the lock ends after its time and the right password works again', async () => {
  const clock = { now: 1_000_000 };
  const auth = authAt(clock);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await kindOf(auth.signIn({ ...account, password: 'wrong' }));
  }

  clock.now += 600_000;
  const user = await auth.signIn(account);

  expect(user).toMatchObject({ administrator: true });
});

test('fewer wrong passwords than the limit do not lock, and a success forgets them', async () => {
  const clock = { now: 0 };
  const auth = authAt(clock);
  await kindOf(auth.signIn({ ...account, password: 'wrong' }));
  await kindOf(auth.signIn({ ...account, password: 'wrong' }));
  await auth.signIn(account);
  await auth.signOut();
  await kindOf(auth.signIn({ ...account, password: 'wrong' }));
  await kindOf(auth.signIn({ ...account, password: 'wrong' }));

  const user = await auth.signIn(account);

  expect(user).toMatchObject({ email: account.email });
});

test('a user can be signed in from the start, and every observer hears each change once', async () => {
  const auth = createMemoryAuth({
    adminEmails: [],
    accounts: { 'Member@Example.org': { password: 'member password 1' } },
    signedIn: ' member@example.org ',
  });
  const seen: Array<User | null> = [];
  auth.observeUser((user) => seen.push(user));

  await auth.signOut();
  await auth.signOut();

  expect(seen).toEqual([{ email: 'member@example.org', emailVerified: undefined, administrator: false }, null]);
  expect(auth.currentUser()).toBeNull();
});

test('an unknown account named as signed in at the start leaves nobody signed in', () => {
  const auth = createMemoryAuth({ adminEmails: [], accounts: {}, signedIn: 'ghost@example.org' });

  expect(auth.currentUser()).toBeNull();
});
