import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS } from '../db/migrations';
import { BackupError, explainWriteFailure } from './backup-error';
import { DATABASE_FILE, FILES_FOLDER, readManifest, type BackupManifest } from './backup-manifest';
import { copyWithHash } from './copy-with-hash';
import { databaseInUse } from './database-in-use';
import { summariseDatabase } from './database-summary';
import { folderStamp, makeFreshFolder } from './dated-names';

/** Where a restore assembles the backup inside the data directory, so putting it in place is a rename. */
const RESTORE_STAGING = 'restore-in-progress';
const BEFORE_RESTORE_PREFIX = 'before-restore-';

export interface RestoreResult {
  readonly manifest: BackupManifest;
  /** Where the data that was there before now is; undefined when the data directory was empty. */
  readonly keptAside: string | undefined;
}

function refuseIfServerRunning(dataDir: string): void {
  const current = path.join(dataDir, DATABASE_FILE);
  if (fs.existsSync(current) && databaseInUse(current)) {
    throw new BackupError(
      `The database in ${dataDir} is in use: the server (or a backup) is running on it. Stop the server, then restore. Nothing was changed.`,
    );
  }
}

function damaged(what: string): BackupError {
  return new BackupError(`The backup is damaged: ${what}. Nothing was changed; try another backup.`);
}

/** Copies the backup into `staging` and checks every byte against the manifest and the database with SQLite. */
async function stageBackup(backup: string, manifest: BackupManifest, staging: string): Promise<void> {
  const database = await copyWithHash(path.join(backup, DATABASE_FILE), path.join(staging, DATABASE_FILE)).catch(() => {
    throw damaged(`${DATABASE_FILE} cannot be read`);
  });
  if (database.sha256 !== manifest.database.sha256) throw damaged(`${DATABASE_FILE} is not the file the backup wrote`);
  const summary = summariseDatabase(path.join(staging, DATABASE_FILE));
  if (summary.integrity !== 'ok') throw damaged(`SQLite's check of the database says: ${summary.integrity}`);
  if (summary.schemaVersion > MIGRATIONS.length) {
    throw new BackupError('The backup was made by a newer version of this website. Update this copy of the website first. Nothing was changed.');
  }
  fs.mkdirSync(path.join(staging, FILES_FOLDER));
  for (const file of manifest.files) {
    const copy = await copyWithHash(path.join(backup, FILES_FOLDER, file.path), path.join(staging, FILES_FOLDER, file.path)).catch(() => {
      throw damaged(`files/${file.path} is missing or cannot be read`);
    });
    if (copy.sha256 !== file.sha256) throw damaged(`files/${file.path} is not the file the backup copied`);
  }
}

/** Moves the current database (with its WAL files, if any) and files/ into a new dated folder; deletes nothing. */
async function keepCurrentAside(dataDir: string, now: Date): Promise<string | undefined> {
  const present = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, FILES_FOLDER].filter((name) => fs.existsSync(path.join(dataDir, name)));
  if (present.length === 0) return undefined;
  const aside = await makeFreshFolder(dataDir, `${BEFORE_RESTORE_PREFIX}${folderStamp(now)}`);
  for (const name of present) await fsp.rename(path.join(dataDir, name), path.join(aside, name));
  return aside;
}

/**
 * Replaces the data directory's database and files with a backup's, after checking the backup
 * completely. The server must be stopped; the previous data is kept in before-restore-<date>/.
 */
export async function restoreBackup(dataDir: string, backup: string, now = new Date()): Promise<RestoreResult> {
  const manifest = await readManifest(backup);
  await fsp.mkdir(dataDir, { recursive: true });
  refuseIfServerRunning(dataDir);
  const staging = path.join(dataDir, RESTORE_STAGING);
  // Only an earlier restore that was interrupted leaves this; it holds a copy of a backup, nothing else.
  await fsp.rm(staging, { recursive: true, force: true });
  try {
    await fsp.mkdir(staging);
    await stageBackup(backup, manifest, staging);
    // Checked again: the server may have been started while the backup was being copied.
    refuseIfServerRunning(dataDir);
  } catch (error) {
    await fsp.rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw explainWriteFailure(error, dataDir);
  }
  const keptAside = await keepCurrentAside(dataDir, now);
  await fsp.rename(path.join(staging, DATABASE_FILE), path.join(dataDir, DATABASE_FILE));
  await fsp.rename(path.join(staging, FILES_FOLDER), path.join(dataDir, FILES_FOLDER));
  await fsp.rm(staging, { recursive: true, force: true });
  return { manifest, keptAside };
}
