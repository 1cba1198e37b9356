import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock';
import type { ContentVersion } from '../content/content-version';
import { COMPRESS_FROM_BYTES, PAGE_ENCODINGS, compressedForms, type CompressedForms } from '../render/compressed-forms';
import { preferredEncoding } from './accept-encoding';
import { CACHE_CONTROL } from './cache-control';
import { weakTagOf } from './weak-tag';

/** A bound on what is kept, by count and by bytes: the keys come from visitors' addresses. */
const MAX_KEPT_ANSWERS = 300;
const MAX_KEPT_BYTES = 4 * 1024 * 1024;

/** What a public answer is made of, and until when it stays true if nothing changes. */
export interface MadeAnswer {
  readonly body: Buffer;
  /** When the answer stops being true by itself (an event finishes); null or absent: only a change ends it. */
  readonly keepUntil?: number | null;
  /** Headers of its own, sent with it each time (a download's file name). */
  readonly headers?: Readonly<Record<string, string>>;
}

interface KeptAnswer {
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>> | undefined;
  readonly etag: string;
  readonly keepUntil: number | null;
  /** Each compressed form, made the first time a client asks for it; none for a small answer. */
  readonly compressed: CompressedForms | undefined;
}

export interface KeptAnswers {
  /**
   * Sends the public answer kept under `key` for the content as it is now, or makes it with
   * `make` and keeps it until posts, files or details change (or its `keepUntil` passes).
   * Whatever `make` throws (a 404) is not kept. `type` is the answer's content type.
   */
  send(request: FastifyRequest, reply: FastifyReply, key: string, type: string, make: () => MadeAnswer | Promise<MadeAnswer>): Promise<FastifyReply>;
  /** The same for a JSON answer: made by `make`, checked against `schema`. */
  sendJson<Schema extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: Schema,
    make: () => z.input<Schema> | Promise<z.input<Schema>>,
    keepUntil?: (value: z.output<Schema>) => number | null,
  ): Promise<FastifyReply>;
}

function keep(made: MadeAnswer): KeptAnswer {
  const { body } = made;
  const etag = weakTagOf(body);
  const compressed = body.byteLength >= COMPRESS_FROM_BYTES ? compressedForms(body) : undefined;
  return { body, headers: made.headers, etag, keepUntil: made.keepUntil ?? null, compressed };
}

/**
 * Public answers (the news list, one post, a folder's files, the events, the calendars) made once
 * per version of the content, with their tag and compressed forms, instead of a database read, a
 * serialisation, a hash and a compression on every request: the same bytes go out until
 * something changes, or until the answer's own `keepUntil`.
 */
export function createKeptAnswers(contentVersion: ContentVersion, clock: Clock): KeptAnswers {
  let version: number | undefined;
  let kept = new Map<string, KeptAnswer>();
  let keptBytes = 0;

  function drop(key: string, answer: KeptAnswer): void {
    kept.delete(key);
    keptBytes -= answer.body.byteLength;
  }

  function lookUp(key: string): KeptAnswer | undefined {
    const now = contentVersion.current();
    if (now !== version) {
      version = now;
      kept = new Map();
      keptBytes = 0;
      return undefined;
    }
    const answer = kept.get(key);
    if (answer === undefined) return undefined;
    drop(key, answer);
    if (answer.keepUntil !== null && clock() >= answer.keepUntil) return undefined;
    // Map keeps insertion order: a used answer moves to the end, the least used stays first.
    kept.set(key, answer);
    keptBytes += answer.body.byteLength;
    return answer;
  }

  function store(key: string, answer: KeptAnswer, madeFor: number): void {
    // Made while the content changed: sent this once, never kept for the new version.
    if (madeFor !== version) return;
    kept.set(key, answer);
    keptBytes += answer.body.byteLength;
    for (const [oldestKey, oldest] of kept) {
      if (kept.size <= MAX_KEPT_ANSWERS && keptBytes <= MAX_KEPT_BYTES) break;
      drop(oldestKey, oldest);
    }
  }

  async function send(request: FastifyRequest, reply: FastifyReply, key: string, type: string, make: () => MadeAnswer | Promise<MadeAnswer>) {
    let answer = lookUp(key);
    if (answer === undefined) {
      const madeFor = contentVersion.current();
      answer = keep(await make());
      store(key, answer, madeFor);
    }
    if (answer.headers !== undefined) void reply.headers(answer.headers);
    void reply.header('cache-control', CACHE_CONTROL.revalidate).header('etag', answer.etag).header('vary', 'accept-encoding').type(type);
    const encoding = answer.compressed === undefined ? undefined : preferredEncoding(request.headers['accept-encoding'], PAGE_ENCODINGS);
    if (answer.compressed === undefined || encoding === undefined) return reply.send(answer.body);
    // The compression plugin leaves an answer alone once it names its encoding.
    return reply.header('content-encoding', encoding).send(await answer.compressed(encoding));
  }

  return {
    send,
    sendJson(request, reply, key, schema, make, keepUntil) {
      return send(request, reply, key, 'application/json; charset=utf-8', async () => {
        const value = schema.parse(await make());
        return { body: Buffer.from(JSON.stringify(value)), keepUntil: keepUntil?.(value) ?? null };
      });
    },
  };
}
