import { isAdministrator, normaliseEmail } from '../../../src-core/domain/administrator';
import type { AuthPort } from '../../../src-core/ports/auth.port';
import type { User } from '../../../src-core/domain/user';
import { CoreError } from '../../../src-core/domain/core-error';
import { SIGN_IN_FAILED } from './memory-messages';

export interface MemoryAccount {
  readonly password: string;
  readonly emailVerified?: boolean;
}

export interface MemoryAuthOptions {
  readonly adminEmails: readonly string[];
  /** Accounts by e-mail address (any case). */
  readonly accounts: Readonly<Record<string, MemoryAccount>>;
  /** Who is signed in at the start, for local development. */
  readonly signedIn?: string;
  /** Failed attempts per address before sign-in is refused for `lockSeconds`. */
  readonly maxFailures?: number;
  readonly lockSeconds?: number;
  readonly now?: () => number;
}

export interface MemoryAuth extends AuthPort {
  /** The signed-in user right now, for the other in-memory ports' permission checks. */
  currentUser(): User | null;
}

export function createMemoryAuth(options: MemoryAuthOptions): MemoryAuth {
  const accounts = new Map(Object.entries(options.accounts).map(([email, account]) => [normaliseEmail(email), account]));
  const maxFailures = options.maxFailures ?? 5;
  const lockSeconds = options.lockSeconds ?? 900;
  const now = options.now ?? Date.now;
  const failures = new Map<string, { count: number; lockedUntil: number }>();
  const listeners = new Set<(user: User | null) => void>();

  function userFor(email: string, account: MemoryAccount): User {
    const user = { email, emailVerified: account.emailVerified };
    return { ...user, administrator: isAdministrator(user, options.adminEmails) };
  }

  const startEmail = normaliseEmail(options.signedIn ?? '');
  const startAccount = accounts.get(startEmail);
  let current: User | null = startAccount === undefined ? null : userFor(startEmail, startAccount);

  function setCurrent(user: User | null): void {
    current = user;
    for (const listener of [...listeners]) listener(user);
  }

  function checkThrottle(email: string): void {
    const record = failures.get(email);
    if (record === undefined || record.lockedUntil <= now()) return;
    throw new CoreError('too-many-requests', 'Too many sign-in attempts. Please wait a while and try again.', {
      retryAfterSeconds: Math.ceil((record.lockedUntil - now()) / 1000),
    });
  }

  function recordFailure(email: string): void {
    const count = (failures.get(email)?.count ?? 0) + 1;
    const locked = count >= maxFailures;
    failures.set(email, { count: locked ? 0 : count, lockedUntil: locked ? now() + lockSeconds * 1000 : 0 });
  }

  return {
    currentUser: () => current,
    async signIn(credentials) {
      const email = normaliseEmail(credentials.email);
      checkThrottle(email);
      const account = accounts.get(email);
      if (account === undefined || account.password !== credentials.password) {
        recordFailure(email);
        throw new CoreError('not-authorised', SIGN_IN_FAILED);
      }
      failures.delete(email);
      const user = userFor(email, account);
      setCurrent(user);
      return user;
    },
    // The memory backend has no two-step sign-in: no sign-in ever waits for a code.
    async completeSecondStep() {
      throw new CoreError('not-authorised', 'There is no sign-in waiting for a code. Please sign in again.');
    },
    async signOut() {
      if (current !== null) setCurrent(null);
    },
    observeUser(listener) {
      listeners.add(listener);
      listener(current);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
