import { MONTH_NAMES } from './month-names';
import { weekdayOf, type LocalDate, type LocalDateTime } from './zoned-time';

const HOUR_MS = 60 * 60 * 1000;

/** 01:00 UTC on the last Sunday of a month (0-based), when Irish clocks change. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Irish time is UTC in winter and UTC+1 in summer, which runs from 01:00 UTC on the last Sunday
 * of March to 01:00 UTC on the last Sunday of October: the EU rule, in force since 1996. Should
 * Ireland stop changing its clocks, this is the one place to change.
 */
function irishOffsetMs(time: number): number {
  const year = new Date(time).getUTCFullYear();
  return time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9) ? HOUR_MS : 0;
}

/**
 * The calendar date in Ireland of a moment, as '21 November 2026': what
 * `Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone:
 * 'Europe/Dublin' })` prints from 1996 on. Worked out here because building that formatter
 * loads locale and time-zone data, a pause of a tenth of a second on a slow phone in the middle
 * of bringing the page to life, and because the server and every browser then print exactly
 * the same date, whatever their own copy of that data.
 */
export function irishDate(time: number): string {
  const local = new Date(time + irishOffsetMs(time));
  return `${local.getUTCDate()} ${MONTH_NAMES[local.getUTCMonth()] ?? ''} ${local.getUTCFullYear()}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 'Saturday 12 September 2026': a calendar date as Irish readers write it. */
export function irishLongDate(date: LocalDate): string {
  return `${WEEKDAYS[weekdayOf(date)] ?? ''} ${date.day} ${MONTH_NAMES[date.month - 1] ?? ''} ${date.year}`;
}

/**
 * '2.30pm', '2pm', '12 noon', '12 midnight', '12.15am': a time of day as Irish readers write it,
 * with a full stop between hours and minutes and no space before am or pm. Noon and midnight
 * are named, because '12pm' and '12am' are the two times people most often mix up.
 */
export function irishClockTime(time: Pick<LocalDateTime, 'hour' | 'minute'>): string {
  if (time.minute === 0 && time.hour === 12) return '12 noon';
  if (time.minute === 0 && time.hour === 0) return '12 midnight';
  const hour = time.hour % 12 === 0 ? 12 : time.hour % 12;
  const minutes = time.minute === 0 ? '' : `.${String(time.minute).padStart(2, '0')}`;
  return `${hour}${minutes}${time.hour < 12 ? 'am' : 'pm'}`;
}
