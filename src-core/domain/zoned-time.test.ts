import { expect, test } from 'vitest';
import {
  addDays,
  instantOf,
  isTimeZone,
  isoInZone,
  localDateTimeAt,
  offsetMinutesAt,
  parseLocalDate,
  parseLocalDateTime,
  resolveLocalDateTime,
} from './zoned-time';

const DUBLIN = 'Europe/Dublin';
const at = (iso: string) => Date.parse(iso);

test('dates and times are read only when they are real', () => {
  expect(parseLocalDate('2026-09-12')).toEqual({ year: 2026, month: 9, day: 12 });
  expect(parseLocalDate('2026-02-29')).toBeNull();
  expect(parseLocalDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
  expect(parseLocalDate('12/09/2026')).toBeNull();
  expect(parseLocalDateTime('2026-09-12T14:30')).toEqual({ year: 2026, month: 9, day: 12, hour: 14, minute: 30 });
  expect(parseLocalDateTime('2026-09-12T24:00')).toBeNull();
  expect(parseLocalDateTime('2026-09-12T14:60')).toBeNull();
  expect(parseLocalDateTime('2026-09-12')).toBeNull();
});

test('Irish clocks are an hour ahead of UTC in summer and on UTC in winter', () => {
  expect(offsetMinutesAt(at('2026-07-01T12:00:00Z'), DUBLIN)).toBe(60);
  expect(offsetMinutesAt(at('2026-12-01T12:00:00Z'), DUBLIN)).toBe(0);
  expect(instantOf({ year: 2026, month: 9, day: 12, hour: 14, minute: 30 }, DUBLIN)).toBe(at('2026-09-12T13:30:00Z'));
  expect(instantOf({ year: 2026, month: 12, day: 12, hour: 14, minute: 30 }, DUBLIN)).toBe(at('2026-12-12T14:30:00Z'));
});

test('in March the clocks go forward at 1am: the hour from 1am to 2am does not happen', () => {
  expect(resolveLocalDateTime({ year: 2026, month: 3, day: 29, hour: 0, minute: 59 }, DUBLIN)).toEqual({
    kind: 'exact',
    instant: at('2026-03-29T00:59:00Z'),
  });
  // Read with the offset before the gap, as RFC 5545 says: 1.30am GMT is 2.30am Irish summer time.
  expect(resolveLocalDateTime({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }, DUBLIN)).toEqual({
    kind: 'gap',
    instant: at('2026-03-29T01:30:00Z'),
  });
  expect(resolveLocalDateTime({ year: 2026, month: 3, day: 29, hour: 2, minute: 0 }, DUBLIN)).toEqual({
    kind: 'exact',
    instant: at('2026-03-29T01:00:00Z'),
  });
});

test('in October the clocks go back at 2am: the hour from 1am to 2am happens twice and means the first time', () => {
  expect(resolveLocalDateTime({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }, DUBLIN)).toEqual({
    kind: 'ambiguous',
    instant: at('2026-10-25T00:30:00Z'),
  });
  expect(resolveLocalDateTime({ year: 2026, month: 10, day: 25, hour: 2, minute: 0 }, DUBLIN)).toEqual({
    kind: 'exact',
    instant: at('2026-10-25T02:00:00Z'),
  });
  expect(localDateTimeAt(at('2026-10-25T01:30:00Z'), DUBLIN)).toEqual({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 });
});

test('midnight belongs to the new day, in the zone and not in UTC', () => {
  expect(localDateTimeAt(at('2026-06-30T23:00:00Z'), DUBLIN)).toEqual({ year: 2026, month: 7, day: 1, hour: 0, minute: 0 });
  expect(instantOf({ year: 2026, month: 7, day: 1 }, DUBLIN)).toBe(at('2026-06-30T23:00:00Z'));
  expect(instantOf({ year: 2026, month: 1, day: 1 }, DUBLIN)).toBe(at('2026-01-01T00:00:00Z'));
});

test('other zones work from the same rules, including a day without a midnight', () => {
  expect(instantOf({ year: 2026, month: 9, day: 12, hour: 14, minute: 30 }, 'America/New_York')).toBe(at('2026-09-12T18:30:00Z'));
  // Santiago moves its clocks at midnight: 6 September 2026 starts at 1am.
  expect(resolveLocalDateTime({ year: 2026, month: 9, day: 6 }, 'America/Santiago').kind).toBe('gap');
});

test('an instant is written with the zone offset it had', () => {
  expect(isoInZone(at('2026-09-12T13:30:00Z'), DUBLIN)).toBe('2026-09-12T14:30:00+01:00');
  expect(isoInZone(at('2026-12-12T14:30:00Z'), DUBLIN)).toBe('2026-12-12T14:30:00+00:00');
  expect(isoInZone(at('2026-12-12T14:30:00Z'), 'America/New_York')).toBe('2026-12-12T09:30:00-05:00');
});

test('only zones the runtime knows are zones', () => {
  expect(isTimeZone(DUBLIN)).toBe(true);
  expect(isTimeZone('UTC')).toBe(true);
  expect(isTimeZone('Europe/Atlantis')).toBe(false);
  expect(isTimeZone('')).toBe(false);
});

test('days move across month and year ends', () => {
  expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
  expect(addDays({ year: 2028, month: 3, day: 1 }, -1)).toEqual({ year: 2028, month: 2, day: 29 });
});
