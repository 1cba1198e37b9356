import type { EventDetails } from './event-details';
import { irishClockTime, irishLongDate } from './irish-date';
import {
  addDays,
  formatLocalDate,
  instantOf,
  isoInZone,
  localDateTimeAt,
  parseLocalDate,
  parseLocalDateTime,
  sameDate,
  type LocalDate,
  type LocalDateTime,
} from './zoned-time';

/** When an event happens, as seen from the association's time zone. */
export type EventSchedule =
  | {
      readonly allDay: true;
      readonly firstDay: LocalDate;
      readonly lastDay: LocalDate;
      /** Midnight starting the first day, in the association's zone. */
      readonly startsAt: number;
      /** Midnight after the last day: from then on the event is past. */
      readonly finishesAt: number;
    }
  | {
      readonly allDay: false;
      /** The start as the association's clocks show it. */
      readonly start: LocalDateTime;
      readonly end: LocalDateTime | null;
      readonly startsAt: number;
      readonly endsAt: number | null;
      /** The end, or without one the midnight after the start's day: from then on the event is past. */
      readonly finishesAt: number;
    };

/**
 * The schedule of an event shown in `zone` (the association's), or null for an event without a
 * date. Times written in another zone (the association changed its setting later) are shown
 * at the same moment on the association's clocks; dates of all-day events stay as written.
 */
export function eventSchedule(details: EventDetails | null, zone: string): EventSchedule | null {
  if (details === null || details.start === '') return null;
  if (details.allDay) {
    const firstDay = parseLocalDate(details.start);
    if (firstDay === null) return null;
    const lastDay = (details.end === '' ? null : parseLocalDate(details.end)) ?? firstDay;
    return {
      allDay: true,
      firstDay,
      lastDay,
      startsAt: instantOf(firstDay, zone),
      finishesAt: instantOf(addDays(lastDay, 1), zone),
    };
  }
  const writtenStart = parseLocalDateTime(details.start);
  if (writtenStart === null) return null;
  const writtenEnd = details.end === '' ? null : parseLocalDateTime(details.end);
  const startsAt = instantOf(writtenStart, details.timeZone);
  const endsAt = writtenEnd === null ? null : instantOf(writtenEnd, details.timeZone);
  const start = localDateTimeAt(startsAt, zone);
  return {
    allDay: false,
    start,
    end: endsAt === null ? null : localDateTimeAt(endsAt, zone),
    startsAt,
    endsAt,
    finishesAt: endsAt ?? instantOf(addDays(start, 1), zone),
  };
}

export type EventStatus = 'undated' | 'upcoming' | 'past';

/** An event is upcoming until it has finished: its end, or the end of its (last) day. */
export function eventStatus(schedule: EventSchedule | null, now: number): EventStatus {
  if (schedule === null) return 'undated';
  return now < schedule.finishesAt ? 'upcoming' : 'past';
}

/**
 * When, in words: 'Saturday 12 September 2026, 2.30pm to 4pm',
 * 'Saturday 12 September 2026, all day', 'Friday 11 September 2026 to Sunday 13 September 2026'.
 */
export function describeWhen(schedule: EventSchedule): string {
  if (schedule.allDay) {
    const first = irishLongDate(schedule.firstDay);
    return sameDate(schedule.firstDay, schedule.lastDay) ? `${first}, all day` : `${first} to ${irishLongDate(schedule.lastDay)}`;
  }
  const start = `${irishLongDate(schedule.start)}, ${irishClockTime(schedule.start)}`;
  if (schedule.end === null) return start;
  if (sameDate(schedule.start, schedule.end)) return `${start} to ${irishClockTime(schedule.end)}`;
  return `${start} to ${irishLongDate(schedule.end)}, ${irishClockTime(schedule.end)}`;
}

/**
 * ISO 8601 forms for machines (schema.org, calendar links): dates for an all-day event (its
 * last day, inclusive), date-times with the association's offset otherwise.
 */
export function isoSchedule(schedule: EventSchedule, zone: string): { readonly start: string; readonly end: string | null } {
  if (schedule.allDay) {
    return { start: formatLocalDate(schedule.firstDay), end: sameDate(schedule.firstDay, schedule.lastDay) ? null : formatLocalDate(schedule.lastDay) };
  }
  return { start: isoInZone(schedule.startsAt, zone), end: schedule.endsAt === null ? null : isoInZone(schedule.endsAt, zone) };
}
