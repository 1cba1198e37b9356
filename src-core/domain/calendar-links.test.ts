import { expect, test } from 'vitest';
import { calendarFileName, eventCalendarText, googleCalendarLink, outlookCalendarLink } from './calendar-links';
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

const FILE_OPTIONS = { host: 'www.example.org', pageUrl: 'https://www.example.org/events/Outing', now: Date.parse('2026-05-01T09:00:00Z') };

test("an event's iCalendar file, made without a server, has its times in UTC and its text escaped", () => {
  const event = summary({ title: 'Lunch, talk; and more', start: '2026-09-12T14:30', end: '2026-09-12T16:00', venue: 'Hall', town: 'Athlone', description: 'Bring a friend.\nOr two.' });

  const text = eventCalendarText(event, FILE_OPTIONS) ?? '';
  const lines = text.split('\r\n');

  expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
  expect(lines).toContain('DTSTART:20260912T133000Z');
  expect(lines).toContain('DTEND:20260912T150000Z');
  expect(lines).toContain('DTSTAMP:20260501T090000Z');
  expect(lines).toContain('SUMMARY:Lunch\\, talk\\; and more');
  expect(lines).toContain('LOCATION:Hall\\, Athlone');
  expect(lines).toContain('DESCRIPTION:Bring a friend.\\nOr two.');
  expect(lines).toContain('URL:https://www.example.org/events/Outing');
  expect(lines.filter((line) => line.startsWith('UID:'))).toEqual(['UID:event-Outing.pdf@www.example.org']);
  expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
});

test('an all-day event is a DATE ending the day after its last; a long line is folded; no date, no file', () => {
  const event = summary({ title: 'Conference', start: '2026-10-03', end: '2026-10-04', allDay: true, description: 'é'.repeat(100) });

  const lines = (eventCalendarText(event, FILE_OPTIONS) ?? '').split('\r\n');

  expect(lines).toContain('DTSTART;VALUE=DATE:20261003');
  expect(lines).toContain('DTEND;VALUE=DATE:20261005');
  expect(lines.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(0);
  expect(eventCalendarText(summary(null), FILE_OPTIONS)).toBeNull();
  expect(calendarFileName('AGM: 2026/27')).toBe('AGM  2026 27.ics');
});
