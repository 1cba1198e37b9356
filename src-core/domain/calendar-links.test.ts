import { expect, test } from 'vitest';
import { googleCalendarLink, outlookCalendarLink } from './calendar-links';
import { NO_EVENT_DETAILS, type EventDetails } from './event-details';
import { summariseEvent } from './event-listing';

const DUBLIN = 'Europe/Dublin';

function summary(change: Partial<EventDetails> | null) {
  const file = { name: 'Outing.pdf', fullPath: 'events/Outing.pdf', url: '/files/events/Outing.pdf' };
  return summariseEvent({ file, details: change === null ? null : { ...NO_EVENT_DETAILS, timeZone: DUBLIN, ...change } }, DUBLIN, 0);
}

const query = (link: string | null) => Object.fromEntries(new URL(link ?? 'https://invalid.example/').searchParams);

test('a timed event opens Google and Outlook with its times in UTC, its place and its description', () => {
  const event = summary({ title: 'Lunch & talk', start: '2026-09-12T14:30', end: '2026-09-12T16:00', venue: 'Hall', town: 'Athlone', description: 'Bring a friend.' });

  expect(googleCalendarLink(event, DUBLIN)).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?/);
  expect(query(googleCalendarLink(event, DUBLIN))).toEqual({
    action: 'TEMPLATE',
    text: 'Lunch & talk',
    dates: '20260912T133000Z/20260912T150000Z',
    ctz: DUBLIN,
    location: 'Hall, Athlone',
    details: 'Bring a friend.',
  });
  expect(outlookCalendarLink(event)).toMatch(/^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?/);
  expect(query(outlookCalendarLink(event))).toEqual({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: 'Lunch & talk',
    startdt: '2026-09-12T13:30:00.000Z',
    enddt: '2026-09-12T15:00:00.000Z',
    location: 'Hall, Athlone',
    body: 'Bring a friend.',
  });
});

test('an all-day event is given as dates, ending the day after its last day as calendars expect', () => {
  const event = summary({ allDay: true, start: '2026-09-11', end: '2026-09-13' });

  expect(query(googleCalendarLink(event, DUBLIN)).dates).toBe('20260911/20260914');
  expect(query(outlookCalendarLink(event))).toMatchObject({ startdt: '2026-09-11', enddt: '2026-09-14', allday: 'true' });
});

test('an event without a date has no calendar links', () => {
  expect(googleCalendarLink(summary(null), DUBLIN)).toBeNull();
  expect(outlookCalendarLink(summary({ venue: 'Hall' }))).toBeNull();
});
