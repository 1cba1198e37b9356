import { afterEach, beforeEach, expect, vi } from 'vitest';

// An unexpected console.error is a defect: React warnings, act() misuse and failed
// requests all surface there. A test that expects one replaces the spy itself.
const errors: unknown[][] = [];

beforeEach(() => {
  errors.length = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  const unexpected = [...errors];
  vi.restoreAllMocks();
  expect(unexpected, 'console.error was called').toEqual([]);
});
