import type { BranchLink } from './branches';
import { eventCard } from './event-card';
import { hasEventDetails, type EventDetails } from './event-details';
import { describeWhen, eventSchedule, eventStatus, isoSchedule, type EventStatus } from './event-schedule';
import { describeFile } from './files';
import type { StoredFile } from './stored-file';
import { instantOf, localDateTimeAt } from './zoned-time';

/** An event's file and what is known about it (null: nothing beyond the file). */
export interface ListedEvent {
  readonly file: StoredFile;
  readonly details: EventDetails | null;
  /** The branch holding the event, where the backend keeps branches; absent: a national event. */
  readonly branch?: BranchLink;
}

/** The calendar feed a backend's server makes; the hosted backend, without a server, has none. */
export interface CalendarFeed {
  /** The feed's address on this site: '/events.ics'. */
  readonly feedPath: string;
  /** Its whole address, to copy into a calendar app: 'https://www.example.org/events.ics'. */
  readonly feedUrl: string;
  /** The same feed for calendar apps to subscribe to: 'webcal://www.example.org/events.ics'. */
  readonly subscribeUrl: string;
}

/** Where the server makes the feed of every event. */
export const CALENDAR_FEED_PATH = '/events.ics';

/** Every event as a backend lists it, with the association's zone and the backend's time of listing. */
export interface EventListing {
  /** The association's IANA time zone: dates are shown and entered in it. */
  readonly timeZone: string;
  /** ISO 8601 time of the listing, by the backend's clock: what 'upcoming' and 'past' are measured from. */
  readonly at: string;
  readonly events: readonly ListedEvent[];
  /** Null where the backend makes no iCalendar files. */
  readonly calendar: CalendarFeed | null;
}

/**
 * An event as the public pages show it: texts already worked out, so rendering does no
 * date arithmetic and the server and the browser show the same words.
 */
export interface EventSummary {
  /** The address's last part: the file name without '.pdf'. */
  readonly id: string;
  readonly title: string;
  /** 'Saturday 12 September 2026, 2.30pm', or 'Unknown Date' (docs/behaviour.md#event-cards). */
  readonly when: string;
  /** 'Parish Hall, Athlone', or 'Unknown Location'. */
  readonly where: string;
  readonly venue: string;
  readonly town: string;
  readonly description: string;
  readonly status: EventStatus;
  readonly allDay: boolean;
  /** ISO 8601: a date for an all-day event, a date-time with offset otherwise; null without a date. */
  readonly start: string | null;
  readonly end: string | null;
  /** For ordering and calendar links: the first instant of the event, or null without a date. */
  readonly startsAt: number | null;
  readonly finishesAt: number | null;
  readonly file: { readonly name: string; readonly url: string; readonly label: string };
  /** The branch holding it; absent for a national event. */
  readonly branch?: BranchLink;
}

const PDF = /\.pdf$/i;

/** The event's id in addresses: its file name without '.pdf' ('Summer Outing 2026'). */
export function eventIdOf(fileName: string): string {
  const id = fileName.replace(PDF, '');
  return id === '' ? fileName : id;
}

/** The page of an event. */
export function eventPath(id: string): string {
  return `/events/${encodeURIComponent(id)}`;
}

/** The address of one event's iCalendar file, where the backend makes them. */
export function eventCalendarPath(id: string): string {
  return `${eventPath(id)}/calendar.ics`;
}

/** The feed's subscription address for a site at `origin` ('https://www.example.org'). */
export function calendarFeedAt(origin: string): CalendarFeed {
  return {
    feedPath: CALENDAR_FEED_PATH,
    feedUrl: `${origin}${CALENDAR_FEED_PATH}`,
    subscribeUrl: `${origin.replace(/^https?:/, 'webcal:')}${CALENDAR_FEED_PATH}`,
  };
}

/** The event an id names; of two files differing only in the case of '.pdf', the first by name. */
export function findEvent(listing: EventListing, id: string): ListedEvent | undefined {
  return listing.events.find((event) => eventIdOf(event.file.name) === id);
}

export function summariseEvent(event: ListedEvent, zone: string, now: number): EventSummary {
  const card = eventCard(event.file);
  const details = hasEventDetails(event.details) ? event.details : null;
  const schedule = eventSchedule(details, zone);
  const place = [details?.venue ?? '', details?.town ?? ''].filter((part) => part !== '');
  const iso = schedule === null ? null : isoSchedule(schedule, zone);
  return {
    id: eventIdOf(event.file.name),
    title: details !== null && details.title !== '' ? details.title : card.title,
    when: schedule === null ? card.date : describeWhen(schedule),
    where: place.length === 0 ? card.location : place.join(', '),
    venue: details?.venue ?? '',
    town: details?.town ?? '',
    description: details?.description ?? '',
    status: eventStatus(schedule, now),
    allDay: schedule?.allDay ?? false,
    start: iso?.start ?? null,
    end: iso?.end ?? null,
    startsAt: schedule?.startsAt ?? null,
    finishesAt: schedule?.finishesAt ?? null,
    file: { name: event.file.name, url: event.file.url, label: describeFile(event.file) },
    ...(event.branch === undefined ? {} : { branch: event.branch }),
  };
}

/** How far back the Events page lists past events unless the reader asks for all of them. */
export const PAST_EVENTS_MONTHS = 12;

/** The same time PAST_EVENTS_MONTHS months earlier on the association's calendar. */
function monthsBefore(instant: number, zone: string, months: number): number {
  const now = localDateTimeAt(instant, zone);
  const total = now.year * 12 + (now.month - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return instantOf({ ...now, year, month, day: Math.min(now.day, lastDay) }, zone);
}

export interface EventsOverview {
  /** Soonest first; events happening now are still upcoming. */
  readonly upcoming: readonly EventSummary[];
  /** Events without a date, by title: shown after the upcoming ones. */
  readonly undated: readonly EventSummary[];
  /** Newest first: those of the last 12 months, or all of them when asked. */
  readonly past: readonly EventSummary[];
  /** Past events older than 12 months, not in `past`. */
  readonly olderPastCount: number;
  /**
   * The next moment this overview stops being true (an event finishes, or a past one turns 12
   * months old); null when nothing will change by itself. A cached page must be rendered again then.
   */
  readonly changesAt: number | null;
}

const byTitle = (a: EventSummary, b: EventSummary) => a.title.localeCompare(b.title, 'en-IE', { sensitivity: 'base', numeric: true });

export function eventsOverview(listing: EventListing, options: { readonly allPast?: boolean } = {}): EventsOverview {
  const now = Date.parse(listing.at);
  const zone = listing.timeZone;
  const summaries = listing.events.map((event) => summariseEvent(event, zone, now));
  const recentFrom = monthsBefore(now, zone, PAST_EVENTS_MONTHS);
  const upcoming = summaries
    .filter((event) => event.status === 'upcoming')
    .sort((a, b) => (a.startsAt ?? 0) - (b.startsAt ?? 0) || byTitle(a, b));
  const allPast = summaries
    .filter((event) => event.status === 'past')
    .sort((a, b) => (b.startsAt ?? 0) - (a.startsAt ?? 0) || byTitle(a, b));
  const recent = allPast.filter((event) => (event.finishesAt ?? 0) > recentFrom);
  const changes = [
    ...upcoming.map((event) => event.finishesAt ?? Infinity),
    // A past event leaves the recent list when its finish is PAST_EVENTS_MONTHS old.
    ...recent.map((event) => monthsBefore(event.finishesAt ?? 0, zone, -PAST_EVENTS_MONTHS)),
  ].filter((moment) => moment > now);
  return {
    upcoming,
    undated: summaries.filter((event) => event.status === 'undated').sort(byTitle),
    past: options.allPast === true ? allPast : recent,
    olderPastCount: allPast.length - recent.length,
    changesAt: changes.length === 0 ? null : Math.min(...changes),
  };
}

/** The event the home page points to: the soonest not yet finished, or null. */
export function nextUpcomingEvent(listing: EventListing): EventSummary | null {
  return eventsOverview(listing).upcoming[0] ?? null;
}
