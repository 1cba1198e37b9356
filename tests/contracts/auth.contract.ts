import { describe, expect, onTestFinished, test, vi } from 'vitest';
import type { AuthPort } from '../../src-core/ports/auth.port';
import type { Credentials, User } from '../../src-core/domain/user';
import { rejectsWithKind } from '../support/core-error';

/** What a backend gives the auth contract: the port, nobody signed in, and existing accounts. */
export interface AuthHarness {
  readonly auth: AuthPort;
  /** An account whose e-mail is on the administrator list. */
  readonly admin: Credentials;
  /** An account that is not on the list. */
  readonly member: Credentials;
  cleanup(): Promise<void>;
}

async function harnessFrom(makeHarness: () => Promise<AuthHarness>): Promise<AuthHarness> {
  const harness = await makeHarness();
  onTestFinished(async () => {
    await harness.auth.signOut();
    await harness.cleanup();
  });
  return harness;
}

function watch(auth: AuthPort) {
  const seen: Array<User | null> = [];
  const stop = auth.observeUser((user) => seen.push(user));
  onTestFinished(stop);
  const latest = () => seen.at(-1);
  return { seen, stop, latest };
}

/** The behaviour every AuthPort shares, run against one backend. */
export function authContract(name: string, makeHarness: () => Promise<AuthHarness>): void {
  describe(`AuthPort contract: ${name}`, () => {
    test('an administrator signs in and is reported as one', async () => {
      const { auth, admin } = await harnessFrom(makeHarness);

      const user = await auth.signIn(admin);

      expect(user).toMatchObject({ email: admin.email.trim().toLowerCase(), administrator: true });
      expect(user).not.toMatchObject({ emailVerified: false });
    });

    test('an e-mail typed in capitals with spaces around it still signs in', async () => {
      const { auth, admin } = await harnessFrom(makeHarness);

      const user = await auth.signIn({ email: `  ${admin.email.toUpperCase()} `, password: admin.password });

      expect(user).toMatchObject({ administrator: true });
    });

    test('an account not on the administrator list signs in as no administrator', async () => {
      const { auth, member } = await harnessFrom(makeHarness);

      const user = await auth.signIn(member);

      expect(user).toMatchObject({ administrator: false });
    });

    test('a wrong password and an unknown account fail alike, without saying which', async () => {
      const { auth, admin } = await harnessFrom(makeHarness);

      const wrongPassword = await rejectsWithKind(auth.signIn({ email: admin.email, password: `${admin.password}x` }), 'not-authorised');
      const unknown = await rejectsWithKind(auth.signIn({ email: 'nobody@example.org', password: admin.password }), 'not-authorised');

      expect(wrongPassword.message).toBe(unknown.message);
    });

    test('observing reports nobody at first, then the sign-in, then the sign-out', async () => {
      const { auth, admin } = await harnessFrom(makeHarness);
      const { latest, seen } = watch(auth);
      await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
      const first = latest();

      await auth.signIn(admin);
      await vi.waitFor(() => expect(latest()?.email).toBe(admin.email.toLowerCase()));
      const signedIn = latest();
      await auth.signOut();
      await vi.waitFor(() => expect(latest()).toBeNull());

      expect(first).toBeNull();
      expect(signedIn?.administrator).toBe(true);
    });

    test('a new observer hears about a user already signed in', async () => {
      const { auth, admin } = await harnessFrom(makeHarness);
      await auth.signIn(admin);

      const { latest } = watch(auth);

      await vi.waitFor(() => expect(latest()?.administrator).toBe(true));
    });

    test('an observer that stopped listening hears nothing more', async () => {
      const { auth, admin } = await harnessFrom(makeHarness);
      const { seen, stop } = watch(auth);
      // A second observer keeps listening: once it has heard the sign-in and the sign-out, the
      // stopped one would have heard them too.
      const listening = watch(auth);
      await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
      await vi.waitFor(() => expect(listening.seen.length).toBeGreaterThan(0));
      const heard = seen.length;
      const heardBefore = listening.seen.length;

      stop();
      await auth.signIn(admin);
      await auth.signOut();
      await vi.waitFor(() => {
        const since = listening.seen.slice(heardBefore);
        expect(since.some((user) => user?.email === admin.email.toLowerCase())).toBe(true);
        expect(since.at(-1)).toBeNull();
      });

      expect(seen).toHaveLength(heard);
    });

    test('signing out without a session does no harm', async () => {
      const { auth } = await harnessFrom(makeHarness);

      await expect(auth.signOut()).resolves.toBeUndefined();
    });
  });
}
