/**
 * The membership year and renewals: when a year starts and ends, whether a member's renewal is
 * due, which year a payment covers, and when the two reminder e-mails fall due. Days are
 * calendar dates (YYYY-MM-DD) in the association's zone; the calendar arithmetic is date-fns's.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addYears, format, isMatch, parse, subDays, subMonths } from 'date-fns';

/** A renewal is due this many days before 'paid until', and any time after it. */
const RENEWAL_DUE_DAYS = 31;
/** The second reminder goes this many days after the year ended. */
const AFTER_REMINDER_DAYS = 14;


export type ReminderKind = 'before' | 'after';

export interface MembershipYear {
  /** The first day of the year (YYYY-MM-DD). */
  readonly start: string;
  /** The last day of the year: what 'paid until' is set to when the year is paid for. */
  readonly end: string;
}

const DAY = 'yyyy-MM-dd';
// Calendar days are reckoned in UTC, where every day has 24 hours; only 'today' needs the real zone.
const CALENDAR = 'UTC';

function dayOf(text: string): TZDate {
  return parse(text, DAY, new TZDate(2000, 0, 1, CALENDAR));
}

function textOf(date: Date): string {
  return format(date, DAY);
}

/** Whether `text` is a real calendar day as YYYY-MM-DD (not 31 February). */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isMatch(text, DAY);
}

/**
 * Whether `text` is a day of the year as MM-DD that every year has: 29 February is refused, as a
 * year starting on it would start on a different day three years in four.
 */
export function isYearStart(text: string): boolean {
  return /^\d{2}-\d{2}$/.test(text) && isMatch(`2001-${text}`, DAY);
}

/** Today in the association's zone, as YYYY-MM-DD. */
export function dayIn(timeZone: string, at: number): string {
  return textOf(new TZDate(at, timeZone));
}

/** The day `days` after `day` (before, when negative). */
function daysAfter(day: string, days: number): string {
  return textOf(addDays(dayOf(day), days));
}

/**
 * The membership year that `day` falls in, for a year starting on `yearStartsOn` (MM-DD).
 * @internal Outside this file only tests use it.
 */
export function membershipYear(yearStartsOn: string, day: string): MembershipYear {
  const date = dayOf(day);
  const startThisYear = dayOf(`${format(date, 'yyyy')}-${yearStartsOn}`);
  const start = startThisYear.getTime() <= date.getTime() ? startThisYear : addYears(startThisYear, -1);
  return { start: textOf(start), end: textOf(subDays(addYears(start, 1), 1)) };
}

/** Whether `day` is the last day of a membership year starting on `yearStartsOn`. */
export function isYearEnd(yearStartsOn: string, day: string): boolean {
  return isDay(day) && membershipYear(yearStartsOn, day).end === day;
}

/**
 * An active member's renewal is due when nothing is paid yet, or 'paid until' is past or within RENEWAL_DUE_DAYS.
 * @internal Outside this file only tests use it; the server reckons a whole list with isRenewalDueBy.
 */
export function isRenewalDue(member: { readonly status: string; readonly paidUntil: string | null }, today: string): boolean {
  return isRenewalDueBy(member, renewalDueBefore(today));
}

/** The same, with the day from renewalDueBefore worked out once for a whole list. */
export function isRenewalDueBy(member: { readonly status: string; readonly paidUntil: string | null }, dueBy: string): boolean {
  return member.status === 'active' && (member.paidUntil === null || member.paidUntil <= dueBy);
}

/** A renewal is due for every active member paid until this day or earlier (the list's filter). */
export function renewalDueBefore(today: string): string {
  return daysAfter(today, RENEWAL_DUE_DAYS);
}

/**
 * The day the reminder about the year ending on `yearEnd` falls due: a month before it ends, or AFTER_REMINDER_DAYS after.
 * @internal Outside this file only tests use it.
 */
export function reminderDay(kind: ReminderKind, yearEnd: string): string {
  const end = dayOf(yearEnd);
  return textOf(kind === 'before' ? subMonths(end, 1) : addDays(end, AFTER_REMINDER_DAYS));
}

/**
 * The year end a payment made on `paidOn` covers: the year it falls in, or the next one when it
 * comes once the 'before' reminder is due (a renewal paid in the last month is for the coming year).
 * @internal Only tests use it so far; it is the default a payment form can offer for 'covers the year ending'.
 */
export function yearEndCoveredBy(yearStartsOn: string, paidOn: string): string {
  const { end } = membershipYear(yearStartsOn, paidOn);
  if (paidOn < reminderDay('before', end)) return end;
  return textOf(subDays(addYears(addDays(dayOf(end), 1), 1), 1));
}

/** A reminder due on `today`: which, and about the year ending when. */
export interface DueReminder {
  readonly kind: ReminderKind;
  readonly yearEnd: string;
  /** The day it fell due; members who joined on or after it are not reminded. */
  readonly dueOn: string;
}

/**
 * The reminders due on `today`: the 'before' one once the current year's end is a month away,
 * and the 'after' one once the previous year ended AFTER_REMINDER_DAYS ago. Each is sent once per
 * member and year end (the server keeps which went), so a day missed is made up the next.
 */
export function remindersDue(yearStartsOn: string, today: string): DueReminder[] {
  const current = membershipYear(yearStartsOn, today);
  const previousEnd = daysAfter(current.start, -1);
  const due: DueReminder[] = [];
  const before = reminderDay('before', current.end);
  if (today >= before) due.push({ kind: 'before', yearEnd: current.end, dueOn: before });
  const after = reminderDay('after', previousEnd);
  if (today >= after) due.push({ kind: 'after', yearEnd: previousEnd, dueOn: after });
  return due;
}

/** '31 December 2026': a day as a reminder or letter writes it. */
export function dayInWords(day: string): string {
  return format(dayOf(day), 'd MMMM yyyy');
}

/** 2500 as '€25.00'. */
export function euroOf(cents: number): string {
  return `€${(cents / 100).toFixed(2)}`;
}

/** '25', '25.5', '25.50' or '€25' as cent; undefined for anything else. */
export function centsOf(text: string): number | undefined {
  const match = /^€?\s*(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (match === null) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
