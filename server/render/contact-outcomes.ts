import type { ContactFormState } from '../../src-core/ports/page-renderer.port';
import { createPostedFormOutcomes, type PostedFormOutcomes } from '../http/posted-form-outcomes';

/** What a contact form post ended in, shown on the page the browser is sent to after it. */
export interface ContactOutcome {
  readonly state: ContactFormState;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
}

export type ContactOutcomes = PostedFormOutcomes<ContactOutcome>;

/**
 * Long enough to read the page and reload it; short, since a refused form keeps what was typed.
 * @internal Outside this file only tests and fakes use it.
 */
export const OUTCOME_LIFETIME_MS = 10 * 60 * 1000;

/** The contact form's outcomes (server/http/posted-form-outcomes.ts). */
export function createContactOutcomes(now: () => number = Date.now): ContactOutcomes {
  return createPostedFormOutcomes<ContactOutcome>(OUTCOME_LIFETIME_MS, now);
}
