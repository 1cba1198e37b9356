import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import parseRange from 'range-parser';
import type { Clock } from '../clock';
import { errorCode } from '../db/storage-fault';
import { createMemoryCache } from '../http/memory-cache';

/** Files up to this size are cached in memory once read: most forms, few newsletters. */
const MAX_CACHED_FILE_BYTES = 256 * 1024;
/**
 * How long a cached file is trusted before its date and size are looked at again. Changes made
 * through the server (or files added or removed by another process) invalidate the cache at
 * once; this covers a file rewritten in place behind the server's back, and a rebuilt site.
 */
const RECHECK_MS = 1_000;

/** What is known about one file: its identity on disk, and its bytes when it is small. */
interface KnownFile {
  readonly size: number;
  readonly mtimeMs: number;
  readonly etag: string;
  readonly lastModified: string;
  /** The two as `fresh` reads a response's headers. */
  readonly validators: { readonly etag: string; readonly 'last-modified': string };
  readonly body: Buffer | undefined;
  checkedAt: number;
}

export interface StaticFileOptions {
  /** Headers of the response, besides the file's own (tag, date, length, range). */
  readonly set: Readonly<Record<string, string>>;
  /** What is thrown, with nothing sent or set, when no regular file is there. */
  readonly missing: () => Error;
}

export interface StaticFiles {
  /**
   * Sends the file at `location` (an absolute path), with 304 to a request that asks again with
   * its tag or date, and 206 or 416 to one asking for part of the file. A link is never
   * followed: it is missing, as a folder or no file is.
   */
  send(request: FastifyRequest, reply: FastifyReply, location: string, options: StaticFileOptions): FastifyReply | Promise<FastifyReply>;
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
 * Static files: the uploaded files and the built site. Written here rather than taken from
 * @fastify/static for the download and load budgets (bench/README.md): a small file is sent from
 * memory in the same turn of the event loop, with no open, stat or promise, while nothing has
 * changed; any other is looked up once (one open with O_NOFOLLOW, one stat, the read that sends
 * it). Conditional and range requests are served as a browser's PDF viewer asks them.
 * `generation` is what invalidates the cache (the content version); 8 MB are cached at most.
 */
export function createStaticFiles(generation: () => unknown, clock: Clock): StaticFiles {
  const cache = createMemoryCache<KnownFile>({ maxEntries: 1_000, maxBytes: 8 * 1024 * 1024, now: clock });

  function checkedLately(file: KnownFile): boolean {
    return clock() - file.checkedAt < RECHECK_MS;
  }

  /**
   * The file as the cache gave it, or read afresh (with the handle it was read through, still
   * open). `readFor` is the generation the lookup began in.
   */
  async function current(location: string, file: KnownFile | undefined, readFor: unknown): Promise<{ file: KnownFile; handle?: fsp.FileHandle } | undefined> {
    if (file !== undefined && checkedLately(file)) return { file };
    const opened = await openRegularFile(location);
    if (opened === undefined) {
      if (file !== undefined) cache.delete(location, file);
      return undefined;
    }
    const { handle, stats } = opened;
    if (file !== undefined && file.size === stats.size && file.mtimeMs === stats.mtimeMs) {
      file.checkedAt = clock();
      return { file, handle };
    }
    let body: Buffer | undefined;
    if (stats.size <= MAX_CACHED_FILE_BYTES) {
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
    // Read while the content changed: sent this once, never cached for the new generation.
    cache.set(location, read, readFor, { size: body?.byteLength });
    return body === undefined ? { file: read, handle } : { file: read };
  }

  /**
   * The response for `file`: its headers, then 304, 416, the whole file or one part of it. Sends
   * from memory, or streams from `handle` (which the stream then closes: `streamed` says so).
   */
  function respond(request: FastifyRequest, reply: FastifyReply, file: KnownFile, options: StaticFileOptions, handle: fsp.FileHandle | undefined): { sent: FastifyReply; streamed: boolean } {
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
    // Fastify would read a stream to its end to respond to HEAD, and count an empty body as 0 bytes.
    if (request.method === 'HEAD') return { sent: reply.send(Readable.from([])), streamed: false };
    if (file.body !== undefined) {
      return { sent: reply.send(start === 0 && end === file.size - 1 ? file.body : file.body.subarray(start, end + 1)), streamed: false };
    }
    if (handle === undefined) throw options.missing();
    return { sent: reply.send(handle.createReadStream({ start, end })), streamed: true };
  }

  /** Looks the file up on disk first: not seen yet, not looked at for a while, or too big to cache. */
  async function sendLookedUp(request: FastifyRequest, reply: FastifyReply, location: string, options: StaticFileOptions, knownFile: KnownFile | undefined, readFor: unknown): Promise<FastifyReply> {
    const found = await current(location, knownFile, readFor);
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
      const { sent, streamed } = respond(request, reply, file, options, handle);
      // The stream closes the handle once it has been read.
      if (streamed) handle = undefined;
      return sent;
    } finally {
      await handle?.close();
    }
  }

  return {
    send(request, reply, location, options) {
      // A small file in memory and looked at lately is sent at once, in this same turn of the
      // event loop: no lookup, and no wait for a promise before the response is written.
      const readFor = generation();
      const file = cache.get(location, readFor);
      if (file?.body !== undefined && checkedLately(file)) return respond(request, reply, file, options, undefined).sent;
      return sendLookedUp(request, reply, location, options, file, readFor);
    },
  };
}
