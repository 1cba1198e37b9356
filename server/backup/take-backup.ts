import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BackupError, explainWriteFailure, isErrorCode } from './backup-error';
import { DATABASE_FILE, FILES_FOLDER, newManifest, writeManifest, type BackupManifest } from './backup-manifest';
import { copyWithHash, hashFile } from './copy-with-hash';
import { summariseDatabase } from './database-summary';
import { folderStamp, renameToFreeName } from './dated-names';
import { listStoredFiles } from './stored-files';

const BACKUP_PREFIX = 'rnai-backup-';
/** Where a backup is written until it is complete; never taken for a backup by its name. */
const UNFINISHED_PREFIX = 'unfinished-rnai-backup-';

export interface BackupResult {
  readonly folder: string;
  readonly manifest: BackupManifest;
  /** Entries in files/ that were not copied because they are not plain files. */
  readonly skipped: string[];
}

function requireFolder(folder: string): void {
  const stat = fs.statSync(folder, { throwIfNoEntry: false });
  if (stat === undefined) throw new BackupError(`There is no folder ${folder}. Create it first, or choose another.`);
  if (!stat.isDirectory()) throw new BackupError(`${folder} is a file, not a folder.`);
}

/** Asked of SQLite's backup after its first step: every remaining page at once. */
const ALL_REMAINING_PAGES = 0x7fffffff;

/**
 * SQLite's online backup, so the copy is never torn. Copied in steps, it would start again after
 * every write the server makes in between, and might never finish on a busy site; copied in one
 * step it reads one moment of the database, while WAL lets the server go on writing meanwhile.
 * The copy is then made a single file (rollback journal instead of WAL), to be opened read-only
 * and checked without leaving anything beside it.
 */
async function copyDatabase(source: string, target: string): Promise<void> {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target, { progress: () => ALL_REMAINING_PAGES });
  } finally {
    db.close();
  }
  const copy = new Database(target);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

async function copyStoredFiles(dataDir: string, into: string) {
  const filesDir = path.join(dataDir, FILES_FOLDER);
  const { files, skipped } = await listStoredFiles(filesDir);
  // Present even when empty, so the backup shows the same layout as the data directory.
  await fsp.mkdir(path.join(into, FILES_FOLDER));
  const copied: BackupManifest['files'] = [];
  for (const relative of files) {
    try {
      copied.push({ path: relative, ...(await copyWithHash(path.join(filesDir, relative), path.join(into, FILES_FOLDER, relative))) });
    } catch (error) {
      // Deleted by an administrator since the listing: it is not in this backup, as if it had gone a moment earlier.
      if (!isErrorCode(error, 'ENOENT') || fs.existsSync(path.join(filesDir, relative))) throw error;
    }
  }
  return { copied, skipped };
}

async function fillBackup(dataDir: string, into: string, now: Date) {
  await copyDatabase(path.join(dataDir, DATABASE_FILE), path.join(into, DATABASE_FILE));
  const summary = summariseDatabase(path.join(into, DATABASE_FILE));
  if (summary.integrity !== 'ok') throw new BackupError(`The copy of the database failed SQLite's check (${summary.integrity}).`);
  const { copied, skipped } = await copyStoredFiles(dataDir, into);
  const manifest = newManifest({
    createdAt: now.toISOString(),
    schemaVersion: summary.schemaVersion,
    counts: { posts: summary.posts, files: copied.length, contactMessages: summary.contactMessages, accounts: summary.accounts },
    database: await hashFile(path.join(into, DATABASE_FILE)),
    filesBytes: copied.reduce((sum, file) => sum + file.bytes, 0),
    files: copied,
  });
  await writeManifest(into, manifest);
  return { manifest, skipped };
}

/**
 * Writes a new backup of `dataDir` into a new dated folder inside `parent`. It is written under
 * an 'unfinished' name and renamed only once complete, so a failed or interrupted backup never
 * looks like a finished one; a failed one is removed.
 */
export async function takeBackup(dataDir: string, parent: string, now = new Date()): Promise<BackupResult> {
  requireFolder(parent);
  if (!fs.existsSync(path.join(dataDir, DATABASE_FILE))) {
    throw new BackupError(`There is no ${DATABASE_FILE} in the data directory ${dataDir}: nothing to back up. Is DATA_DIR set as it is for npm start?`);
  }
  let unfinished: string;
  try {
    unfinished = await fsp.mkdtemp(path.join(parent, `${UNFINISHED_PREFIX}${folderStamp(now)}-`));
  } catch (error) {
    throw explainWriteFailure(error, parent);
  }
  try {
    const { manifest, skipped } = await fillBackup(dataDir, unfinished, now);
    const folder = await renameToFreeName(unfinished, parent, `${BACKUP_PREFIX}${folderStamp(now)}`);
    return { folder, manifest, skipped };
  } catch (error) {
    await fsp.rm(unfinished, { recursive: true, force: true }).catch(() => undefined);
    throw explainWriteFailure(error, parent);
  }
}
