import type { EventSummary } from './event-listing';
import { addDays, formatLocalDate, parseLocalDate } from './zoned-time';

/** '20260912T133000Z': an instant in UTC, as calendar services read it in their addresses. */
function utcStamp(instant: number): string {
  return new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The day after an all-day event's last day: calendar services take the end as exclusive. */
function dayAfterLast(event: EventSummary): string {
  const last = parseLocalDate(event.end ?? event.start ?? '');
  return last === null ? '' : formatLocalDate(addDays(last, 1));
}

function place(event: EventSummary): string {
  return [event.venue, event.town].filter((part) => part !== '').join(', ');
}

/**
 * A link that opens Google Calendar's new-event page filled in with this event; null for an
 * event without a date. Times go in UTC, so the reader's calendar shows them in its own zone.
 */
export function googleCalendarLink(event: EventSummary, zone: string): string | null {
  if (event.start === null || event.startsAt === null) return null;
  const dates = event.allDay
    ? `${event.start.replace(/-/g, '')}/${dayAfterLast(event).replace(/-/g, '')}`
    : `${utcStamp(event.startsAt)}/${utcStamp(event.end === null ? event.startsAt : Date.parse(event.end))}`;
  const query = new URLSearchParams({ action: 'TEMPLATE', text: event.title, dates, ctz: zone });
  if (place(event) !== '') query.set('location', place(event));
  if (event.description !== '') query.set('details', event.description);
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

/** The same for Outlook on the web (personal Outlook.com and Microsoft 365 accounts alike). */
export function outlookCalendarLink(event: EventSummary): string | null {
  if (event.start === null || event.startsAt === null) return null;
  const query = new URLSearchParams({ path: '/calendar/action/compose', rru: 'addevent', subject: event.title });
  if (event.allDay) {
    query.set('startdt', event.start);
    query.set('enddt', dayAfterLast(event));
    query.set('allday', 'true');
  } else {
    query.set('startdt', new Date(event.startsAt).toISOString());
    if (event.end !== null) query.set('enddt', new Date(Date.parse(event.end)).toISOString());
  }
  if (place(event) !== '') query.set('location', place(event));
  if (event.description !== '') query.set('body', event.description);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query.toString()}`;
}

/** RFC 5545 text: backslash, semicolon, comma and line breaks escaped. */
function icsText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines of at most 75 octets, each further one starting with a space (RFC 5545 3.1), never splitting a character. */
function folded(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  for (const character of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (encoder.encode(current + character).length > limit) {
      parts.push(current);
      current = character;
    } else current += character;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * One event as an iCalendar file, made where no server makes one (the hosted site): as the Google
 * and Outlook links are made, in the browser. Times go in UTC, so no zone's rules need to travel
 * with it; an all-day event is a DATE, its end the day after its last. Null without a date.
 * `host` makes the UID unique among every calendar's; `pageUrl` is the event's own page.
 */
export function eventCalendarText(event: EventSummary, options: { readonly host: string; readonly pageUrl: string; readonly now: number }): string | null {
  if (event.start === null || event.startsAt === null) return null;
  const when = event.allDay
    ? [`DTSTART;VALUE=DATE:${event.start.replace(/-/g, '')}`, `DTEND;VALUE=DATE:${dayAfterLast(event).replace(/-/g, '')}`]
    : [`DTSTART:${utcStamp(event.startsAt)}`, ...(event.end === null ? [] : [`DTEND:${utcStamp(Date.parse(event.end))}`])];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Retired Nurses Association Of Ireland//Events//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:event-${encodeURIComponent(event.file.name).replace(/%/g, '')}@${options.host}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    ...when,
    `SUMMARY:${icsText(event.title)}`,
    ...(place(event) === '' ? [] : [`LOCATION:${icsText(place(event))}`]),
    ...(event.description === '' ? [] : [`DESCRIPTION:${icsText(event.description)}`]),
    `URL:${options.pageUrl}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(folded).join('\r\n')}\r\n`;
}

/** The file as an address a link downloads, with nothing fetched: `data:text/calendar,...`. */
export function eventCalendarDataUrl(text: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(text)}`;
}

/** 'Summer Outing 2026.ics': the event's title, without characters a file name cannot hold. */
export function calendarFileName(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what must go
  return `${title.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, ' ').trim() || 'event'}.ics`;
}
