import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

export interface OpenedDatabase {
  readonly db: Db;
  /** True when this start created the database: the moment to load sample content. */
  readonly created: boolean;
}

function applyMigrations(db: Db): number {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > MIGRATIONS.length) {
    throw new Error(
      `The database was written by a newer version of this website (schema ${current}, this version knows ${MIGRATIONS.length}).`,
    );
  }
  const apply = db.transaction((from: number) => {
    MIGRATIONS.slice(from).forEach((sql, index) => {
      db.exec(sql);
      db.pragma(`user_version = ${from + index + 1}`);
    });
  });
  apply(current);
  return current;
}

/**
 * How long one database call waits on the event loop for another process's lock. Kept short
 * so visitors are never held up: writes on a request's path try again without blocking
 * (retryWhenBusy), and start-up and the command-line tools use the longer wait below.
 */
const SERVING_BUSY_TIMEOUT_MS = 2;
const STARTING_BUSY_TIMEOUT_MS = 5_000;

/** Switches a database opened by openDatabase to the short wait for serving requests. */
export function useServingBusyTimeout(db: Db): void {
  db.pragma(`busy_timeout = ${SERVING_BUSY_TIMEOUT_MS}`);
}

export function openDatabase(dataDir: string): OpenedDatabase {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'site.db'));
  db.pragma('journal_mode = WAL');
  // FULL: a commit returns only once the log is on the disk, so an acknowledged write survives
  // a power cut (NORMAL could lose the last ones). It costs an fsync per write, which this
  // site's few writes a day never notice.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${STARTING_BUSY_TIMEOUT_MS}`);
  // Deleted rows are overwritten with zeros, so a contact message past its retention period is
  // gone from the file, not just unlinked and still readable in a free page.
  db.pragma('secure_delete = ON');
  const versionBefore = applyMigrations(db);
  return { db, created: versionBefore === 0 };
}
