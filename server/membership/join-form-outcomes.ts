import { createPostedFormOutcomes, type FormRefusal, type PostedFormOutcomes } from '../http/posted-form-outcomes';

/** What the join form posted without script was refused for. */
export type JoinFormOutcomes = PostedFormOutcomes<FormRefusal>;

/** Long enough to read the messages, put things right and reload. */
const OUTCOME_LIFETIME_MS = 30 * 60 * 1000;
/** The join form's outcomes (server/http/posted-form-outcomes.ts). */
export function createJoinFormOutcomes(now: () => number): JoinFormOutcomes {
  return createPostedFormOutcomes<FormRefusal>(OUTCOME_LIFETIME_MS, now);
}
