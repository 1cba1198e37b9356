import { randomBytes } from 'node:crypto';
import type { ContactFormState } from '../../src-core/ports/page-renderer.port';
import { createMemoryCache } from '../http/memory-cache';

/** What a contact form post ended in, shown on the page the browser is sent to after it. */
export interface ContactOutcome {
  readonly state: ContactFormState;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
}

export interface ContactOutcomes {
  /** Keeps an outcome and returns the token that names it in the address after the redirect. */
  keep(outcome: ContactOutcome): string;
  find(token: string): ContactOutcome | undefined;
}

/**
 * Long enough to read the page and reload it; short, since a refused form keeps what was typed.
 * @internal Outside this file only tests and fakes use it.
 */
export const OUTCOME_LIFETIME_MS = 10 * 60 * 1000;
/**
 * At most this many are kept; past that the oldest goes, so posts cannot fill the memory.
 * @internal Outside this file only tests and fakes use it.
 */
export const MAX_OUTCOMES = 500;

/**
 * The outcomes of contact forms posted without script, kept in memory for a short while under a
 * random token (Post/Redirect/Get): the address after the redirect names the token, never the
 * text, and reloading that page shows the outcome again without sending anything. A restart
 * forgets them; the page then shows the empty form.
 */
export function createContactOutcomes(now: () => number = Date.now): ContactOutcomes {
  // One generation for ever: outcomes end by their lifetime and the bound, never by invalidation.
  const outcomes = createMemoryCache<ContactOutcome>({ maxEntries: MAX_OUTCOMES, maxBytes: MAX_OUTCOMES, now });
  return {
    keep(outcome) {
      const token = randomBytes(16).toString('base64url');
      outcomes.set(token, outcome, undefined, { until: now() + OUTCOME_LIFETIME_MS });
      return token;
    },
    find: (token) => outcomes.get(token, undefined),
  };
}
