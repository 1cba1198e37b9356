import { expect, test } from 'vitest';
import { tryAgainIn } from './try-again';

test('a wait under a minute is given in seconds', () => {
  expect(tryAgainIn(1)).toBe('Please try again in 1 second.');
  expect(tryAgainIn(0.2)).toBe('Please try again in 1 second.');
  expect(tryAgainIn(59)).toBe('Please try again in 59 seconds.');
});

test('a wait under an hour is given in minutes, rounded up', () => {
  expect(tryAgainIn(60)).toBe('Please try again in 1 minute.');
  expect(tryAgainIn(61)).toBe('Please try again in 2 minutes.');
  expect(tryAgainIn(900)).toBe('Please try again in 15 minutes.');
  expect(tryAgainIn(3599)).toBe('Please try again in 60 minutes.');
});

test('a longer wait is given in hours, rounded up', () => {
  expect(tryAgainIn(3600)).toBe('Please try again in 1 hour.');
  expect(tryAgainIn(3601)).toBe('Please try again in 2 hours.');
});

test('an unknown or meaningless wait asks to try again later', () => {
  expect(tryAgainIn()).toBe('Please try again later.');
  expect(tryAgainIn(0)).toBe('Please try again later.');
  expect(tryAgainIn(-5)).toBe('Please try again later.');
  expect(tryAgainIn(Number.NaN)).toBe('Please try again later.');
  expect(tryAgainIn(Number.POSITIVE_INFINITY)).toBe('Please try again later.');
});
