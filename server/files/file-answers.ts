import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import parseRange from 'range-parser';
import type { Clock } from '../clock';
import type { ContentVersion } from '../content/content-version';

/** Files up to this size are kept in memory once read: most forms, few newsletters. */
const MAX_KEPT_FILE_BYTES = 256 * 1024;
/** All kept files together, so a folder of many small files cannot fill the memory. */
const MAX_KEPT_BYTES = 8 * 1024 * 1024;
/**
 * How long a kept file is trusted before its date and size are looked at again. Changes made
 * through the server (or files added or removed by another process) move the content version
 * and end it at once; this covers a file rewritten in place behind the server's back.
 */
const RECHECK_MS = 1_000;

/** What is known about one stored file: its identity on disk, and its bytes when it is small. */
interface KnownFile {
  readonly size: number;
  readonly mtimeMs: number;
  readonly etag: string;
  readonly lastModified: string;
  /** The two as `fresh` reads an answer's headers. */
  readonly validators: { readonly etag: string; readonly 'last-modified': string };
  readonly body: Buffer | undefined;
  checkedAt: number;
}

export interface FileAnswerOptions {
  /** Headers of the answer, besides the file's own (tag, date, length, range). */
  readonly set: Readonly<Record<string, string>>;
  /** What is thrown, with nothing sent or set, when no regular file is there. */
  readonly missing: () => Error;
}

export interface FileAnswers {
  /**
   * Sends the file at `location` (an absolute path inside the files folder), answering a request
   * that asks again with its tag or date (304) or for part of the file (206, 416). A link is
   * never followed: it is missing, as a folder or no file is.
   */
  send(request: FastifyRequest, reply: FastifyReply, location: string, options: FileAnswerOptions): FastifyReply | Promise<FastifyReply>;
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** The tag @fastify/send gave stored files before, so tags browsers already hold stay good. */
function tagOf(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.trunc(mtimeMs).toString(16)}"`;
}

async function openRegularFile(location: string): Promise<{ handle: fsp.FileHandle; stats: fs.Stats } | undefined> {
  let handle: fsp.FileHandle;
  try {
    // O_NOFOLLOW: a link planted in the files folder is refused, not followed.
    handle = await fsp.open(location, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (error) {
    if (['ENOENT', 'ELOOP', 'ENOTDIR', 'EISDIR'].includes(errorCode(error) ?? '')) return undefined;
    throw error;
  }
  const stats = await handle.stat();
  if (stats.isFile()) return { handle, stats };
  await handle.close();
  return undefined;
}

/**
 * Stored files as answers, each looked up once: one open, one stat and the read that sends it,
 * and for a small file not even that while nothing has changed (its bytes stay in memory, within
 * a bound). Conditional and range requests are answered as a browser's PDF viewer asks them.
 */
export function createFileAnswers(contentVersion: ContentVersion, clock: Clock): FileAnswers {
  let version: number | undefined;
  let known = new Map<string, KnownFile>();
  let keptBytes = 0;

  /**
   * Forgets `file` if it is still what is known at `location`. A lookup that began before the
   * content changed holds an entry of the old version, whose bytes the new count never had.
   */
  function forget(location: string, file: KnownFile): void {
    if (known.get(location) !== file) return;
    known.delete(location);
    keptBytes -= file.body?.byteLength ?? 0;
  }

  function remember(location: string, file: KnownFile): void {
    const earlier = known.get(location);
    if (earlier !== undefined) forget(location, earlier);
    known.set(location, file);
    keptBytes += file.body?.byteLength ?? 0;
    for (const [oldestLocation, oldest] of known) {
      if (keptBytes <= MAX_KEPT_BYTES) break;
      forget(oldestLocation, oldest);
    }
  }

  /** What is known of the file at `location`, after forgetting everything if the content has changed since. */
  function knownNow(location: string): KnownFile | undefined {
    const now = contentVersion.current();
    if (now !== version) {
      version = now;
      known = new Map();
      keptBytes = 0;
    }
    return known.get(location);
  }

  function checkedLately(file: KnownFile): boolean {
    return clock() - file.checkedAt < RECHECK_MS;
  }

  /**
   * The file as `knownNow` just gave it, or read afresh (with the handle it was read through,
   * still open).
   */
  async function current(location: string, file: KnownFile | undefined): Promise<{ file: KnownFile; handle?: fsp.FileHandle } | undefined> {
    const readFor = version;
    if (file !== undefined && checkedLately(file)) return { file };
    const opened = await openRegularFile(location);
    if (opened === undefined) {
      if (file !== undefined) forget(location, file);
      return undefined;
    }
    const { handle, stats } = opened;
    if (file !== undefined && file.size === stats.size && file.mtimeMs === stats.mtimeMs) {
      file.checkedAt = clock();
      return { file, handle };
    }
    let body: Buffer | undefined;
    if (stats.size <= MAX_KEPT_FILE_BYTES) {
      try {
        body = await handle.readFile();
      } finally {
        await handle.close();
      }
    }
    const etag = tagOf(stats.size, stats.mtimeMs);
    const lastModified = stats.mtime.toUTCString();
    const read: KnownFile = {
      size: stats.size,
      mtimeMs: stats.mtimeMs,
      etag,
      lastModified,
      validators: { etag, 'last-modified': lastModified },
      body,
      checkedAt: clock(),
    };
    // Read while the content changed: sent this once, never kept for the new version.
    if (readFor === contentVersion.current()) remember(location, read);
    return body === undefined ? { file: read, handle } : { file: read };
  }

  /**
   * The answer for `file`: its headers, then 304, 416, the whole file or one part of it. Sends from
   * memory, or streams from `handle` (which the stream then closes: `streamed` says so).
   */
  function answer(request: FastifyRequest, reply: FastifyReply, file: KnownFile, options: FileAnswerOptions, handle: fsp.FileHandle | undefined): { sent: FastifyReply; streamed: boolean } {
    void reply.headers(options.set).header('accept-ranges', 'bytes').header('etag', file.etag).header('last-modified', file.lastModified);
    if (fresh(request.headers, file.validators)) return { sent: reply.code(304).send(), streamed: false };

    let start = 0;
    let end = file.size - 1;
    const asked = request.headers.range;
    // If-Range: the part only of the same file; otherwise the whole file, as RFC 9110 says.
    const sameFile = request.headers['if-range'] === undefined || request.headers['if-range'] === file.etag || request.headers['if-range'] === file.lastModified;
    if (asked !== undefined && sameFile) {
      const ranges = parseRange(file.size, asked, { combine: true });
      if (ranges === -1) return { sent: reply.code(416).header('content-range', `bytes */${file.size}`).send(), streamed: false };
      // One part is what viewers ask for; several, or a header that cannot be read, get the whole file.
      if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1 && ranges[0] !== undefined) {
        ({ start, end } = ranges[0]);
        void reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
      }
    }
    void reply.header('content-length', String(end - start + 1));
    // Fastify would read a stream to its end to answer HEAD, and count an empty answer as 0 bytes.
    if (request.method === 'HEAD') return { sent: reply.send(Readable.from([])), streamed: false };
    if (file.body !== undefined) {
      return { sent: reply.send(start === 0 && end === file.size - 1 ? file.body : file.body.subarray(start, end + 1)), streamed: false };
    }
    if (handle === undefined) throw options.missing();
    return { sent: reply.send(handle.createReadStream({ start, end })), streamed: true };
  }

  /** Looks the file up on disk first: not seen yet, not looked at for a while, or too big to keep. */
  async function sendLookedUp(request: FastifyRequest, reply: FastifyReply, location: string, knownFile: KnownFile | undefined, options: FileAnswerOptions): Promise<FastifyReply> {
    const found = await current(location, knownFile);
    if (found === undefined) throw options.missing();
    const { file } = found;
    let handle = found.handle;
    // A large file is read from the handle it was found through, or one opened before anything
    // is set, so a file gone since it was last looked at is still only missing.
    if (file.body === undefined && handle === undefined) {
      handle = (await openRegularFile(location))?.handle;
      if (handle === undefined) throw options.missing();
    }
    try {
      const { sent, streamed } = answer(request, reply, file, options, handle);
      // The stream closes the handle once it has been read.
      if (streamed) handle = undefined;
      return sent;
    } finally {
      await handle?.close();
    }
  }

  return {
    send(request, reply, location, options) {
      // A small file in memory and looked at lately is answered at once, in this same turn of the
      // event loop: no lookup, and no wait for a promise before the answer is written.
      const file = knownNow(location);
      if (file?.body !== undefined && checkedLately(file)) return answer(request, reply, file, options, undefined).sent;
      return sendLookedUp(request, reply, location, file, options);
    },
  };
}
