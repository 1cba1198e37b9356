import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { storageFaultOf } from './storage-fault';

const LOCK_FILE = 'server.lock';

export class DataDirectoryInUseError extends Error {
  override readonly name = 'DataDirectoryInUseError';
}

export interface DataDirectoryLock {
  release(): void;
}

/**
 * Claims the data directory for this process, before anything in it is touched. The claim is
 * SQLite's exclusive lock on a file of its own, which the operating system drops when the
 * process ends in any way (a crash, kill -9, a power cut), so there is never a stale lock to
 * delete by hand.
 */
export function lockDataDirectory(dataDir: string): DataDirectoryLock {
  fs.mkdirSync(dataDir, { recursive: true });
  // timeout 0: a lock held by another server is a verdict, not something to wait for.
  const db = new Database(path.join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    // In exclusive locking mode the lock taken by this transaction is kept until close.
    db.pragma('locking_mode = EXCLUSIVE');
    // Nothing is ever written to this file, so no journal file beside it.
    db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
  } catch (error) {
    db.close();
    if (storageFaultOf(error) !== 'database-busy') throw error;
    throw new DataDirectoryInUseError(
      `The data directory ${path.resolve(dataDir)} is in use by another running server. ` +
        'Stop that one first (for example with systemctl stop rnai), or set DATA_DIR to another folder. Nothing was changed.',
    );
  }
  return { release: () => db.close() };
}
