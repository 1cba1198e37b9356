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
