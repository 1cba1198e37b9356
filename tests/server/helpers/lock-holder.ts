import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { onTestFinished } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

export interface LockHolder {
  /** Resolves when the other process has let go (after `holdMs`, or when released). */
  readonly released: Promise<void>;
  release(): void;
}

// Another process, as the sqlite3 shell or a careless script would be: it takes the write
// lock, says so, and keeps it until its time is up or its input closes.
const HOLDER = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\\n');
const done = () => { db.exec('COMMIT'); db.close(); process.exit(0); };
setTimeout(done, Number(process.argv[2]));
process.stdin.on('end', done);
process.stdin.resume();
`;

/** Holds the write lock of an SQLite file from a separate process for `holdMs`. */
export async function holdWriteLock(databaseFile: string, holdMs: number): Promise<LockHolder> {
  const child = spawn(process.execPath, ['-e', HOLDER, databaseFile, String(holdMs)], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const released = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', (line) => (line === 'locked' ? resolve() : reject(new Error(line))));
    child.once('exit', (code) => reject(new Error(`The lock holder exited with ${code} before taking the lock.`)));
  });
  return { released, release: () => child.stdin.end() };
}
