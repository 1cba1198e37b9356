import { createPostedFormOutcomes, type PostedFormOutcomes } from '../http/posted-form-outcomes';

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

export type JoinFormOutcomes = PostedFormOutcomes<JoinFormOutcome>;

/** Long enough to read the messages, put things right and reload. */
const OUTCOME_LIFETIME_MS = 30 * 60 * 1000;
/** The join form's outcomes (server/http/posted-form-outcomes.ts). */
export function createJoinFormOutcomes(now: () => number): JoinFormOutcomes {
  return createPostedFormOutcomes<JoinFormOutcome>(OUTCOME_LIFETIME_MS, now);
}
