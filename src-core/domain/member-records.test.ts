import { expect, test } from 'vitest';
import { euro, euroToCents, filtersFromSearch, searchFromFilters, settingsToValues, showingText, validateSettings, valuesToSettings } from './member-records';

test('amounts in euro as volunteers type them, in cent and back', () => {
  expect(['25', '25.5', '25.50', '€25', '25,50', 'twenty', '', '25.505'].map(euroToCents)).toEqual([2500, 2550, 2550, 2500, 2550, null, null, null]);
  expect([2500, 2550, 5].map(euro)).toEqual(['€25', '€25.50', '€0.05']);
});

test("the list's filters live in the address and come back from it the same", () => {
  const filters = { q: 'walsh', branch: '2', status: 'lapsed', renewalDue: true, hasEmail: false, page: 3 } as const;
  const search = searchFromFilters(filters);
  expect(search).toBe('?q=walsh&branch=2&status=lapsed&renewal=due&email=none&page=3');
  expect(filtersFromSearch(new URLSearchParams(search))).toEqual(filters);
  expect(filtersFromSearch(new URLSearchParams('?status=sleeping&page=-2&q=%20'))).toEqual({});
  expect(searchFromFilters({ page: 1 })).toBe('');
});

test("'Showing 51–100 of 5,012'", () => {
  expect(showingText(2, 50, 50, 5_012)).toBe('Showing 51–100 of 5,012 members.');
  expect(showingText(1, 50, 1, 1)).toBe('Showing 1 member.');
  expect(showingText(1, 50, 0, 0)).toBe('No members match.');
});

test('the settings as typed: the day and month apart, the fee in euro; 30 February is refused', () => {
  const settings = { yearStartsOn: '04-01', feeCents: 2500, howToPay: 'By cheque.', remindersOn: true };
  expect(valuesToSettings(settingsToValues(settings))).toEqual(settings);
  expect(validateSettings({ ...settingsToValues(settings), day: '30', month: '2' }).day).toMatch(/real day and month/);
  expect(validateSettings({ ...settingsToValues(settings), day: '29', month: '2' })).toEqual({});
});
