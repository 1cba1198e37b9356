import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ContentVersion } from '../content/content-version';
import { PAGE_ENCODINGS, compressedForms, type CompressedForms } from '../render/compressed-forms';
import { preferredEncoding } from './accept-encoding';
import { CACHE_CONTROL } from './cache-control';

/** Smaller answers go out as they are, as the compression plugin's own threshold has it. */
const COMPRESS_FROM_BYTES = 1024;
/** A bound on what is kept, by count and by bytes: the keys come from visitors' addresses. */
const MAX_KEPT_ANSWERS = 300;
const MAX_KEPT_BYTES = 4 * 1024 * 1024;

interface KeptAnswer {
  readonly body: Buffer;
  readonly etag: string;
  /** Each compressed form, made the first time a client asks for it; none for a small answer. */
  readonly compressed: CompressedForms | undefined;
}

export interface KeptJsonAnswers {
  /**
   * Sends the public JSON answer kept under `key` for the content as it is now, or makes it
   * with `make`, checks it against `schema`, and keeps it until posts or files change. Whatever
   * `make` throws (a 404) is not kept.
   */
  send<Schema extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: Schema,
    make: () => z.input<Schema> | Promise<z.input<Schema>>,
  ): Promise<FastifyReply>;
}

function keep(value: unknown): KeptAnswer {
  const body = Buffer.from(JSON.stringify(value));
  // Weak, as the ETag plugin makes them: the same tag whatever encoding carries the answer.
  const etag = `W/"${createHash('sha1').update(body).digest('base64')}"`;
  return { body, etag, compressed: body.byteLength >= COMPRESS_FROM_BYTES ? compressedForms(body) : undefined };
}

function sizeOf(answer: KeptAnswer): number {
  return answer.body.byteLength;
}

/**
 * Public API answers (the news list, one post, a folder's files) made once per version of the
 * content, with their tag and compressed forms, instead of a database read, a serialisation, a
 * hash and a compression on every request: the same bytes go out until something changes.
 */
export function createKeptJsonAnswers(contentVersion: ContentVersion): KeptJsonAnswers {
  let version: number | undefined;
  let kept = new Map<string, KeptAnswer>();
  let keptBytes = 0;

  function lookUp(key: string): KeptAnswer | undefined {
    const now = contentVersion.current();
    if (now !== version) {
      version = now;
      kept = new Map();
      keptBytes = 0;
      return undefined;
    }
    const answer = kept.get(key);
    if (answer !== undefined) {
      // Map keeps insertion order: a used answer moves to the end, the least used stays first.
      kept.delete(key);
      kept.set(key, answer);
    }
    return answer;
  }

  function store(key: string, answer: KeptAnswer, madeFor: number): void {
    // Made while the content changed: sent this once, never kept for the new version.
    if (madeFor !== version) return;
    kept.set(key, answer);
    keptBytes += sizeOf(answer);
    for (const [oldestKey, oldest] of kept) {
      if (kept.size <= MAX_KEPT_ANSWERS && keptBytes <= MAX_KEPT_BYTES) break;
      kept.delete(oldestKey);
      keptBytes -= sizeOf(oldest);
    }
  }

  return {
    async send(request, reply, key, schema, make) {
      let answer = lookUp(key);
      if (answer === undefined) {
        const madeFor = contentVersion.current();
        answer = keep(schema.parse(await make()));
        store(key, answer, madeFor);
      }
      void reply.header('cache-control', CACHE_CONTROL.revalidate).header('etag', answer.etag).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
      const encoding = answer.compressed === undefined ? undefined : preferredEncoding(request.headers['accept-encoding'], PAGE_ENCODINGS);
      if (answer.compressed === undefined || encoding === undefined) return reply.send(answer.body);
      // The compression plugin leaves an answer alone once it names its encoding.
      return reply.header('content-encoding', encoding).send(await answer.compressed(encoding));
    },
  };
}
