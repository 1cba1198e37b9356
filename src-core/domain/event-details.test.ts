import { expect, test } from 'vitest';
import { EVENT_LIMITS, NO_EVENT_DETAILS, hasEventDetails, normaliseEventDetails, validateEventDetails, type EventDetails } from './event-details';

const details = (change: Partial<EventDetails>): EventDetails => ({ ...NO_EVENT_DETAILS, timeZone: 'Europe/Dublin', ...change });

test('no details at all, and details with only a title or place, are both acceptable', () => {
  expect(validateEventDetails(NO_EVENT_DETAILS)).toEqual({});
  expect(validateEventDetails(details({ title: 'Summer outing', venue: 'Parish Hall' }))).toEqual({});
  expect(hasEventDetails(NO_EVENT_DETAILS)).toBe(false);
  expect(hasEventDetails(null)).toBe(false);
  expect(hasEventDetails(details({ town: 'Athlone' }))).toBe(true);
});

test('a timed event needs a real date and time, and its end must come after its start', () => {
  expect(validateEventDetails(details({ start: '2026-09-12T14:30', end: '2026-09-12T16:00' }))).toEqual({});
  expect(validateEventDetails(details({ start: '2026-09-12' }))).toEqual({ start: 'Please give the start time, or choose "All day".' });
  expect(validateEventDetails(details({ start: '2026-02-30T10:00' }))).toEqual({ start: 'Please give the start date as a day, month and year.' });
  expect(validateEventDetails(details({ start: '2026-09-12T14:30', end: '2026-09-12T14:30' }))).toEqual({ end: 'The end must be after the start.' });
  expect(validateEventDetails(details({ start: '2026-09-12T14:30', end: '2026-09-12T09:00' }))).toEqual({ end: 'The end must be after the start.' });
});

test('an end across midnight or over several days is fine, up to 60 days', () => {
  expect(validateEventDetails(details({ start: '2026-09-12T20:00', end: '2026-09-13T01:00' }))).toEqual({});
  expect(validateEventDetails(details({ start: '2026-09-12T10:00', end: '2026-11-10T10:00' }))).toEqual({});
  expect(validateEventDetails(details({ start: '2026-09-12T10:00', end: '2027-09-12T10:00' }))).toEqual({
    end: 'An event can last at most 60 days. Please check the end date.',
  });
});

test('an end that finishes later by the clock but earlier in time, across the October change, is still after the start', () => {
  // 1.30am happens twice on 25 October 2026; the first 1.30am is read, so 1.45am is after it.
  expect(validateEventDetails(details({ start: '2026-10-25T01:30', end: '2026-10-25T01:45' }))).toEqual({});
});

test('a time in the hour the clocks skip in March is refused with the reason', () => {
  expect(validateEventDetails(details({ start: '2026-03-29T01:30' }))).toEqual({
    start: 'There is no 1.30am on Sunday 29 March 2026: the clocks go forward an hour that night. Please choose another time.',
  });
  expect(validateEventDetails(details({ start: '2026-03-29T00:30', end: '2026-03-29T01:15' })).end).toContain('There is no 1.15am');
});

test('an all-day event takes dates, and its last day may be its first', () => {
  expect(validateEventDetails(details({ allDay: true, start: '2026-09-12' }))).toEqual({});
  expect(validateEventDetails(details({ allDay: true, start: '2026-09-12', end: '2026-09-12' }))).toEqual({});
  expect(validateEventDetails(details({ allDay: true, start: '2026-09-12', end: '2026-09-11' }))).toEqual({
    end: 'The last day must be on or after the first day.',
  });
  expect(validateEventDetails(details({ allDay: true, start: '2026-09-12T10:00' }))).toEqual({
    start: 'Please give the start date as a day, month and year.',
  });
});

test('an end without a start, an unknown zone and an unlikely year are refused', () => {
  expect(validateEventDetails(details({ end: '2026-09-12T16:00' }))).toEqual({ start: 'Please give the start as well as the end.' });
  expect(validateEventDetails(details({ start: '2026-09-12T14:30', timeZone: 'Mars/Olympus' })).start).toContain('time zone');
  expect(validateEventDetails(details({ start: '1926-09-12T14:30' }))).toEqual({
    start: 'Please check the year: it should be between 2000 and 2099.',
  });
});

test('texts longer than their limits are refused, each on its own field', () => {
  const errors = validateEventDetails(
    details({
      title: 'a'.repeat(EVENT_LIMITS.title + 1),
      venue: 'b'.repeat(EVENT_LIMITS.venue + 1),
      town: 'c'.repeat(EVENT_LIMITS.town + 1),
      description: 'd'.repeat(EVENT_LIMITS.description + 1),
    }),
  );

  expect(errors).toEqual({
    title: 'Please keep the title to 150 characters or fewer.',
    venue: 'Please keep the place to 120 characters or fewer.',
    town: 'Please keep the town to 60 characters or fewer.',
    description: 'Please keep the description to 1000 characters or fewer.',
  });
  expect(validateEventDetails(details({ title: ` ${'a'.repeat(EVENT_LIMITS.title)} ` }))).toEqual({});
});

test('stored details are trimmed, lose control characters, keep line breaks and drop a zone without a start', () => {
  const stored = normaliseEventDetails(
    details({ title: '  Summer\u0007 outing ', venue: 'Hall\u202e', description: ' Line one \r\n\r\n\r\n\r\nLine\ttwo ', allDay: true }),
  );

  expect(stored).toEqual({ ...NO_EVENT_DETAILS, title: 'Summer outing', venue: 'Hall', description: 'Line one\n\nLine two' });
});
