/**
 * How long a contact message is kept before it is deleted. The privacy policy quotes this
 * number and the server's purge deletes by it, so the two can never disagree.
 */
export const CONTACT_MESSAGE_RETENTION_MONTHS = 12;

/**
 * The same moment `months` calendar months earlier, on the UTC calendar. When that earlier
 * month has no such day (31 March minus 1 month), the answer is the first instant of the month
 * after it (1 March, 00:00): by then every moment of the shorter month is a whole month or more
 * ago, and nothing later is. Plain `Date` arithmetic would say 3 March instead, and deleting by
 * it would drop messages of 1 and 2 March a few days early; clamping to 28 February at the same
 * time of day would make the cut-off jump back a day at midnight. This way it never runs ahead
 * of the promise and never moves backwards.
 * UTC rather than Irish time: a year later the clocks are on the same side of the summer-time
 * change, and the server and every test agree to the millisecond.
 */
export function calendarMonthsBefore(time: number, months: number): number {
  const date = new Date(time);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() - months;
  // Date.UTC carries a negative month into the years before; day 0 is the last day of the month before.
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  if (date.getUTCDate() > daysInMonth) return Date.UTC(year, month + 1, 1);
  return Date.UTC(
    year,
    month,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

/**
 * The instant before which a contact message has been kept for the whole retention period:
 * at `now` (milliseconds since the epoch), a message received strictly before the returned
 * instant is due for deletion, and one received at it or later is still kept.
 */
export function contactRetentionCutoff(now: number): number {
  return calendarMonthsBefore(now, CONTACT_MESSAGE_RETENTION_MONTHS);
}
