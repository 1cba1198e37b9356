import { expect, test } from 'vitest';
import { periodLabel, searchTextToCount } from './visits';

test('a search is kept in lower case with single spaces, and cut to 60 characters', () => {
  expect(searchTextToCount('  Christmas   LUNCH ')).toBe('christmas lunch');
  expect(searchTextToCount('a'.repeat(80))).toHaveLength(60);
});

test('e-mail addresses and phone numbers are taken out of a search; a year stays', () => {
  expect(searchTextToCount('Mary.Byrne@example.org pension')).toBe('pension');
  expect(searchTextToCount('ring 087 123 4567 or +353 (21) 555-0101 about AGM 2026')).toBe('ring or about agm 2026');
  expect(searchTextToCount('someone@example.org')).toBe('');
});

test('days and months are named the Irish way', () => {
  expect(periodLabel('2026-11-28')).toBe('Saturday 28 November');
  expect(periodLabel('2026-03')).toBe('March 2026');
});
