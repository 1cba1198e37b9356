/**
 * Calendar dates and wall-clock times in a named time zone ('Europe/Dublin'), and the instants
 * they stand for. The zone rules come from @date-fns/tz, which reads the runtime's own IANA
 * time-zone data, so a zone other than Ireland's, or a future change to Ireland's rules, needs
 * no code here.
 */
import { TZDate, tzOffset } from '@date-fns/tz';

/** The association's zone unless the deployment sets another (TIME_ZONE, VITE_TIME_ZONE). */
export const DEFAULT_TIME_ZONE = 'Europe/Dublin';

export interface LocalDate {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
}

export interface LocalDateTime extends LocalDate {
  readonly hour: number;
  readonly minute: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 9999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** '2026-09-12' as a date; null for anything else, including 31 February. */
export function parseLocalDate(text: string): LocalDate | null {
  const match = DATE.exec(text);
  if (match === null) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

/** '2026-09-12T14:30' as a date and time; null for anything else. */
export function parseLocalDateTime(text: string): LocalDateTime | null {
  const match = DATE_TIME.exec(text);
  if (match === null) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

const two = (value: number) => String(value).padStart(2, '0');

export function formatLocalDate(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${two(date.month)}-${two(date.day)}`;
}

/** The wall clock read as if it were UTC: a number to compare and do day arithmetic with. */
function wallMs(time: LocalDate & Partial<LocalDateTime>): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.hour ?? 0, time.minute ?? 0);
}

/** The date `days` after this one (before, when negative). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(wallMs(date) + days * DAY_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(wallMs(date)).getUTCDay();
}

export function sameDate(a: LocalDate, b: LocalDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/** Whether the runtime knows the zone by this name ('Europe/Dublin', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  return zone !== '' && zone.length <= 64 && !Number.isNaN(tzOffset(zone, new Date(0)));
}

/** The date and time the clocks in `zone` show at an instant (seconds dropped). */
export function localDateTimeAt(instant: number, zone: string): LocalDateTime {
  const shown = new TZDate(instant, zone);
  return { year: shown.getFullYear(), month: shown.getMonth() + 1, day: shown.getDate(), hour: shown.getHours(), minute: shown.getMinutes() };
}

/**
 * Minutes the zone is ahead of UTC at an instant: 60 in an Irish summer, 0 in winter.
 * @internal Outside this file only tests and fakes use it.
 */
export function offsetMinutesAt(instant: number, zone: string): number {
  return tzOffset(zone, new Date(instant));
}

/**
 * What a wall-clock time in a zone means. Twice a year it is not one instant: when the clocks
 * go back an hour repeats ('ambiguous'), and when they go forward an hour never happens ('gap').
 * Both are settled as RFC 5545 (3.3.5) settles them, so the site and every calendar that reads
 * our iCalendar files agree: a repeated time is its first occurrence, a missing time is read
 * with the offset in force before the gap (01:30 on the March Sunday in Dublin is 02:30 IST).
 */
export interface ZonedInstant {
  readonly kind: 'exact' | 'ambiguous' | 'gap';
  readonly instant: number;
}

export function resolveLocalDateTime(time: LocalDate & Partial<LocalDateTime>, zone: string): ZonedInstant {
  const asUtc = wallMs(time);
  // No zone changes its clocks twice within two days, so the offsets a day either side are
  // the only two this wall time can have been written with.
  const before = offsetMinutesAt(asUtc - DAY_MS, zone);
  const after = offsetMinutesAt(asUtc + DAY_MS, zone);
  const candidates = [...new Set([asUtc - before * MINUTE_MS, asUtc - after * MINUTE_MS])]
    .filter((instant) => wallMs(localDateTimeAt(instant, zone)) === asUtc)
    .sort((a, b) => a - b);
  const [first] = candidates;
  if (first === undefined) return { kind: 'gap', instant: asUtc - before * MINUTE_MS };
  return { kind: candidates.length > 1 ? 'ambiguous' : 'exact', instant: first };
}

/** The instant a wall-clock time stands for, settled as resolveLocalDateTime says. */
export function instantOf(time: LocalDate & Partial<LocalDateTime>, zone: string): number {
  return resolveLocalDateTime(time, zone).instant;
}

/** '2026-09-12T14:30:00+01:00': an instant as the clocks in a zone show it, with the offset. */
export function isoInZone(instant: number, zone: string): string {
  return new TZDate(Math.floor(instant / MINUTE_MS) * MINUTE_MS, zone).toISOString().replace('.000', '');
}
