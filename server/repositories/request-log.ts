import type { Db } from '../db/database';
import type { RecentRequests } from '../http/hourly-limit';

/**
 * The hourly limits' questions to a table with a row per request (server/http/hourly-limit.ts):
 * how many came for one e-mail address or phone, or from one connection, since a time, and the
 * oldest of them. `log` adds a request, for the tables kept only for the limits.
 */
export function requestLog(db: Db, table: string, contactColumn: string, atColumn = 'at') {
  const recent = (column: string) => {
    const statement = db.prepare<[string, number], { count: number; oldest: number | null }>(
      `SELECT COUNT(*) AS count, MIN(${atColumn}) AS oldest FROM ${table} WHERE ${column} = ? AND ${atColumn} > ?`,
    );
    return (key: string, since: number): RecentRequests => {
      const row = statement.get(key, since);
      return { count: row?.count ?? 0, oldest: row?.oldest ?? undefined };
    };
  };
  const add = db.prepare<[string, string, number]>(`INSERT INTO ${table} (${contactColumn}, sender_key, ${atColumn}) VALUES (?, ?, ?)`);
  return {
    log(contactKey: string, senderKey: string, at: number): void {
      add.run(contactKey, senderKey, at);
    },
    forContact: recent(contactColumn),
    fromNetwork: recent('sender_key'),
  };
}
