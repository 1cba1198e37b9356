import type { Clock } from '../../../server/clock';

export interface TestClock {
  readonly now: Clock;
  advance(ms: number): void;
}

/** Time that moves only when the test says, for session expiry and rate windows. */
export function createTestClock(start = Date.UTC(2026, 10, 21, 9, 0, 0)): TestClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
  };
}

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
