import type { PeopleMonth, VisitPeriod, VisitTally } from '../../src-core/domain/visits';
import type { Db } from '../db/database';
import { daysUpTo, monthsUpTo } from '../visits/visit-days';
import type { CountedVisit, VisitKind } from '../visits/visit-tally';

/** How many of each list the 'Visits' page shows. */
const LIST_LENGTH = 20;

export interface VisitsRepository {
  /** Adds a batch of counts in one transaction: all of them or none. */
  add(visits: readonly CountedVisit[]): void;
  /** Page views and downloads on each of the `count` days up to `today`, oldest first. */
  days(today: string, count: number): VisitPeriod[];
  months(today: string, count: number): VisitPeriod[];
  /** The most counted keys of a kind between two days (both included), most first. */
  top(kind: VisitKind, from: string, to: string, limit?: number): VisitTally[];
  /** Page views and downloads between two days, both included. */
  totals(from: string, to: string): { readonly pageViews: number; readonly downloads: number };
  /** Confirmed subscribers and members by the month they came, `monthOf` giving a subscriber's confirmation month. */
  people(today: string, count: number, monthOf: (at: number) => string): { readonly subscribers: PeopleMonth[]; readonly members: PeopleMonth[] };
  summaryWanted(email: string): boolean;
  setSummaryWanted(email: string, wanted: boolean): void;
  /** The administrators who asked for the monthly summary. */
  summaryRecipients(): string[];
  /** Deletes the searches counted before `day`; returns how many rows went. */
  deleteSearchesBefore(day: string): number;
  /** Marks the month's summary as queued, with `queue` in the same transaction; false when it already was. */
  queueSummaryOnce(month: string, at: number, queue: () => void): boolean;
}

interface KindSum {
  period: string;
  kind: VisitKind;
  total: number;
}

function periods(names: readonly string[], sums: readonly KindSum[]): VisitPeriod[] {
  return names.map((period) => {
    const of = (kind: VisitKind) => sums.find((sum) => sum.period === period && sum.kind === kind)?.total ?? 0;
    return { period, pageViews: of('page'), downloads: of('download') };
  });
}

/** Per month: how many came in it, and the running total of those on the list now. */
function peopleMonths(months: readonly string[], came: ReadonlyMap<string, number>, before: number): PeopleMonth[] {
  let total = before;
  return months.map((month) => {
    const joined = came.get(month) ?? 0;
    total += joined;
    return { month, joined, total };
  });
}

export function createVisitsRepository(db: Db): VisitsRepository {
  const upsert = db.prepare<[string, string, string, number]>(
    'INSERT INTO visit_counts (day, kind, key, count) VALUES (?, ?, ?, ?) ON CONFLICT (day, kind, key) DO UPDATE SET count = count + excluded.count',
  );
  const addAll = db.transaction((visits: readonly CountedVisit[]) => {
    for (const visit of visits) upsert.run(visit.day, visit.kind, visit.key, visit.count);
  });
  const byDay = db.prepare<[string, string], KindSum>(
    "SELECT day AS period, kind, SUM(count) AS total FROM visit_counts WHERE day BETWEEN ? AND ? AND kind IN ('page', 'download') GROUP BY day, kind",
  );
  const byMonth = db.prepare<[string, string], KindSum>(
    "SELECT substr(day, 1, 7) AS period, kind, SUM(count) AS total FROM visit_counts WHERE day BETWEEN ? AND ? AND kind IN ('page', 'download') GROUP BY period, kind",
  );
  const top = db.prepare<[string, string, string, number], { key: string; count: number }>(
    'SELECT key, SUM(count) AS count FROM visit_counts WHERE kind = ? AND day BETWEEN ? AND ? GROUP BY key ORDER BY count DESC, key LIMIT ?',
  );
  const confirmed = db.prepare<[], { confirmed_at: number }>("SELECT confirmed_at FROM subscribers WHERE state = 'confirmed' AND confirmed_at IS NOT NULL");
  const joined = db.prepare<[], { month: string; count: number }>('SELECT substr(joined_on, 1, 7) AS month, COUNT(*) AS count FROM members GROUP BY month');
  const wanted = db.prepare<[string], { visits_summary: number }>('SELECT visits_summary FROM accounts WHERE email = ?');
  const setWanted = db.prepare<[number, string]>('UPDATE accounts SET visits_summary = ? WHERE email = ?');
  const recipients = db.prepare<[], { email: string }>('SELECT email FROM accounts WHERE visits_summary = 1 ORDER BY email');
  const oldSearches = db.prepare<[string]>("DELETE FROM visit_counts WHERE kind = 'search' AND day < ?");
  const markQueued = db.prepare<[string, number]>('INSERT INTO visit_summaries (month, queued_at) VALUES (?, ?) ON CONFLICT (month) DO NOTHING');
  const queueOnce = db.transaction((month: string, at: number, queue: () => void) => {
    if (markQueued.run(month, at).changes === 0) return false;
    queue();
    return true;
  });

  function sumsOf(rows: readonly KindSum[]): { pageViews: number; downloads: number } {
    return {
      pageViews: rows.filter((row) => row.kind === 'page').reduce((sum, row) => sum + row.total, 0),
      downloads: rows.filter((row) => row.kind === 'download').reduce((sum, row) => sum + row.total, 0),
    };
  }

  return {
    add: (visits) => addAll(visits),
    days(today, count) {
      const names = daysUpTo(today, count);
      return periods(names, byDay.all(names[0] ?? today, today));
    },
    months(today, count) {
      const names = monthsUpTo(today, count);
      return periods(names, byMonth.all(`${names[0] ?? today.slice(0, 7)}-01`, today));
    },
    top: (kind, from, to, limit = LIST_LENGTH) => top.all(kind, from, to, limit),
    totals: (from, to) => sumsOf(byDay.all(from, to)),
    people(today, count, monthOf) {
      const months = monthsUpTo(today, count);
      const first = months[0] ?? today.slice(0, 7);
      const tally = (entries: Iterable<[string, number]>) => {
        const came = new Map<string, number>();
        let before = 0;
        for (const [month, number] of entries) {
          if (month < first) before += number;
          else came.set(month, (came.get(month) ?? 0) + number);
        }
        return peopleMonths(months, came, before);
      };
      return {
        subscribers: tally(confirmed.all().map((row): [string, number] => [monthOf(row.confirmed_at), 1])),
        members: tally(joined.all().map((row): [string, number] => [row.month, row.count])),
      };
    },
    summaryWanted: (email) => wanted.get(email)?.visits_summary === 1,
    setSummaryWanted(email, on) {
      setWanted.run(on ? 1 : 0, email);
    },
    summaryRecipients: () => recipients.all().map((row) => row.email),
    deleteSearchesBefore: (day) => oldSearches.run(day).changes,
    queueSummaryOnce: (month, at, queue) => queueOnce(month, at, queue),
  };
}
