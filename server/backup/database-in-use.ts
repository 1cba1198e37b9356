import Database from 'better-sqlite3';

/**
 * True when another process (the running server, or a backup in progress) has the database
 * open. Every connection to a WAL database holds a shared lock on the file for as long as it is
 * open, even when idle, so asking for an exclusive lock without waiting fails exactly then.
 * When nobody has it open, the WAL is folded into site.db on the way out, so the file can be
 * moved on its own.
 */
export function databaseInUse(file: string): boolean {
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    db.pragma('wal_checkpoint(TRUNCATE)');
    return false;
  } catch (error) {
    if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY')) return true;
    throw error;
  } finally {
    db.close();
  }
}
