import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type OpenedDatabase } from './database';
import { errorCode, storageFaultOf } from './storage-fault';

/** @internal Outside this file only tests and fakes use it. */
export const RESERVE_FILE = 'space-reserve';
/** Room for SQLite's shared-memory file and log, and a few sign-ins and deletions. */
const RESERVE_BYTES = 2 * 1024 * 1024;

/**
 * A file of zeros kept in the data directory while there is room. SQLite cannot even open the
 * database on a disk with no byte left (it must create its shared-memory file), so a server
 * restarted on a full disk would be out of reach: it deletes this file first, and the site
 * starts, so an administrator can sign in and delete files. Made again once there is room.
 */
function makeSpaceReserve(dataDir: string): 'made' | 'present' | 'no-room' {
  const file = path.join(dataDir, RESERVE_FILE);
  if (fs.existsSync(file)) return 'present';
  try {
    const fd = fs.openSync(file, 'wx', 0o600);
    try {
      const zeros = Buffer.alloc(RESERVE_BYTES);
      // A write can stop short when the disk fills; the next one then fails with ENOSPC.
      for (let written = 0; written < RESERVE_BYTES; ) written += fs.writeSync(fd, zeros, written);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return 'made';
  } catch (error) {
    fs.rmSync(file, { force: true });
    if (errorCode(error) === 'ENOSPC' || errorCode(error) === 'EDQUOT') return 'no-room';
    throw error;
  }
}

/** Deletes the reserve to make room; false when there was none to delete. */
function releaseSpaceReserve(dataDir: string): boolean {
  try {
    fs.unlinkSync(path.join(dataDir, RESERVE_FILE));
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

/** Opens the database, giving up the space reserve first when the disk is too full to open it. */
export function openOnAnyDisk(dataDir: string, log: FastifyBaseLogger): OpenedDatabase {
  try {
    return openDatabase(dataDir);
  } catch (error) {
    if (storageFaultOf(error) === undefined || !releaseSpaceReserve(dataDir)) throw error;
    log.error(
      { err: error, event: 'space-reserve-released' },
      'The disk is full: deleted the space reserve so the site can start. Delete files to make room.',
    );
    return openDatabase(dataDir);
  }
}

export interface SpaceReserve {
  /** Makes the reserve when it is missing and there is room; never fails. */
  keep(): void;
  /**
   * Runs a write that must succeed on a full disk (a delete, which is how room is made, and the
   * audit entry of something already done): when the disk is full, gives up the reserve and
   * tries once more. Each needs a few pages of the database's log, which a full disk may not have.
   */
  withRoom<T>(write: () => T | Promise<T>): Promise<T>;
}

export function createSpaceReserve(dataDir: string, log: FastifyBaseLogger): SpaceReserve {
  return {
    keep() {
      try {
        if (makeSpaceReserve(dataDir) === 'no-room') log.warn({ event: 'space-reserve-missing' }, 'The disk is too full to keep a space reserve');
      } catch (error) {
        log.warn({ err: error, event: 'space-reserve-missing' }, 'Could not make the space reserve');
      }
    },
    async withRoom(write) {
      try {
        return await write();
      } catch (error) {
        if (storageFaultOf(error) !== 'disk-full' || !releaseSpaceReserve(dataDir)) throw error;
        log.error(
          { err: error, event: 'space-reserve-released' },
          'The disk is full: deleted the space reserve to store a delete or an audit entry. Delete files to make room.',
        );
        return await write();
      }
    },
  };
}
