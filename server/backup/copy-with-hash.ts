import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface CopiedFile {
  readonly bytes: number;
  readonly sha256: string;
}

/**
 * Copies one file, counting and hashing what was read, so the copy can be checked later without
 * reading the original again. The copy never replaces an existing file ('wx') and is flushed to
 * the disk before this returns: a backup that says it is complete must be on the disk.
 */
export async function copyWithHash(source: string, target: string): Promise<CopiedFile> {
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      callback(null, chunk);
    },
  });
  await pipeline(fs.createReadStream(source), tap, fs.createWriteStream(target, { flags: 'wx', flush: true }));
  return { bytes, sha256: hash.digest('hex') };
}

/** The SHA-256 of a file, to check one written by someone else (the database copy). */
export async function hashFile(file: string): Promise<CopiedFile> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    const buffer = chunk as Buffer;
    hash.update(buffer);
    bytes += buffer.byteLength;
  }
  return { bytes, sha256: hash.digest('hex') };
}
