import Database from 'better-sqlite3';

export interface DatabaseSummary {
  readonly schemaVersion: number;
  readonly posts: number;
  readonly contactMessages: number;
  readonly accounts: number;
  /** 'ok', or what SQLite's integrity check found wrong. */
  readonly integrity: string;
}

/**
 * What a backup's copy of the database holds, read without changing it. The copy is a single
 * file (not WAL), so opening it read-only leaves nothing beside it.
 */
export function summariseDatabase(file: string): DatabaseSummary {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db
      .prepare('PRAGMA integrity_check')
      .pluck()
      .all()
      .map((line) => String(line))
      .join('; ');
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());
    // An empty database (schema 0) has none of the tables yet.
    const count = (table: string) => (tables.has(table) ? Number(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get()) : 0);
    return {
      schemaVersion: Number(db.pragma('user_version', { simple: true })),
      posts: count('posts'),
      contactMessages: count('contact_messages'),
      accounts: count('accounts'),
      integrity,
    };
  } finally {
    db.close();
  }
}
