/** Calendar arithmetic on the days the visits are counted by ('2026-11-28'), in no time zone. */

function asUtc(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

/** The `count` days up to and including `today`, oldest first. */
export function daysUpTo(today: string, count: number): string[] {
  const end = asUtc(today).getTime();
  return Array.from({ length: count }, (_, index) => new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** The `count` months up to and including the month of `today` ('2026-11'), oldest first. */
export function monthsUpTo(today: string, count: number): string[] {
  const end = asUtc(today);
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (count - 1 - index), 1)).toISOString().slice(0, 7),
  );
}

/** The month before the month of `today`: the one a summary on the 1st is about. */
export function monthBefore(today: string): string {
  return monthsUpTo(today, 2)[0] ?? today.slice(0, 7);
}

/** The first and last day of a month ('2026-11'). */
export function daysOfMonth(month: string): { readonly first: string; readonly last: string } {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  return { first: `${month}-01`, last: new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10) };
}
