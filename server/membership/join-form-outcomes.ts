import { randomBytes } from 'node:crypto';
import { createMemoryCache } from '../http/memory-cache';

/** What the join form posted without script was refused for, kept for the page the browser is sent back to. */
export interface JoinFormOutcome {
  /** The HTTP status the API would have answered (400, 429, 403, 503). */
  readonly status: number;
  /** The message for the top of the form. */
  readonly message: string;
  /** A message per field name, as the JSON API's `fieldErrors`. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** Every value as typed (not the hidden honeypot field), so nothing has to be typed again. */
  readonly values: Readonly<Record<string, string>>;
  readonly retryAfterSeconds: number | undefined;
}

export interface JoinFormOutcomes {
  /** Keeps an outcome and returns the token that names it in the address after the redirect. */
  keep(outcome: JoinFormOutcome): string;
  find(token: string): JoinFormOutcome | undefined;
}

/** Long enough to read the messages, put things right and reload. */
const OUTCOME_LIFETIME_MS = 30 * 60 * 1000;
/** At most this many are kept; past that the oldest goes, so posts cannot fill the memory. */
const MAX_OUTCOMES = 500;

/**
 * The refused join forms posted without script, kept in memory under a random token
 * (Post/Redirect/Get), as the contact form's are (server/render/contact-outcomes.ts): the address
 * after the redirect names the token, never what was typed. A restart forgets them; the page
 * then shows the empty form.
 */
export function createJoinFormOutcomes(now: () => number): JoinFormOutcomes {
  const outcomes = createMemoryCache<JoinFormOutcome>({ maxEntries: MAX_OUTCOMES, maxBytes: MAX_OUTCOMES, now });
  return {
    keep(outcome) {
      const token = randomBytes(16).toString('base64url');
      outcomes.set(token, outcome, undefined, { until: now() + OUTCOME_LIFETIME_MS });
      return token;
    },
    find: (token) => outcomes.get(token, undefined),
  };
}
