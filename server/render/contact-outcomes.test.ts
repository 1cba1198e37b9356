import { expect, test } from 'vitest';
import { MAX_OUTCOMES } from '../http/posted-form-outcomes';
import { OUTCOME_LIFETIME_MS, createContactOutcomes, type ContactOutcome } from './contact-outcomes';

const SENT: ContactOutcome = {
  state: { outcome: 'sent', values: { name: '', email: '', message: '' }, fieldErrors: {}, errorMessage: null },
  status: 200,
  retryAfterSeconds: undefined,
};

test('an outcome is found by its token until its lifetime is over, and an unknown token finds nothing', () => {
  let now = 0;
  const outcomes = createContactOutcomes(() => now);
  const token = outcomes.keep(SENT);

  now = OUTCOME_LIFETIME_MS - 1;
  const before = outcomes.find(token);
  now = OUTCOME_LIFETIME_MS;
  const after = outcomes.find(token);

  expect(token).toMatch(/^[\w-]{22}$/);
  expect(before).toEqual(SENT);
  expect(after).toBeUndefined();
  expect(outcomes.find('made-up')).toBeUndefined();
});

test('past the limit the oldest outcome goes, so posts cannot fill the memory', () => {
  const outcomes = createContactOutcomes(() => 0);
  const tokens = Array.from({ length: MAX_OUTCOMES + 1 }, () => outcomes.keep(SENT));

  expect(outcomes.find(tokens[0] ?? '')).toBeUndefined();
  expect(outcomes.find(tokens[1] ?? '')).toEqual(SENT);
  expect(outcomes.find(tokens[MAX_OUTCOMES] ?? '')).toEqual(SENT);
});
