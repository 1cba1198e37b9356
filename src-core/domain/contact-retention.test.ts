import { expect, test } from 'vitest';
import { calendarMonthsBefore, CONTACT_MESSAGE_RETENTION_MONTHS, contactRetentionCutoff } from './contact-retention';

const at = (iso: string) => Date.parse(iso);
const iso = (time: number) => new Date(time).toISOString();
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

test('contact messages are kept for 12 months, the figure the privacy policy quotes', () => {
  expect(CONTACT_MESSAGE_RETENTION_MONTHS).toBe(12);
});

test('the cut-off is the same day and time of day twelve months earlier', () => {
  expect(iso(contactRetentionCutoff(at('2026-11-21T09:15:30.250Z')))).toBe('2025-11-21T09:15:30.250Z');
  expect(iso(contactRetentionCutoff(at('2026-01-01T00:00:00.000Z')))).toBe('2025-01-01T00:00:00.000Z');
  expect(iso(contactRetentionCutoff(at('2026-12-31T23:59:59.999Z')))).toBe('2025-12-31T23:59:59.999Z');
  expect(iso(contactRetentionCutoff(at('2029-02-28T23:59:59.999Z')))).toBe('2028-02-28T23:59:59.999Z');
});

test('on 29 February the cut-off is the start of March a year before, after all of February', () => {
  expect(iso(contactRetentionCutoff(at('2028-02-29T00:00:00.000Z')))).toBe('2027-03-01T00:00:00.000Z');
  expect(iso(contactRetentionCutoff(at('2028-02-29T18:45:00.000Z')))).toBe('2027-03-01T00:00:00.000Z');
});

test('a message received on 29 February is kept through 28 February the next year', () => {
  const received = at('2028-02-29T12:00:00.000Z');

  expect(contactRetentionCutoff(at('2029-02-28T23:59:59.999Z'))).toBeLessThan(received);
  expect(contactRetentionCutoff(at('2029-03-01T00:00:00.000Z'))).toBeGreaterThan(received);
});

test('a month earlier than a day the shorter month lacks is the start of the month after it', () => {
  expect(iso(calendarMonthsBefore(at('2026-03-31T10:00:00.000Z'), 1))).toBe('2026-03-01T00:00:00.000Z');
  expect(iso(calendarMonthsBefore(at('2026-03-29T10:00:00.000Z'), 1))).toBe('2026-03-01T00:00:00.000Z');
  expect(iso(calendarMonthsBefore(at('2028-03-29T10:00:00.000Z'), 1))).toBe('2028-02-29T10:00:00.000Z');
  expect(iso(calendarMonthsBefore(at('2026-05-31T10:00:00.000Z'), 1))).toBe('2026-05-01T00:00:00.000Z');
  expect(iso(calendarMonthsBefore(at('2026-08-31T10:00:00.000Z'), 6))).toBe('2026-03-01T00:00:00.000Z');
});

test('a day every month has is kept as it is', () => {
  expect(iso(calendarMonthsBefore(at('2026-03-28T23:59:59.999Z'), 1))).toBe('2026-02-28T23:59:59.999Z');
  expect(iso(calendarMonthsBefore(at('2026-04-30T10:00:00.000Z'), 1))).toBe('2026-03-30T10:00:00.000Z');
  expect(iso(calendarMonthsBefore(at('2026-08-31T10:00:00.000Z'), 1))).toBe('2026-07-31T10:00:00.000Z');
});

test('going back across the turn of the year lands in the year before', () => {
  expect(iso(calendarMonthsBefore(at('2026-01-15T08:00:00.000Z'), 1))).toBe('2025-12-15T08:00:00.000Z');
  expect(iso(calendarMonthsBefore(at('2026-02-10T08:00:00.000Z'), 14))).toBe('2024-12-10T08:00:00.000Z');
});

test('hour by hour over four years the cut-off never moves backwards and trails by 365 to 366 days', () => {
  const problems: string[] = [];
  let previous = Number.NEGATIVE_INFINITY;

  for (let now = at('2026-01-01T00:30:00.000Z'); now < at('2030-01-01T00:00:00.000Z'); now += HOUR_MS) {
    const cutoff = contactRetentionCutoff(now);
    const trail = (now - cutoff) / DAY_MS;
    if (cutoff < previous) problems.push(`${iso(now)}: moved back to ${iso(cutoff)}`);
    if (trail < 365 || trail > 366) problems.push(`${iso(now)}: trails by ${trail} days`);
    previous = cutoff;
  }

  expect(problems.slice(0, 5)).toEqual([]);
});
