import { expect, test } from 'vitest';
import { NO_EVENT_DETAILS } from './event-details';
import { EMPTY_EVENT_FORM, eventDetailsFromForm, eventDetailsToForm } from './event-details-form';

const ZONE = 'Europe/Dublin';

test('an empty form means no details at all', () => {
  expect(eventDetailsFromForm(EMPTY_EVENT_FORM, ZONE)).toEqual({ details: null, errors: {} });
});

test('a date and times become details in the association zone; an end time alone is on the start day', () => {
  const { details, errors } = eventDetailsFromForm(
    { ...EMPTY_EVENT_FORM, title: ' AGM ', startDate: '2026-09-12', startTime: '14:30', endTime: '16:00', venue: 'Hall', town: 'Athlone' },
    ZONE,
  );

  expect(errors).toEqual({});
  expect(details).toEqual({ ...NO_EVENT_DETAILS, title: 'AGM', start: '2026-09-12T14:30', end: '2026-09-12T16:00', timeZone: ZONE, venue: 'Hall', town: 'Athlone' });
});

test('an all-day event keeps dates only, whatever the time boxes hold', () => {
  const { details } = eventDetailsFromForm({ ...EMPTY_EVENT_FORM, startDate: '2026-09-11', startTime: '10:00', endDate: '2026-09-13', allDay: true }, ZONE);

  expect(details).toMatchObject({ start: '2026-09-11', end: '2026-09-13', allDay: true });
});

test('each refusal is put beside the box it is about', () => {
  expect(eventDetailsFromForm({ ...EMPTY_EVENT_FORM, startDate: '2026-09-12' }, ZONE).errors).toEqual({
    startTime: 'Please give the start time, or choose "All day".',
  });
  expect(eventDetailsFromForm({ ...EMPTY_EVENT_FORM, startDate: '2026-09-12', startTime: '14:00', endTime: '13:00' }, ZONE).errors).toEqual({
    endTime: 'The end must be after the start.',
  });
  expect(eventDetailsFromForm({ ...EMPTY_EVENT_FORM, startDate: '2026-03-29', startTime: '01:30' }, ZONE).errors.startTime).toContain('clocks go forward');
  expect(eventDetailsFromForm({ ...EMPTY_EVENT_FORM, allDay: true, startDate: '2026-09-12', endDate: '2026-09-10' }, ZONE).errors).toEqual({
    endDate: 'The last day must be on or after the first day.',
  });
  expect(eventDetailsFromForm({ ...EMPTY_EVENT_FORM, endDate: '2026-09-12', endTime: '10:00' }, ZONE).errors).toEqual({
    startDate: 'Please give the start as well as the end.',
  });
  expect(eventDetailsFromForm({ ...EMPTY_EVENT_FORM, startTime: '10:00' }, ZONE).errors).toEqual({
    startDate: 'Please give the start date as a day, month and year.',
  });
  expect(eventDetailsFromForm({ ...EMPTY_EVENT_FORM, startDate: '2026-09-12', startTime: '14:00', endDate: '2026-09-11', endTime: '16:00' }, ZONE).errors).toEqual({
    endDate: 'The end must be after the start.',
  });
  expect(eventDetailsFromForm({ ...EMPTY_EVENT_FORM, startDate: '2026-09-12', startTime: '14:00', endDate: '2026-09-13' }, ZONE).errors).toEqual({
    endTime: 'Please give the end time, or choose "All day".',
  });
  expect(eventDetailsFromForm({ ...EMPTY_EVENT_FORM, startDate: '2026-09-12', startTime: '14:00', endDate: '2026-12-12', endTime: '10:00' }, ZONE).errors).toEqual({
    endDate: 'An event can last at most 60 days. Please check the end date.',
  });
  expect(eventDetailsFromForm({ ...EMPTY_EVENT_FORM, title: 'x'.repeat(151) }, ZONE).errors).toEqual({ title: 'Please keep the title to 150 characters or fewer.' });
});

test('stored details fill the form back, shown on the association clocks', () => {
  const form = eventDetailsToForm({ ...NO_EVENT_DETAILS, start: '2026-09-12T09:30', end: '2026-09-12T11:00', timeZone: 'America/New_York', town: 'Boston' }, ZONE);

  // The end date box is for a later day only: a same-day end leaves it empty.
  expect(form).toEqual({ ...EMPTY_EVENT_FORM, startDate: '2026-09-12', startTime: '14:30', endDate: '', endTime: '16:00', town: 'Boston' });
  expect(eventDetailsToForm({ ...NO_EVENT_DETAILS, allDay: true, start: '2026-09-12', timeZone: ZONE }, ZONE)).toMatchObject({ startDate: '2026-09-12', startTime: '', allDay: true });
  expect(eventDetailsToForm(null, ZONE)).toEqual(EMPTY_EVENT_FORM);
});

const STORED = { ...NO_EVENT_DETAILS, title: 'AGM', start: '2026-09-12T14:30', end: '2026-09-12T16:00', timeZone: ZONE };

test.each([
  ['the start date', { startDate: '2026-10-03' }, { start: '2026-10-03T14:30', end: '2026-10-03T16:00' }],
  ['the start time', { startTime: '15:00' }, { start: '2026-09-12T15:00', end: '2026-09-12T16:00' }],
  ['the end date', { endDate: '2026-09-13' }, { start: '2026-09-12T14:30', end: '2026-09-13T16:00' }],
  ['the end time', { endTime: '17:30' }, { start: '2026-09-12T14:30', end: '2026-09-12T17:30' }],
  ['all day', { allDay: true }, { start: '2026-09-12', end: '', allDay: true }],
])('a dated event moved by %s is saved as moved', (_, change, moved) => {
  const form = { ...eventDetailsToForm(STORED, ZONE), ...change };

  expect(eventDetailsFromForm(form, ZONE)).toEqual({ details: { ...STORED, ...moved }, errors: {} });
});
