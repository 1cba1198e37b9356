import { CoreError } from './core-error';
import { irishClockTime, irishLongDate } from './irish-date';
import { hasErrors, type FieldErrors } from './validation';
import { DAY_MS, isTimeZone, parseLocalDate, parseLocalDateTime, resolveLocalDateTime } from './zoned-time';

/**
 * What an administrator tells the site about an event, kept with the event's file. Every field
 * is optional ('' when not given): a file without details keeps the plain card (docs/behaviour.md#event-cards).
 *
 * Times are kept as the wall-clock time the organiser wrote plus the zone it was written in
 * ('2026-09-12T14:30' in 'Europe/Dublin'), not as a UTC instant. The organiser meant "half two
 * in Dublin", and that stays true if the zone's rules change before the day (the EU has voted
 * to stop changing clocks; Ireland has not decided), where a stored instant would then show
 * 1.30pm or 3.30pm. The pair is still one unambiguous moment: the twice-yearly repeated hour
 * and skipped hour are settled as RFC 5545 settles them (see resolveLocalDateTime), and a time
 * in the skipped hour is refused when entered. All-day events keep plain dates, which mean the
 * same day wherever they are read.
 */
export interface EventDetails {
  /** '' for the title taken from the file's name. */
  readonly title: string;
  /** 'YYYY-MM-DD' for an all-day event, 'YYYY-MM-DDTHH:mm' otherwise; '' while not known. */
  readonly start: string;
  /** Like start; '' for none. An all-day event's end is its last day. */
  readonly end: string;
  readonly allDay: boolean;
  /** The IANA zone start and end are written in; '' without a start. */
  readonly timeZone: string;
  readonly venue: string;
  readonly town: string;
  /** Plain text; line breaks are kept. */
  readonly description: string;
}

export type EventField = 'title' | 'start' | 'end' | 'venue' | 'town' | 'description';

/** Longest values, in UTF-16 units like an input's maxLength, so the form, the server and storage rules agree. */
export const EVENT_LIMITS = { title: 150, venue: 120, town: 60, description: 1000 } as const;

/** Longest an event may run: beyond this an end date is far more likely a slip of the year. */
const MAX_EVENT_DAYS = 60;

const EARLIEST_YEAR = 2000;
const LATEST_YEAR = 2099;

export const NO_EVENT_DETAILS: EventDetails = {
  title: '',
  start: '',
  end: '',
  allDay: false,
  timeZone: '',
  venue: '',
  town: '',
  description: '',
};

/** Whether anything at all is known beyond the file: otherwise the plain card is shown. */
export function hasEventDetails(details: EventDetails | null | undefined): details is EventDetails {
  if (details === null || details === undefined) return false;
  return [details.title, details.start, details.venue, details.town, details.description].some((value) => value !== '');
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function oneLine(value: string): string {
  return value.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
}

function paragraphText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The details as they are stored: trimmed, control characters gone, no zone without a start. */
export function normaliseEventDetails(details: EventDetails): EventDetails {
  const start = details.start.trim();
  return {
    title: oneLine(details.title),
    start,
    end: start === '' ? '' : details.end.trim(),
    allDay: start !== '' && details.allDay,
    timeZone: start === '' ? '' : details.timeZone.trim(),
    venue: oneLine(details.venue),
    town: oneLine(details.town),
    description: paragraphText(details.description),
  };
}

function tooLong(what: string, limit: number): string {
  return `Please keep the ${what} to ${limit} characters or fewer.`;
}

function sensibleYear(year: number): boolean {
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

const YEAR_MESSAGE = `Please check the year: it should be between ${EARLIEST_YEAR} and ${LATEST_YEAR}.`;

function skippedHourMessage(text: string): string {
  const time = parseLocalDateTime(text);
  if (time === null) return 'Please choose another time.';
  return (
    `There is no ${irishClockTime(time)} on ${irishLongDate(time)}: the clocks go forward an hour that night. ` +
    'Please choose another time.'
  );
}

/** The part of a start or end a message is about: the admin form shows each beside its own box. */
type Part = 'Date' | 'Time';

/** A field of the admin form: the start and the end each have a date and a time box. */
export type EventFormField = Exclude<EventField, 'start' | 'end'> | `${'start' | 'end'}${Part}`;

interface CheckedMoment {
  readonly error?: { readonly part: Part; readonly message: string };
  /** For comparing start and end: the instant, or the date's day number for all-day events. */
  readonly value?: number;
  /** The day number of its date, to tell a wrong day from a wrong time. */
  readonly day?: number;
}

const dayNumber = (date: { year: number; month: number; day: number }) => Date.UTC(date.year, date.month - 1, date.day);

function checkMoment(text: string, allDay: boolean, zone: string, which: 'start' | 'end'): CheckedMoment {
  const date = parseLocalDate(text.slice(0, 10));
  if (date === null || (allDay && text.length > 10)) return { error: { part: 'Date', message: `Please give the ${which} date as a day, month and year.` } };
  if (!sensibleYear(date.year)) return { error: { part: 'Date', message: YEAR_MESSAGE } };
  if (allDay) return { value: dayNumber(date), day: dayNumber(date) };
  const time = parseLocalDateTime(text);
  if (time === null) return { error: { part: 'Time', message: `Please give the ${which} time, or choose "All day".` } };
  const resolved = resolveLocalDateTime(time, zone);
  if (resolved.kind === 'gap') return { error: { part: 'Time', message: skippedHourMessage(text) } };
  return { value: resolved.instant, day: dayNumber(date) };
}

function endError(start: CheckedMoment, end: CheckedMoment, allDay: boolean): CheckedMoment['error'] {
  if (start.value === undefined || end.value === undefined) return end.error;
  // An end on an earlier day is the date's fault; on the same day, the time's.
  const part: Part = allDay || (end.day ?? 0) < (start.day ?? 0) ? 'Date' : 'Time';
  if (allDay ? end.value < start.value : end.value <= start.value) {
    return { part, message: allDay ? 'The last day must be on or after the first day.' : 'The end must be after the start.' };
  }
  if (end.value - start.value > MAX_EVENT_DAYS * DAY_MS) return { part: 'Date', message: `An event can last at most ${MAX_EVENT_DAYS} days. Please check the end date.` };
  return undefined;
}

/** Every rule the details must keep, each message under the form's box it is about. */
export function validateEventForm(raw: EventDetails): FieldErrors<EventFormField> {
  const details = normaliseEventDetails(raw);
  const errors: Record<EventFormField, string | undefined> = {
    title: details.title.length > EVENT_LIMITS.title ? tooLong('title', EVENT_LIMITS.title) : undefined,
    venue: details.venue.length > EVENT_LIMITS.venue ? tooLong('place', EVENT_LIMITS.venue) : undefined,
    town: details.town.length > EVENT_LIMITS.town ? tooLong('town', EVENT_LIMITS.town) : undefined,
    description: details.description.length > EVENT_LIMITS.description ? tooLong('description', EVENT_LIMITS.description) : undefined,
    startDate: undefined,
    startTime: undefined,
    endDate: undefined,
    endTime: undefined,
  };
  if (raw.start.trim() === '' && raw.end.trim() !== '') errors.startDate = 'Please give the start as well as the end.';
  if (details.start !== '') {
    if (!isTimeZone(details.timeZone)) {
      errors.startDate = 'The time zone of this event is not known. Please reload the page and try again.';
    } else {
      const start = checkMoment(details.start, details.allDay, details.timeZone, 'start');
      if (start.error) errors[`start${start.error.part}`] = start.error.message;
      const end = details.end === '' ? undefined : endError(start, checkMoment(details.end, details.allDay, details.timeZone, 'end'), details.allDay);
      if (end) errors[`end${end.part}`] = end.message;
    }
  }
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

/** Every rule the details must keep; the same on the admin screen, the server and (in part) storage.rules. */
export function validateEventDetails(raw: EventDetails): FieldErrors<EventField> {
  const errors: FieldErrors<EventField> = {};
  for (const [field, message] of Object.entries(validateEventForm(raw))) {
    const kept = field.replace(/(Date|Time)$/, '') as EventField;
    errors[kept] ??= message;
  }
  return errors;
}

/**
 * Details as a backend stores them (null for none), or a CoreError 'invalid-input' with a
 * message per field: what every adapter checks before it writes.
 */
export function storableEventDetails(details: EventDetails | null | undefined): EventDetails | null {
  if (details === null || details === undefined) return null;
  const errors = validateEventDetails(details);
  if (hasErrors(errors)) {
    const fieldErrors = Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined));
    throw new CoreError('invalid-input', Object.values(fieldErrors)[0] ?? 'The event details were not accepted.', { fieldErrors });
  }
  const stored = normaliseEventDetails(details);
  return hasEventDetails(stored) ? stored : null;
}
