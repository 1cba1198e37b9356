import type { Db } from './database';

/**
 * Runs `work` as one transaction committed without waiting for the disk (`synchronous = NORMAL`
 * for this commit alone; every other write stays FULL, server/db/database.ts). In WAL mode the
 * commit is written to the log file but not synced: it is on the disk once anything syncs that
 * file (`walFile`). The mail queues commit their claims this way and the SMTP worker syncs the log
 * before it hands the claimed message to the mail server (server/mail/smtp.worker.ts), so a claim
 * is still stored before its message is sent, and the wait for the disk (0.4 ms, over 10 ms on a
 * busy disk) falls on the worker's thread instead of the one that answers page requests.
 */
export function transactionSyncedLater<T>(db: Db, work: () => T): T {
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(work)();
  } finally {
    db.pragma('synchronous = FULL');
  }
}

/** The database's write-ahead log, which holds every commit not yet copied into the database file. */
export function walFile(db: Db): string {
  return `${db.name}-wal`;
}
