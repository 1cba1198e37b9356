/**
 * `npm run backup -- FOLDER` writes a new backup of the data directory (DATA_DIR) into a dated
 * folder inside FOLDER, also while the server runs. `npm run backup -- --restore BACKUP` puts
 * one back, once the server is stopped. Exit code 0 when done, 1 when it could not be, 2 for a
 * wrong command line.
 */
import path from 'node:path';
import { formatBytes } from '../../src-core/domain/files';
import { BackupError } from '../backup/backup-error';
import type { BackupManifest } from '../backup/backup-manifest';
import { restoreBackup } from '../backup/restore-backup';
import { takeBackup } from '../backup/take-backup';
import { ConfigError, loadConfig } from '../config';

const USAGE = `Usage:
  npm run backup -- FOLDER                    write a new backup of DATA_DIR into a dated folder inside FOLDER
  npm run backup -- --restore BACKUP_FOLDER   put a backup back into DATA_DIR (stop the server first)`;

class UsageError extends Error {}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function contents(manifest: BackupManifest): string {
  const { posts, contactMessages, accounts, files } = manifest.counts;
  return [
    `  database: ${count(posts, 'post', 'posts')}, ${count(contactMessages, 'contact message', 'contact messages')}, ${count(accounts, 'account', 'accounts')} (${formatBytes(manifest.database.bytes)})`,
    `  files:    ${count(files, 'file', 'files')} (${formatBytes(manifest.filesBytes)})`,
  ].join('\n');
}

/** A folder as typed: npm runs scripts in the project folder, and says in INIT_CWD where the person was. */
function typedFolder(folder: string): string {
  return path.resolve(process.env.INIT_CWD ?? '', folder);
}

function readableDate(iso: string): string {
  return `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;
}

async function backUp(dataDir: string, folder: string): Promise<string> {
  const { folder: written, manifest, skipped } = await takeBackup(dataDir, typedFolder(folder));
  const lines = [`Backup written to ${written}`, contents(manifest)];
  if (skipped.length > 0) lines.push(`Not copied, because they are not plain files: ${skipped.map((name) => `files/${name}`).join(', ')}`);
  lines.push('Keep a copy of it away from this computer, too.');
  return lines.join('\n');
}

async function restore(dataDir: string, folder: string): Promise<string> {
  const { manifest, keptAside } = await restoreBackup(dataDir, typedFolder(folder));
  return [
    `Restored the backup made on ${readableDate(manifest.createdAt)} into ${dataDir}:`,
    contents(manifest),
    keptAside === undefined
      ? 'There was no data there before.'
      : `What was there before is kept in ${keptAside} (delete it once the site looks right).`,
    'Start the server to use the restored data.',
  ].join('\n');
}

function run(args: string[], dataDir: string): Promise<string> {
  const [first, second, ...rest] = args;
  if (rest.length > 0 || first === undefined) throw new UsageError(USAGE);
  if (first === '--restore') {
    if (second === undefined) throw new UsageError(USAGE);
    return restore(dataDir, second);
  }
  if (second !== undefined || first.startsWith('-')) throw new UsageError(USAGE);
  return backUp(dataDir, first);
}

try {
  console.log(await run(process.argv.slice(2), path.resolve(loadConfig().dataDir)));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(error.message);
    process.exitCode = 2;
  } else if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    console.error(`It did not complete: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
