/** What the server counts (docs/behaviour.md#visits). */
export type VisitKind = 'page' | 'download' | 'search' | 'referrer';

export interface CountedVisit {
  readonly day: string;
  readonly kind: VisitKind;
  readonly key: string;
  readonly count: number;
}

/**
 * Different things counted between two writes at most: a minute of a busy site is far fewer,
 * and a flood of made-up addresses or search texts cannot grow the server's memory without end.
 */
const MAX_KEYS = 5_000;
const SEPARATOR = '\u0000';

export interface VisitTally {
  add(day: string, kind: VisitKind, key: string): void;
  /** Everything counted since the last take, which starts a new tally. */
  take(): CountedVisit[];
  /** Puts back what could not be written, to be written with the next batch. */
  restore(visits: readonly CountedVisit[]): void;
  /** Counts not added since the last take because the tally was full. */
  readonly dropped: number;
}

/** Counts in memory between the batched writes (server/plugins/visits.plugin.ts): a request only adds one to a number. */
export function createVisitTally(maxKeys = MAX_KEYS): VisitTally {
  let counts = new Map<string, number>();
  let dropped = 0;
  function addCount(id: string, count: number): void {
    const now = counts.get(id);
    if (now !== undefined) counts.set(id, now + count);
    else if (counts.size < maxKeys) counts.set(id, count);
    else dropped += count;
  }
  return {
    add(day, kind, key) {
      addCount(`${day}${SEPARATOR}${kind}${SEPARATOR}${key}`, 1);
    },
    take() {
      const taken = counts;
      counts = new Map();
      dropped = 0;
      return [...taken].map(([id, count]) => {
        const [day = '', kind = 'page', key = ''] = id.split(SEPARATOR);
        return { day, kind: kind as VisitKind, key, count };
      });
    },
    restore(visits) {
      for (const visit of visits) addCount(`${visit.day}${SEPARATOR}${visit.kind}${SEPARATOR}${visit.key}`, visit.count);
    },
    get dropped() {
      return dropped;
    },
  };
}

/**
 * The calendar day of a moment in the site's time zone ('2026-11-28'), worked out once a minute
 * at most: every request asks, and Intl's formatting is the slow part.
 */
export function dayOfVisit(timeZone: string): (at: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  let minute = Number.NaN;
  let day = '';
  return (at) => {
    const thisMinute = Math.floor(at / 60_000);
    if (thisMinute !== minute) {
      minute = thisMinute;
      day = format.format(at);
    }
    return day;
  };
}
