import { randomBytes } from 'node:crypto';
import { createMemoryCache } from './memory-cache';

export interface PostedFormOutcomes<T extends object> {
  /** Keeps an outcome and returns the token that names it in the address after the redirect. */
  keep(outcome: T): string;
  find(token: string): T | undefined;
}

/** A form posted without script and refused, kept for the page the browser is sent back to. */
export interface FormRefusal {
  /** The HTTP status the API would have answered (400, 409, 429, 403, 503). */
  readonly status: number;
  /** The message for the top of the form. */
  readonly message: string;
  /** A message per field name, as the JSON API's `fieldErrors`. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** Every value as typed (not the hidden honeypot field), so nothing has to be typed again. */
  readonly values: Readonly<Record<string, string>>;
  readonly retryAfterSeconds: number | undefined;
}

/**
 * At most this many outcomes of one form are kept; past that the oldest goes, so posts cannot fill the memory.
 * @internal Outside this file only tests and fakes use it.
 */
export const MAX_OUTCOMES = 500;

/**
 * The outcomes of a form posted without script, kept in memory for `lifetimeMs` under a random
 * token (Post/Redirect/Get): the address after the redirect names the token, never what was
 * typed, and reloading that page shows the outcome again without sending anything. A restart
 * forgets them; the page then shows the empty form. Used by the contact form
 * (server/render/contact-outcomes.ts) and the join form (server/membership/join-form-outcomes.ts).
 */
export function createPostedFormOutcomes<T extends object>(lifetimeMs: number, now: () => number): PostedFormOutcomes<T> {
  // One generation for ever: outcomes end by their lifetime and the bound, never by invalidation.
  const outcomes = createMemoryCache<T>({ maxEntries: MAX_OUTCOMES, maxBytes: MAX_OUTCOMES, now });
  return {
    keep(outcome) {
      const token = randomBytes(16).toString('base64url');
      outcomes.set(token, outcome, undefined, { until: now() + lifetimeMs });
      return token;
    },
    find: (token) => outcomes.get(token, undefined),
  };
}
