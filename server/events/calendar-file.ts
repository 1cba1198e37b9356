/**
 * iCalendar (RFC 5545) files of the site's events, written by ical-generator (escaping, line
 * folding, VALUE=DATE) with the zone's VTIMEZONE from @touch4it/ical-timezones. Loaded by the
 * calendar routes on their first request, so the rest of the server never carries it.
 */
import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar } from 'ical-generator';
import { createHash } from 'node:crypto';
import type { EventSummary } from '../../src-core/domain/event-listing';
import { SITE_TITLE } from '../../src-core/domain/navigation';
import { addDays, parseLocalDate } from '../../src-core/domain/zoned-time';

export interface CalendarFileOptions {
  readonly name: string;
  readonly timeZone: string;
  /** The site's own host, which makes event UIDs unique among every calendar's. */
  readonly host: string;
  /** The absolute address of an event's page, given to calendars as the event's URL. */
  readonly pageUrl: (event: EventSummary) => string;
  /** DTSTAMP: when this copy of the calendar was made. */
  readonly now: number;
}

/**
 * A UID that stays the same for as long as the event's file does, so a calendar that subscribed
 * updates the event instead of adding a second one when its details change.
 */
function uidOf(event: EventSummary, host: string): string {
  return `event-${createHash('sha256').update(event.file.name).digest('hex').slice(0, 32)}@${host}`;
}

/** Midnight UTC of a date: with no zone on the event, ical-generator writes a DATE from UTC fields. */
function utcDay(text: string | null, days = 0): Date | null {
  const date = text === null ? null : parseLocalDate(text);
  if (date === null) return null;
  const moved = addDays(date, days);
  return new Date(Date.UTC(moved.year, moved.month - 1, moved.day));
}

export function calendarFile(events: readonly EventSummary[], options: CalendarFileOptions): string {
  const calendar = new ICalCalendar({
    name: options.name,
    prodId: { company: SITE_TITLE, product: 'Events', language: 'EN' },
    // Only the VTIMEZONE of each zone the events use. No calendar-wide zone: ical-generator
    // would then write DTSTAMP and all-day dates from the zone's wall clock instead of UTC.
    timezone: { name: null, generator: getVtimezoneComponent },
    // How often a subscribed calendar should look again.
    ttl: 6 * 60 * 60,
  });
  for (const event of events) {
    if (event.start === null || event.startsAt === null) continue;
    const common = {
      id: uidOf(event, options.host),
      stamp: new Date(options.now),
      summary: event.title,
      url: options.pageUrl(event),
      ...(event.venue === '' && event.town === '' ? {} : { location: [event.venue, event.town].filter(Boolean).join(', ') }),
      ...(event.description === '' ? {} : { description: event.description }),
    };
    if (event.allDay) {
      const start = utcDay(event.start);
      if (start === null) continue;
      // DTEND of an all-day event is the day after its last (RFC 5545 3.6.1).
      calendar.createEvent({ ...common, allDay: true, start, end: utcDay(event.end ?? event.start, 1) });
    } else {
      const end = event.end === null ? null : new TZDate(Date.parse(event.end), options.timeZone);
      calendar.createEvent({ ...common, timezone: options.timeZone, start: new TZDate(event.startsAt, options.timeZone), end });
    }
  }
  return calendar.toString();
}
