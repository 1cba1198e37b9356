import type { Clock } from '../clock';
import type { SignInFailuresRepository } from '../repositories/sign-in-failures.repository';

const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords for one account from one network address. */
const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
/** Wrong passwords from one network address, whatever the account. */
const MAX_FAILURES_PER_ADDRESS = 20;
/** Wrong passwords for one account from browsers it has never signed in with, from anywhere. */
const MAX_FAILURES_PER_ACCOUNT_FROM_NEW_BROWSERS = 10;
/** Wrong passwords for one account from one browser it has signed in with before. */
const MAX_FAILURES_PER_KNOWN_BROWSER = 5;
/** Wrong two-step codes for one account, after a right password. */
const MAX_SECOND_STEP_FAILURES = 5;

export type ThrottleVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/** Who is trying: the account, the network address, and the browser when it is one the account signed in with before. */
export interface SignInAttempt {
  readonly email: string;
  readonly address: string;
  /** A key for the browser when it holds this account's known-browser cookie; undefined for any other. */
  readonly knownBrowser?: string;
}

export interface SignInThrottle {
  /** Asked before any hashing, so refused attempts cost almost nothing. */
  check(attempt: SignInAttempt): ThrottleVerdict;
  recordFailure(attempt: SignInAttempt): void;
  /** A right password from here: this address's and this browser's failures for the account are forgiven. */
  recordSuccess(attempt: SignInAttempt): void;
  checkSecondStep(email: string): ThrottleVerdict;
  recordSecondStepFailure(email: string): void;
  recordSecondStepSuccess(email: string): void;
}

interface Limit {
  readonly key: string;
  readonly max: number;
}

/**
 * Limits that slow someone guessing without letting them lock the real administrator out.
 * Knowing an administrator's e-mail is not enough to keep them out: wrong passwords count
 * against the address they come from (5 for one account, 20 in all), so the administrator at
 * any other address is not held up. Guesses spread over many addresses count against the
 * account, but only for browsers it has never signed in with (10 in all); a browser the
 * administrator signed in with before carries a known-browser cookie and has a limit of its
 * own (5). Each window is 15 minutes, and a refused attempt waits until its oldest failure
 * is 15 minutes old.
 */
export function createSignInThrottle(failures: SignInFailuresRepository, clock: Clock): SignInThrottle {
  function limitsFor({ email, address, knownBrowser }: SignInAttempt): Limit[] {
    const byAddress = [
      { key: `pair:${email}|${address}`, max: MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS },
      { key: `address:${address}`, max: MAX_FAILURES_PER_ADDRESS },
    ];
    return knownBrowser === undefined
      ? [...byAddress, { key: `account:${email}`, max: MAX_FAILURES_PER_ACCOUNT_FROM_NEW_BROWSERS }]
      : [...byAddress, { key: `browser:${knownBrowser}`, max: MAX_FAILURES_PER_KNOWN_BROWSER }];
  }

  function waitFor({ key, max }: Limit, now: number): number {
    const window = failures.since(key, now - SIGN_IN_WINDOW_MS);
    if (window.count < max || window.oldest === undefined) return 0;
    return Math.max(1, Math.ceil((window.oldest + SIGN_IN_WINDOW_MS - now) / 1000));
  }

  function verdict(limits: readonly Limit[]): ThrottleVerdict {
    const now = clock();
    const wait = Math.max(0, ...limits.map((limit) => waitFor(limit, now)));
    return wait === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: wait };
  }

  function record(keys: readonly string[]): void {
    const now = clock();
    failures.record(keys, now);
    failures.prune(now - SIGN_IN_WINDOW_MS);
  }

  const secondStepLimit = (email: string): Limit => ({ key: `second-step:${email}`, max: MAX_SECOND_STEP_FAILURES });

  return {
    check: (attempt) => verdict(limitsFor(attempt)),
    recordFailure: (attempt) => record(limitsFor(attempt).map((limit) => limit.key)),
    recordSuccess(attempt) {
      // The account-wide count stays: a right password from one place says nothing about the guesses from others.
      for (const { key } of limitsFor(attempt)) if (!key.startsWith('account:') && !key.startsWith('address:')) failures.clear(key);
    },
    checkSecondStep: (email) => verdict([secondStepLimit(email)]),
    recordSecondStepFailure: (email) => record([secondStepLimit(email).key]),
    recordSecondStepSuccess: (email) => failures.clear(secondStepLimit(email).key),
  };
}
