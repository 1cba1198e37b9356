import { expect, test } from 'vitest';
import { irishClockTime, irishDate, irishLongDate } from './irish-date';

const HOUR_MS = 60 * 60 * 1000;
const reference = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Dublin' });

test('prints the Irish calendar date as the en-IE Dublin formatter does, for every hour from 1996 to 2040', () => {
  const differences: string[] = [];

  for (let time = Date.UTC(1996, 0, 1); time < Date.UTC(2041, 0, 1); time += HOUR_MS) {
    const expected = reference.format(time);
    const actual = irishDate(time);
    if (actual !== expected) differences.push(`${new Date(time).toISOString()}: ${actual} instead of ${expected}`);
  }

  expect(differences.slice(0, 5)).toEqual([]);
});

test('the summer hour moves a late evening in UTC to the next day in Ireland, and the winter hour does not', () => {
  expect(irishDate(Date.parse('2026-06-30T23:30:00Z'))).toBe('1 July 2026');
  expect(irishDate(Date.parse('2026-12-31T23:30:00Z'))).toBe('31 December 2026');
});

test('the clocks change at 01:00 UTC on the last Sundays of March and October', () => {
  // 29 March 2026 and 25 October 2026 are the last Sundays.
  expect(irishDate(Date.parse('2026-03-28T23:30:00Z'))).toBe('28 March 2026');
  expect(irishDate(Date.parse('2026-03-29T23:30:00Z'))).toBe('30 March 2026');
  expect(irishDate(Date.parse('2026-10-24T23:30:00Z'))).toBe('25 October 2026');
  expect(irishDate(Date.parse('2026-10-25T23:30:00Z'))).toBe('25 October 2026');
});

test('a date is written with its weekday, day, month and year', () => {
  expect(irishLongDate({ year: 2026, month: 9, day: 12 })).toBe('Saturday 12 September 2026');
  expect(irishLongDate({ year: 2027, month: 1, day: 1 })).toBe('Friday 1 January 2027');
});

test('times are written the Irish way, with noon and midnight named', () => {
  expect(irishClockTime({ hour: 14, minute: 30 })).toBe('2.30pm');
  expect(irishClockTime({ hour: 14, minute: 0 })).toBe('2pm');
  expect(irishClockTime({ hour: 9, minute: 5 })).toBe('9.05am');
  expect(irishClockTime({ hour: 12, minute: 0 })).toBe('12 noon');
  expect(irishClockTime({ hour: 12, minute: 45 })).toBe('12.45pm');
  expect(irishClockTime({ hour: 0, minute: 0 })).toBe('12 midnight');
  expect(irishClockTime({ hour: 0, minute: 15 })).toBe('12.15am');
});
