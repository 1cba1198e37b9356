/**
 * Visits as the server counts them (docs/behaviour.md#visits): page views, downloads and
 * searches that found nothing, per day, with no cookie, nothing in the browser and no address kept.
 */
import { MONTH_NAMES } from './month-names';

/** One bar of the chart and one row of its table: a day ('2026-11-28') or a month ('2026-11'). */
export interface VisitPeriod {
  readonly period: string;
  readonly pageViews: number;
  readonly downloads: number;
}

/** Something counted, and how many times in the last 30 days. */
export interface VisitTally {
  readonly key: string;
  readonly count: number;
}

/** A month of the subscriber list or of the members' register. */
export interface PeopleMonth {
  readonly month: string;
  /** Confirmed (subscribers) or joined (members) in that month. */
  readonly joined: number;
  /** How many of those on the list now had been there at the month's end. */
  readonly total: number;
}

export interface VisitsReport {
  /** The last 30 days, oldest first, today last; days without visits are there with 0. */
  readonly days: readonly VisitPeriod[];
  /** The last 12 months, oldest first, this month last. */
  readonly months: readonly VisitPeriod[];
  /** Over the last 30 days, most first. */
  readonly pages: readonly VisitTally[];
  readonly downloads: readonly VisitTally[];
  readonly searchesNotFound: readonly VisitTally[];
  /** Other websites visitors came from, by name only. */
  readonly referrers: readonly VisitTally[];
  readonly subscribers: readonly PeopleMonth[];
  readonly members: readonly PeopleMonth[];
  /** Whether the signed-in administrator gets the summary by e-mail on the 1st of each month. */
  readonly summaryByEmail: boolean;
}

/**
 * How long the words of searches that found nothing are kept: a name someone searched for could
 * be in them, so they go once the page and the monthly summary no longer show them.
 */
export const SEARCH_TEXT_KEPT_DAYS = 90;

/** How long the lists on the 'Visits' page look back. */
export const VISITS_LIST_DAYS = 30;
export const VISITS_CHART_MONTHS = 12;
/** The longest search text kept: enough for what people type, too short to hold a letter. */
const SEARCH_TEXT_MAX = 60;

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** '2026-11' as 'November 2026'; '2026-11-28' as 'Saturday 28 November' (the Irish way). */
export function periodLabel(period: string): string {
  const [year = '', month = '1', day] = period.split('-');
  const monthName = MONTH_NAMES[Number(month) - 1] ?? month;
  if (day === undefined) return `${monthName} ${year}`;
  const weekday = DAYS[new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay()] ?? '';
  return `${weekday} ${Number(day)} ${monthName}`;
}

/** '2026-11-28' as '28 Nov': short enough to stand under a bar. */
export function shortPeriodLabel(period: string): string {
  const [year = '', month = '1', day] = period.split('-');
  const monthName = (MONTH_NAMES[Number(month) - 1] ?? month).slice(0, 3);
  return day === undefined ? `${monthName} ${year.slice(2)}` : `${Number(day)} ${monthName}`;
}

const EMAIL_LIKE = /\S+@\S+/g;
// Digits with the spaces, dots, dashes, brackets and plus signs phone numbers are written with;
// taken out when they hold seven digits or more, so a year ('agm 2025') stays.
const PHONE_LIKE = /\+?\(?\d[\d\s().-]{5,}\d/g;
const PHONE_DIGITS = 7;

function withoutPhoneNumbers(text: string): string {
  return text.replace(PHONE_LIKE, (found) => (found.replace(/\D/g, '').length >= PHONE_DIGITS ? ' ' : found));
}

/**
 * What is kept of a search that found nothing: lower case, one space between words, anything
 * that looks like an e-mail address or a phone number taken out, at most SEARCH_TEXT_MAX
 * characters. Empty when nothing is left, and then nothing is counted.
 */
export function searchTextToCount(query: string): string {
  return withoutPhoneNumbers(query.normalize('NFKC'))
    .toLowerCase()
    .replace(EMAIL_LIKE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_TEXT_MAX)
    .trim();
}
