import type { Db } from './database';

/** A write (INSERT, UPDATE or DELETE ... RETURNING) whose returned rows are read. */
export interface ReturningWrite<Params extends unknown[], Row> {
  /** Runs the write and returns its first row, or undefined when it matched nothing. */
  first(...params: Params): Row | undefined;
}

/**
 * The one way to prepare a write that returns rows. SQLite commits such a statement when it is
 * reset, and better-sqlite3 12's `.get()` ignores an error raised there: on a full disk
 * (SQLITE_FULL) the write is rolled back yet `.get()` hands back the row as if it were stored.
 * `.all()` steps the statement to its end and reports that error, so a lost write always throws.
 * The linter refuses `RETURNING` in any other `prepare()` call in server/.
 */
export function prepareReturningWrite<Params extends unknown[], Row>(db: Db, sql: string): ReturningWrite<Params, Row> {
  if (!/\bRETURNING\b/i.test(sql)) throw new Error('prepareReturningWrite is for writes with RETURNING.');
  const statement = db.prepare<Params, Row>(sql);
  return { first: (...params) => statement.all(...params)[0] };
}
