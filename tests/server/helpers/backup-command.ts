import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { REPO_ROOT as root } from '../../../tooling/repo-root';

export interface CommandResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunningCommand {
  readonly child: ChildProcess;
  readonly done: Promise<CommandResult>;
}

export interface CommandOptions {
  /** Largest file the command may write, in the shell's `ulimit -f` blocks: a disk that fills up. */
  readonly fileSizeLimitBlocks?: number;
}

/** `npm run backup -- ...args` as its own process on `dataDir`, as a volunteer would run it. */
export function startBackupCommand(dataDir: string, args: string[], options: CommandOptions = {}): RunningCommand {
  const command = [process.execPath, '--import', 'tsx', path.join(root, 'server/cli/backup.ts'), ...args];
  const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir };
  const child =
    options.fileSizeLimitBlocks === undefined
      ? spawn(command[0] ?? '', command.slice(1), { cwd: root, env })
      : spawn('/bin/sh', ['-c', `ulimit -f ${options.fileSizeLimitBlocks} && exec "$@"`, 'sh', ...command], { cwd: root, env });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<CommandResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

export function runBackupCommand(dataDir: string, args: string[], options: CommandOptions = {}): Promise<CommandResult> {
  return startBackupCommand(dataDir, args, options).done;
}

/** The folders inside `parent` whose names start with `prefix`, sorted. */
export function foldersStartingWith(parent: string, prefix: string): string[] {
  return fs
    .readdirSync(parent)
    .filter((name) => name.startsWith(prefix))
    .sort();
}

/** The post titles in a database file, read the way anyone would, with SQLite. */
export function postTitlesIn(databaseFile: string): string[] {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT title FROM posts ORDER BY id').pluck().all().map(String);
  } finally {
    db.close();
  }
}

export function integrityOf(databaseFile: string): string {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}
