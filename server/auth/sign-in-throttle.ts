import type { Clock } from '../clock';
import type { SignInFailuresRepository } from '../repositories/sign-in-failures.repository';

const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_ADDRESS = 20;

export type ThrottleVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export interface SignInThrottle {
  /** Asked before any hashing, so refused attempts cost almost nothing. */
  check(email: string, address: string): ThrottleVerdict;
  recordFailure(email: string, address: string): void;
  recordSuccess(email: string): void;
}

const accountKey = (email: string) => `account:${email}`;
const addressKey = (address: string) => `address:${address}`;

/**
 * More than 5 failed sign-ins for one account, or 20 from one network address, within 15
 * minutes are refused until the oldest of them is 15 minutes old.
 */
export function createSignInThrottle(failures: SignInFailuresRepository, clock: Clock): SignInThrottle {
  function waitFor(key: string, limit: number, now: number): number {
    const window = failures.since(key, now - SIGN_IN_WINDOW_MS);
    if (window.count < limit || window.oldest === undefined) return 0;
    return Math.max(1, Math.ceil((window.oldest + SIGN_IN_WINDOW_MS - now) / 1000));
  }

  return {
    check(email, address) {
      const now = clock();
      const wait = Math.max(
        waitFor(accountKey(email), MAX_FAILURES_PER_ACCOUNT, now),
        waitFor(addressKey(address), MAX_FAILURES_PER_ADDRESS, now),
      );
      return wait === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: wait };
    },
    recordFailure(email, address) {
      const now = clock();
      failures.record([accountKey(email), addressKey(address)], now);
      failures.prune(now - SIGN_IN_WINDOW_MS);
    },
    recordSuccess(email) {
      failures.clear(accountKey(email));
    },
  };
}
