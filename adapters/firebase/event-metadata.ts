import { NO_EVENT_DETAILS, hasEventDetails, type EventDetails } from '../../src-core/domain/event-details';

/**
 * Event details as a Storage object's custom metadata: one string per field, absent when
 * empty. storage.rules check these very keys and their lengths (keep the two lists together).
 * @internal Outside this file only tests and fakes use it.
 */
export const EVENT_METADATA_KEYS = {
  title: 'eventTitle',
  start: 'eventStart',
  end: 'eventEnd',
  allDay: 'eventAllDay',
  timeZone: 'eventTimeZone',
  venue: 'eventVenue',
  town: 'eventTown',
  description: 'eventDescription',
} as const satisfies Record<keyof EventDetails, string>;

type Field = keyof typeof EVENT_METADATA_KEYS;
const FIELDS = Object.keys(EVENT_METADATA_KEYS) as Field[];

function valueOf(details: EventDetails, field: Field): string {
  if (field === 'allDay') return details.allDay ? 'true' : '';
  return details[field];
}

/** The custom metadata to upload a file with; undefined without details. */
export function eventMetadataForUpload(details: EventDetails | null): Record<string, string> | undefined {
  if (details === null) return undefined;
  const entries = FIELDS.map((field) => [EVENT_METADATA_KEYS[field], valueOf(details, field)] as const).filter(([, value]) => value !== '');
  return Object.fromEntries(entries);
}

/**
 * The custom metadata for updateMetadata: every key, empty ones as null, which Storage takes
 * as "remove this key", so details that were cleared do not linger.
 */
export function eventMetadataForUpdate(details: EventDetails | null): Record<string, string | null> {
  return Object.fromEntries(
    FIELDS.map((field) => {
      const value = details === null ? '' : valueOf(details, field);
      return [EVENT_METADATA_KEYS[field], value === '' ? null : value];
    }),
  );
}

/** The details kept in an object's custom metadata, or null when it holds none. */
export function eventDetailsFromMetadata(custom: Readonly<Record<string, string>>): EventDetails | null {
  const text = (field: Field) => custom[EVENT_METADATA_KEYS[field]] ?? '';
  const details: EventDetails = {
    ...NO_EVENT_DETAILS,
    title: text('title'),
    start: text('start'),
    end: text('end'),
    allDay: text('allDay') === 'true',
    timeZone: text('timeZone'),
    venue: text('venue'),
    town: text('town'),
    description: text('description'),
  };
  return hasEventDetails(details) ? details : null;
}
