import { expect, test } from 'vitest';
import { lazy } from './lazy';

test('the value is made on the first call only, and every call gets that same value', () => {
  let made = 0;
  const value = lazy(() => ({ number: (made += 1) }));
  expect(made).toBe(0);

  const first = value();
  const second = value();

  expect(made).toBe(1);
  expect(second).toBe(first);
});
