import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished, type TestContext } from 'vitest';

export interface SmallDisk {
  /** An empty folder on the small file system, to use as a data directory. */
  readonly dataDir: string;
  /** Writes a filler file until the file system has no byte left. */
  fill(): void;
  /** Deletes the filler: the space is back. */
  free(): void;
  /** Makes one folder of the data directory read-only (as a bind mount of itself) until `writable`. */
  readOnly(folder: string): void;
  writable(folder: string): void;
}

const SIZE = '5m';
const FILLER_CHUNK = Buffer.alloc(64 * 1024, 0x2e);

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * A real, small file system (tmpfs) that the test can fill to the last byte, so a full disk
 * is met as the server meets it. Mounting needs root; elsewhere the test is skipped and says why.
 */
export function mountSmallDisk(context: TestContext): SmallDisk {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE}`, 'tmpfs', mountPoint], { stdio: 'pipe' });
  } catch (error) {
    fs.rmdirSync(mountPoint);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return context.skip(`needs a small tmpfs for a full disk, and this machine cannot mount one (${reason})`);
  }
  onTestFinished(() => {
    // Recursively and lazily, so a file still open in a finished server cannot keep the mount behind.
    execFileSync('umount', ['-R', '-l', mountPoint]);
    fs.rmdirSync(mountPoint);
  });
  const filler = path.join(mountPoint, 'filler');
  const dataDir = path.join(mountPoint, 'data');
  fs.mkdirSync(dataDir);
  return {
    dataDir,
    fill() {
      const fd = fs.openSync(filler, 'a');
      try {
        for (;;) fs.writeSync(fd, FILLER_CHUNK);
      } catch (error) {
        if (errorCode(error) !== 'ENOSPC') throw error;
        // The last partial block: keep writing single bytes until none fits.
        try {
          for (;;) fs.writeSync(fd, FILLER_CHUNK, 0, 1);
        } catch (last) {
          if (errorCode(last) !== 'ENOSPC') throw last;
        }
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    readOnly(folder) {
      const target = path.join(dataDir, folder);
      execFileSync('mount', ['--bind', target, target], { stdio: 'pipe' });
      execFileSync('mount', ['-o', 'remount,bind,ro', target], { stdio: 'pipe' });
    },
    writable(folder) {
      execFileSync('umount', [path.join(dataDir, folder)], { stdio: 'pipe' });
    },
  };
}
