import { CoreError } from '../../src-core/domain/core-error';
import { EVENT_LIMITS, NO_EVENT_DETAILS, storableEventDetails, type EventDetails } from '../../src-core/domain/event-details';
import { isTimeZone } from '../../src-core/domain/zoned-time';
import { samplePdf } from '../content/sample-pdf';

/** A venue of The Events Calendar (post type tribe_venue): its name and town. */
export interface Venue {
  readonly name: string;
  readonly town: string;
}

/** The Events Calendar's meta fields of one event (post type tribe_events). */
export type EventMeta = ReadonlyMap<string, string>;

const YES = new Set(['yes', '1', 'true']);

/** '2026-06-12 14:30:00' as '2026-06-12T14:30', or the date alone for an all-day event. */
function wallClock(value: string, allDay: boolean): string {
  const [date = '', time = ''] = value.trim().split(/[ T]/);
  return allDay || time === '' ? date : `${date}T${time.slice(0, 5)}`;
}

/** The text cut at a line's end so it fits `limit` characters. */
function fitted(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    if ([...kept, line].join('\n').length > limit - 1) break;
    kept.push(line);
  }
  return kept.length === 0 ? `${text.slice(0, limit - 1)}…` : `${kept.join('\n')}\n…`;
}

/**
 * The site's details of a WordPress event; a CoreError 'invalid-input' when the site would not
 * accept them (a date out of range, an end before the start), so the event is skipped with that reason.
 */
export function eventDetailsOf(
  event: { title: string; description: string; meta: EventMeta },
  venues: ReadonlyMap<string, Venue>,
  siteTimeZone: string,
): EventDetails {
  const allDay = YES.has((event.meta.get('_EventAllDay') ?? '').toLowerCase());
  const start = wallClock(event.meta.get('_EventStartDate') ?? '', allDay);
  if (start === '') throw new CoreError('invalid-input', 'it has no start date');
  const end = wallClock(event.meta.get('_EventEndDate') ?? '', allDay);
  const zone = event.meta.get('_EventTimezone') ?? '';
  const venue = venues.get(event.meta.get('_EventVenueID') ?? '');
  const details = storableEventDetails({
    ...NO_EVENT_DETAILS,
    title: fitted(event.title, EVENT_LIMITS.title),
    start,
    end: end === start ? '' : end,
    allDay,
    // The Events Calendar also allows offsets such as 'UTC+1', which name no place's rules.
    timeZone: isTimeZone(zone) ? zone : siteTimeZone,
    venue: fitted(venue?.name ?? '', EVENT_LIMITS.venue),
    town: fitted(venue?.town ?? '', EVENT_LIMITS.town),
    description: fitted(event.description, EVENT_LIMITS.description),
  });
  if (details === null) throw new CoreError('invalid-input', 'it has no details');
  return details;
}

/** Letters without their accents: the one-page PDF's standard font shows plain ASCII (server/content/sample-pdf.ts). */
function plainLetters(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * A one-page PDF for an event that had no file of its own on the old site: every event on this
 * site is a file in the events folder with its details, and this one says what the details say.
 */
export function eventPdf(details: EventDetails): Uint8Array {
  const when = details.end === '' ? details.start.replace('T', ' at ') : `${details.start.replace('T', ' at ')} to ${details.end.replace('T', ' at ')}`;
  const where = [details.venue, details.town].filter((part) => part !== '').join(', ');
  const lines = [`When: ${when}`, ...(where === '' ? [] : [`Where: ${where}`]), '', ...details.description.split('\n')];
  return samplePdf(plainLetters(details.title), lines.map(plainLetters));
}
