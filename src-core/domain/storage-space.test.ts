import { expect, test } from 'vitest';
import { LOW_SPACE_BYTES, isLowOnSpace } from './storage-space';

const MB = 1024 * 1024;

test('space is low below 250 MB, or below room for five of the largest uploads when that is more', () => {
  expect(isLowOnSpace(LOW_SPACE_BYTES - 1, 10 * MB)).toBe(true);
  expect(isLowOnSpace(LOW_SPACE_BYTES, 10 * MB)).toBe(false);
  expect(isLowOnSpace(499 * MB, 100 * MB)).toBe(true);
  expect(isLowOnSpace(500 * MB, 100 * MB)).toBe(false);
  expect(isLowOnSpace(0, 1)).toBe(true);
});
