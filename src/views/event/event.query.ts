import { eventCalendarDataUrl, eventCalendarText, googleCalendarLink, outlookCalendarLink } from '../../../src-core/domain/calendar-links';
import { CoreError } from '../../../src-core/domain/core-error';
import { eventCalendarPath, eventPath, findEvent, summariseEvent, type EventSummary } from '../../../src-core/domain/event-listing';
import { defineQuery } from '../../lib/route-data.cache';

export interface EventPageData extends EventSummary {
  /** Where to download this event's iCalendar file; null where the backend makes none or it has no date. */
  readonly calendarFile: string | null;
  readonly googleLink: string | null;
  readonly outlookLink: string | null;
}

/**
 * Where the backend makes no calendar files (a static host), the page's .ics is made in the
 * browser from the event's details, as the Google and Outlook links are, and downloaded from a
 * data: address.
 */
function calendarMadeHere(event: EventSummary, now: number): string | null {
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const text = eventCalendarText(event, { host: origin === '' ? 'localhost' : new URL(origin).hostname, pageUrl: `${origin}${eventPath(event.id)}`, now });
  return text === null ? null : eventCalendarDataUrl(text);
}

const EVENT_NOT_FOUND = 'This event could not be found. It may have been removed.';

/** One event's page, by its id (the file name without '.pdf'). */
export const eventQuery = (id: string) =>
  defineQuery(
    `event:${id}`,
    async (backend, signal): Promise<EventPageData> => {
      const listing = await backend.events.listEvents({ signal });
      const event = findEvent(listing, id);
      if (event === undefined) throw new CoreError('not-found', EVENT_NOT_FOUND);
      const summary = summariseEvent(event, listing.timeZone, Date.parse(listing.at));
      return {
        ...summary,
        calendarFile: summary.start === null ? null : listing.calendar === null ? calendarMadeHere(summary, Date.parse(listing.at)) : eventCalendarPath(summary.id),
        googleLink: googleCalendarLink(summary, listing.timeZone),
        outlookLink: outlookCalendarLink(summary),
      };
    },
    { expiresAt: (event) => (event.status === 'upcoming' ? event.finishesAt : null) },
  );
