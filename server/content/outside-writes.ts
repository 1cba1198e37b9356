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
  return () => [String(db.pragma('data_version', { simple: true })), ...folders.map(modifiedAt)].join(' ');
}
