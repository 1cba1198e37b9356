import { hasEventDetails, normaliseEventDetails, validateEventDetails, type EventDetails, type EventField } from './event-details';
import type { FieldErrors } from './validation';
import { formatLocalDate, instantOf, localDateTimeAt, parseLocalDate, parseLocalDateTime } from './zoned-time';

/**
 * The admin form's event fields as typed: a date and a time each for the start and the end
 * (what a browser's date and time inputs give: '2026-09-12', '14:30'), all-day, place, text.
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

export type EventFormField = Exclude<EventField, 'start' | 'end'> | 'startDate' | 'startTime' | 'endDate' | 'endTime';

export const EMPTY_EVENT_FORM: EventDetailsForm = {
  title: '',
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  allDay: false,
  venue: '',
  town: '',
  description: '',
};

function written(date: string, time: string, allDay: boolean): string {
  if (date.trim() === '') return '';
  return allDay || time.trim() === '' ? date.trim() : `${date.trim()}T${time.trim()}`;
}

/** Which of the form's fields a message about 'start' or 'end' belongs to. */
function formFieldOf(field: EventField, message: string, form: EventDetailsForm): EventFormField {
  if (field !== 'start' && field !== 'end') return field;
  const time = field === 'start' ? form.startTime : form.endTime;
  const date = field === 'start' ? form.startDate : form.endDate;
  // A message about the time goes beside the time box; anything else beside the date.
  const aboutTime = !form.allDay && date.trim() !== '' && (time.trim() === '' || /time|clocks|after the start/.test(message));
  if (field === 'end' && form.endDate.trim() === '' && form.endTime.trim() !== '') return 'endTime';
  return aboutTime ? (field === 'start' ? 'startTime' : 'endTime') : field === 'start' ? 'startDate' : 'endDate';
}

/**
 * The details the form describes, written in the association's zone, and a message per field
 * for what the rules refuse. An end time without an end date is on the start's day.
 */
export function eventDetailsFromForm(form: EventDetailsForm, timeZone: string): { details: EventDetails | null; errors: FieldErrors<EventFormField> } {
  const endDate = form.endDate.trim() === '' && form.endTime.trim() !== '' && !form.allDay ? form.startDate : form.endDate;
  const raw: EventDetails = {
    title: form.title,
    start: written(form.startDate, form.startTime, form.allDay),
    end: written(endDate, form.endTime, form.allDay),
    allDay: form.allDay,
    timeZone,
    venue: form.venue,
    town: form.town,
    description: form.description,
  };
  const errors: FieldErrors<EventFormField> = {};
  for (const [field, message] of Object.entries(validateEventDetails(raw)) as [EventField, string][]) {
    errors[formFieldOf(field, message, form)] = message;
  }
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
  return {
    ...EMPTY_EVENT_FORM,
    title: details.title,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    allDay: details.allDay,
    venue: details.venue,
    town: details.town,
    description: details.description,
  };
}

