import { expect, test } from 'vitest';
import { NO_EVENT_DETAILS, type EventDetails } from './event-details';
import { describeWhen, eventSchedule, eventStatus, isoSchedule } from './event-schedule';

const DUBLIN = 'Europe/Dublin';
const at = (iso: string) => Date.parse(iso);
const details = (change: Partial<EventDetails>): EventDetails => ({ ...NO_EVENT_DETAILS, timeZone: DUBLIN, ...change });

function scheduleOf(change: Partial<EventDetails>, zone = DUBLIN) {
  const schedule = eventSchedule(details(change), zone);
  if (schedule === null) throw new Error('expected a schedule');
  return schedule;
}

test('an event without a date has no schedule and is neither upcoming nor past', () => {
  expect(eventSchedule(null, DUBLIN)).toBeNull();
  expect(eventSchedule(details({ title: 'Outing' }), DUBLIN)).toBeNull();
  expect(eventStatus(null, at('2026-01-01T00:00:00Z'))).toBe('undated');
});

test('times are written the Irish way, with the end on the same day or another', () => {
  expect(describeWhen(scheduleOf({ start: '2026-09-12T14:30' }))).toBe('Saturday 12 September 2026, 2.30pm');
  expect(describeWhen(scheduleOf({ start: '2026-09-12T14:30', end: '2026-09-12T16:00' }))).toBe('Saturday 12 September 2026, 2.30pm to 4pm');
  expect(describeWhen(scheduleOf({ start: '2026-09-12T20:00', end: '2026-09-13T00:30' }))).toBe(
    'Saturday 12 September 2026, 8pm to Sunday 13 September 2026, 12.30am',
  );
  expect(describeWhen(scheduleOf({ allDay: true, start: '2026-09-12' }))).toBe('Saturday 12 September 2026, all day');
  expect(describeWhen(scheduleOf({ allDay: true, start: '2026-09-11', end: '2026-09-13' }))).toBe(
    'Friday 11 September 2026 to Sunday 13 September 2026',
  );
});

test('a timed event with an end is past from its end, to the minute', () => {
  const schedule = scheduleOf({ start: '2026-09-12T14:30', end: '2026-09-12T16:00' });

  expect(eventStatus(schedule, at('2026-09-12T14:59:59Z'))).toBe('upcoming');
  expect(eventStatus(schedule, at('2026-09-12T15:00:00Z'))).toBe('past');
});

test('a timed event without an end stays upcoming until its day is over in Ireland', () => {
  const schedule = scheduleOf({ start: '2026-09-12T14:30' });

  expect(eventStatus(schedule, at('2026-09-12T22:59:59Z'))).toBe('upcoming');
  expect(eventStatus(schedule, at('2026-09-12T23:00:00Z'))).toBe('past');
});

test('an all-day event is upcoming until the midnight after its last day', () => {
  const oneDay = scheduleOf({ allDay: true, start: '2026-12-12' });
  const weekend = scheduleOf({ allDay: true, start: '2026-09-11', end: '2026-09-13' });

  expect(eventStatus(oneDay, at('2026-12-12T23:59:59Z'))).toBe('upcoming');
  expect(eventStatus(oneDay, at('2026-12-13T00:00:00Z'))).toBe('past');
  expect(eventStatus(weekend, at('2026-09-12T12:00:00Z'))).toBe('upcoming');
  expect(eventStatus(weekend, at('2026-09-13T22:59:59Z'))).toBe('upcoming');
  expect(eventStatus(weekend, at('2026-09-13T23:00:00Z'))).toBe('past');
});

test('the day of the March change is 23 hours long and the October one 25, and midnight still ends them', () => {
  expect(scheduleOf({ allDay: true, start: '2026-03-29' }).finishesAt - scheduleOf({ allDay: true, start: '2026-03-29' }).startsAt).toBe(
    23 * 3600_000,
  );
  const october = scheduleOf({ allDay: true, start: '2026-10-25' });
  expect(october.finishesAt - october.startsAt).toBe(25 * 3600_000);
  expect(eventStatus(october, at('2026-10-25T23:59:59Z'))).toBe('upcoming');
  expect(eventStatus(october, at('2026-10-26T00:00:00Z'))).toBe('past');
});

test('an event the night the clocks go back ends an hour later than its clock times suggest', () => {
  // 1am to 3am on 25 October 2026: 1am is summer time, 3am winter time, three hours apart.
  const schedule = scheduleOf({ start: '2026-10-25T01:00', end: '2026-10-25T03:00' });

  expect(schedule.allDay || schedule.endsAt === null ? null : schedule.endsAt - schedule.startsAt).toBe(3 * 3600_000);
  expect(describeWhen(schedule)).toBe('Sunday 25 October 2026, 1am to 3am');
});

test('times written in another zone are shown on the association clocks; dates stay as written', () => {
  const fromNewYork = eventSchedule(details({ start: '2026-09-12T09:30', timeZone: 'America/New_York' }), DUBLIN);
  const allDay = eventSchedule(details({ allDay: true, start: '2026-09-12', timeZone: 'America/New_York' }), DUBLIN);

  expect(fromNewYork === null ? null : describeWhen(fromNewYork)).toBe('Saturday 12 September 2026, 2.30pm');
  expect(allDay === null ? null : describeWhen(allDay)).toBe('Saturday 12 September 2026, all day');
});

test('machines get ISO dates for all-day events and date-times with the Irish offset otherwise', () => {
  expect(isoSchedule(scheduleOf({ start: '2026-09-12T14:30', end: '2026-09-12T16:00' }), DUBLIN)).toEqual({
    start: '2026-09-12T14:30:00+01:00',
    end: '2026-09-12T16:00:00+01:00',
  });
  expect(isoSchedule(scheduleOf({ start: '2026-12-12T14:30' }), DUBLIN)).toEqual({ start: '2026-12-12T14:30:00+00:00', end: null });
  expect(isoSchedule(scheduleOf({ allDay: true, start: '2026-09-11', end: '2026-09-13' }), DUBLIN)).toEqual({
    start: '2026-09-11',
    end: '2026-09-13',
  });
});
