import fsp from 'node:fs/promises';
import { Writable } from 'node:stream';

/** About this much is gathered before each write: an upload arrives in network pieces of 64 KB or less. */
const BATCH_BYTES = 1024 * 1024;

async function writeAll(handle: fsp.FileHandle, chunks: Buffer[]): Promise<void> {
  let remaining = chunks;
  while (remaining.length > 0) {
    const total = remaining.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    const { bytesWritten } = await handle.writev(remaining);
    if (bytesWritten >= total) return;
    // A file system may write part of it (a disk filling up answers with an error on the next try).
    let skip = bytesWritten;
    const rest: Buffer[] = [];
    for (const chunk of remaining) {
      if (skip >= chunk.byteLength) skip -= chunk.byteLength;
      else {
        rest.push(chunk.subarray(skip));
        skip = 0;
      }
    }
    remaining = rest;
  }
}

/**
 * A new file (never one that exists) written in batches of about a megabyte, one `writev` each,
 * instead of one write per network piece (a round trip to the thread pool each), and synced to
 * the disk before it is closed, so a file that is listed never comes back empty after a power
 * cut. Destroyed, it closes the file and leaves it for the caller to remove.
 */
export function syncedFileWriter(location: string, mode: number): Writable {
  let handle: fsp.FileHandle | undefined;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  /** The batch being written while the next one gathers: receiving and writing overlap. */
  let writing: Promise<void> = Promise.resolve();

  /** Starts writing what has gathered once the batch before it is written; resolves when it has started. */
  async function writePending(): Promise<void> {
    await writing;
    const chunks = pending;
    pending = [];
    pendingBytes = 0;
    if (handle === undefined || chunks.length === 0) return;
    writing = writeAll(handle, chunks);
    // Its failure is taken up by the next write or by `final`; until then it is not unhandled.
    writing.catch(() => undefined);
  }

  return new Writable({
    highWaterMark: BATCH_BYTES,
    construct(callback) {
      fsp.open(location, 'wx', mode).then((opened) => {
        handle = opened;
        callback();
      }, callback);
    },
    writev(chunks, callback) {
      for (const { chunk } of chunks as Array<{ chunk: Buffer }>) {
        pending.push(chunk);
        pendingBytes += chunk.byteLength;
      }
      if (pendingBytes < BATCH_BYTES) {
        callback();
        return;
      }
      writePending().then(() => callback(), callback);
    },
    final(callback) {
      const finish = async () => {
        await writePending();
        await writing;
        const opened = handle;
        if (opened === undefined) return;
        await opened.sync();
        handle = undefined;
        await opened.close();
      };
      finish().then(() => callback(), callback);
    },
    destroy(error, callback) {
      const opened = handle;
      handle = undefined;
      // The batch in flight ends first (its failure is the error already being reported, or none).
      const closed = writing.catch(() => undefined).then(() => opened?.close());
      closed.then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}
