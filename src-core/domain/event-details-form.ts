import { hasEventDetails, normaliseEventDetails, validateEventForm, type EventDetails, type EventFormField } from './event-details';
import type { FieldErrors } from './validation';
import { formatLocalDate, instantOf, localDateTimeAt, parseLocalDate, parseLocalDateTime } from './zoned-time';

export type { EventFormField } from './event-details';

/**
 * The admin form's event fields as typed: a date and a time each for the start and the end
 * (what a browser's date and time inputs give: '2026-09-12', '14:30'), all-day, place, text.
 * An empty end date means the end is on the start's day, as the form's hint says.
 */
export interface EventDetailsForm {
  readonly title: string;
  readonly startDate: string;
  readonly startTime: string;
  readonly endDate: string;
  readonly endTime: string;
  readonly allDay: boolean;
  readonly venue: string;
  readonly town: string;
  readonly description: string;
}

export const EMPTY_EVENT_FORM: EventDetailsForm = { title: '', startDate: '', startTime: '', endDate: '', endTime: '', allDay: false, venue: '', town: '', description: '' };

function written(date: string, time: string, allDay: boolean): string {
  return allDay || time === '' ? date : `${date}T${time}`;
}

/** The end as stored: on the start's day unless another day is given; none without a day or a time. */
function writtenEnd(form: EventDetailsForm): string {
  const endDate = form.endDate.trim();
  if (endDate !== '') return written(endDate, form.endTime.trim(), form.allDay);
  return form.allDay || form.endTime.trim() === '' ? '' : `${form.startDate.trim()}T${form.endTime.trim()}`;
}

/**
 * The details the form describes, written in the association's zone, and a message beside each
 * box whose content the rules refuse.
 */
export function eventDetailsFromForm(form: EventDetailsForm, timeZone: string): { details: EventDetails | null; errors: FieldErrors<EventFormField> } {
  const { title, allDay, venue, town, description } = form;
  const startDate = form.startDate.trim();
  const start = startDate === '' ? '' : written(startDate, form.startTime.trim(), allDay);
  const raw: EventDetails = { title, start, end: writtenEnd(form), allDay, timeZone, venue, town, description };
  const errors = validateEventForm(raw);
  // A time with no day to be on would otherwise be dropped without a word.
  if (startDate === '' && form.startTime.trim() !== '') errors.startDate ??= 'Please give the start date as a day, month and year.';
  if (Object.keys(errors).length > 0) return { details: null, errors };
  const details = normaliseEventDetails(raw);
  return { details: hasEventDetails(details) ? details : null, errors };
}

/** The form filled in from stored details, with times shown on the association's clocks. */
export function eventDetailsToForm(details: EventDetails | null, timeZone: string): EventDetailsForm {
  if (details === null) return EMPTY_EVENT_FORM;
  const split = (text: string): { date: string; time: string } => {
    const time = parseLocalDateTime(text);
    if (time === null) return { date: parseLocalDate(text) === null ? '' : text, time: '' };
    // Written in another zone (the setting changed since): shown as the association's clocks read it.
    const shown = details.timeZone === timeZone ? time : localDateTimeAt(instantOf(time, details.timeZone), timeZone);
    return { date: formatLocalDate(shown), time: `${String(shown.hour).padStart(2, '0')}:${String(shown.minute).padStart(2, '0')}` };
  };
  const start = split(details.start);
  const end = split(details.end);
  const { title, allDay, venue, town, description } = details;
  // The end date box is for a later day only: moving the start then moves a same-day end with it.
  const endDate = end.date === start.date ? '' : end.date;
  return { title, startDate: start.date, startTime: start.time, endDate, endTime: end.time, allDay, venue, town, description };
}
