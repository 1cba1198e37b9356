import type { EventSummary } from './event-listing';
import { SITE_TITLE } from './navigation';

/**
 * schema.org Event data for search engines (date, place, organiser); null for an event without
 * a date, which schema.org cannot describe as an Event.
 */
export function eventStructuredData(event: EventSummary): Record<string, unknown> | null {
  if (event.start === null) return null;
  const place = event.venue !== '' || event.town !== '';
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    startDate: event.start,
    ...(event.end === null ? {} : { endDate: event.end }),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    ...(place
      ? {
          location: {
            '@type': 'Place',
            name: event.venue !== '' ? event.venue : event.town,
            address: { '@type': 'PostalAddress', ...(event.town === '' ? {} : { addressLocality: event.town }) },
          },
        }
      : {}),
    ...(event.description === '' ? {} : { description: event.description }),
    organizer: { '@type': 'Organization', name: SITE_TITLE },
  };
}

/**
 * JSON to put inside a `<script type="application/ld+json">` element: '<', '>' and '&' are
 * written as \u escapes, so no text (an event called '</script>') can end the element early,
 * and the line separators JSON allows but older parsers choke on are escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
