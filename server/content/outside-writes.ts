import fs from 'node:fs';
import type { Db } from '../db/database';

function modifiedAt(folder: string): string {
  try {
    return String(fs.statSync(folder).mtimeMs);
  } catch {
    return 'missing';
  }
}

/**
 * What another process leaves behind when it changes posts or files: SQLite's data_version
 * moves when another connection commits (never for this connection's own writes), and a
 * folder's modification time moves when a file is added to it or removed from it.
 */
export function outsideWriteFingerprint(db: Db, folders: readonly string[]): () => string {
  // Prepared once: db.pragma() makes a statement each time, which the garbage collector then
  // frees, about once a second while the site is busy (docs/operations.md, Node.js 24 and better-sqlite3).
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  return () => [String(dataVersion.get()), ...folders.map(modifiedAt)].join(' ');
}
