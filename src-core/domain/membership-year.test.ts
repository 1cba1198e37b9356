import { describe, expect, test } from 'vitest';
import {
  centsOf,
  dayIn,
  dayInWords,
  isDay,
  isRenewalDue,
  isYearEnd,
  isYearStart,
  membershipYear,
  reminderDay,
  remindersDue,
  yearEndCoveredBy,
} from './membership-year';

describe('the membership year', () => {
  test('a year starting on 1 January runs to 31 December of the same year', () => {
    expect(membershipYear('01-01', '2026-01-01')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(membershipYear('01-01', '2026-12-31')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });

  test('a year starting on 1 September spans two calendar years, and a day before it belongs to the year before', () => {
    expect(membershipYear('09-01', '2026-08-31')).toEqual({ start: '2025-09-01', end: '2026-08-31' });
    expect(membershipYear('09-01', '2026-09-01')).toEqual({ start: '2026-09-01', end: '2027-08-31' });
  });

  test('a year starting on 1 March ends on 29 February in a leap year', () => {
    expect(membershipYear('03-01', '2027-06-01')).toEqual({ start: '2027-03-01', end: '2028-02-29' });
    expect(isYearEnd('03-01', '2028-02-29')).toBe(true);
    expect(isYearEnd('03-01', '2028-02-28')).toBe(false);
  });

  test('a year cannot start on 29 February, nor on a day that does not exist', () => {
    expect(isYearStart('01-01')).toBe(true);
    expect(isYearStart('02-29')).toBe(false);
    expect(isYearStart('13-01')).toBe(false);
    expect(isYearStart('1-1')).toBe(false);
    expect(isDay('2026-02-31')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
  });

  test('today is the day in Dublin, not in UTC: 23:30 UTC on 30 June is already 1 July there', () => {
    expect(dayIn('Europe/Dublin', Date.UTC(2026, 5, 30, 23, 30))).toBe('2026-07-01');
    expect(dayIn('Europe/Dublin', Date.UTC(2026, 11, 31, 23, 30))).toBe('2026-12-31');
  });
});

describe('renewals', () => {
  test('due for an active member with nothing paid, paid until a day within 31 days, or a day past; never for others', () => {
    const today = '2026-11-30';
    expect(isRenewalDue({ status: 'active', paidUntil: null }, today)).toBe(true);
    expect(isRenewalDue({ status: 'active', paidUntil: '2026-12-31' }, today)).toBe(true);
    expect(isRenewalDue({ status: 'active', paidUntil: '2025-12-31' }, today)).toBe(true);
    expect(isRenewalDue({ status: 'active', paidUntil: '2027-01-01' }, today)).toBe(false);
    expect(isRenewalDue({ status: 'lapsed', paidUntil: null }, today)).toBe(false);
    expect(isRenewalDue({ status: 'deceased', paidUntil: '2025-12-31' }, today)).toBe(false);
  });

  test('a payment covers the year it is made in, or the coming year when made in the last month', () => {
    expect(yearEndCoveredBy('01-01', '2026-03-15')).toBe('2026-12-31');
    expect(yearEndCoveredBy('01-01', '2026-11-29')).toBe('2026-12-31');
    expect(yearEndCoveredBy('01-01', '2026-11-30')).toBe('2027-12-31');
    expect(yearEndCoveredBy('03-01', '2027-02-10')).toBe('2028-02-29');
  });

  test('the reminders fall a month before the year ends and 14 days after it ended', () => {
    expect(reminderDay('before', '2026-12-31')).toBe('2026-11-30');
    expect(reminderDay('after', '2026-12-31')).toBe('2027-01-14');
    // A month before 31 March is the last day of February.
    expect(reminderDay('before', '2027-03-31')).toBe('2027-02-28');
  });

  test('which reminders are due on a day: none mid-year, the before one from a month before the end, the after one from 14 days after', () => {
    expect(remindersDue('01-01', '2026-06-15')).toEqual([{ kind: 'after', yearEnd: '2025-12-31', dueOn: '2026-01-14' }]);
    expect(remindersDue('01-01', '2026-01-13')).toEqual([]);
    expect(remindersDue('01-01', '2026-11-30')).toEqual([
      { kind: 'before', yearEnd: '2026-12-31', dueOn: '2026-11-30' },
      { kind: 'after', yearEnd: '2025-12-31', dueOn: '2026-01-14' },
    ]);
    expect(remindersDue('01-01', '2026-11-29').map((due) => due.kind)).toEqual(['after']);
  });

  test('amounts typed in euro become cent, and anything else is refused', () => {
    expect(centsOf('25')).toBe(2500);
    expect(centsOf('25.5')).toBe(2550);
    expect(centsOf('€25,50')).toBe(2550);
    expect(centsOf('0.05')).toBe(5);
    expect(centsOf('-5')).toBeUndefined();
    expect(centsOf('twenty')).toBeUndefined();
    expect(centsOf('25.505')).toBeUndefined();
  });

  test('a day in words, as a letter writes it', () => {
    expect(dayInWords('2026-12-31')).toBe('31 December 2026');
  });
});
