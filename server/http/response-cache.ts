import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock';
import type { ContentVersion } from '../content/content-version';
import { COMPRESS_FROM_BYTES, PAGE_ENCODINGS, compressedForms, type CompressedForms } from '../render/compressed-forms';
import { preferredEncoding } from './accept-encoding';
import { CACHE_CONTROL } from './cache-control';
import { createMemoryCache } from './memory-cache';
import { weakTagOf } from './weak-tag';

/** What a public response is made of, and until when it stays true if nothing changes. */
export interface MadeResponse {
  readonly body: Buffer;
  /** When the response stops being true by itself (an event finishes); null or absent: only a change ends it. */
  readonly expiresAt?: number | null;
  /** Headers of its own, sent with it each time (a download's file name). */
  readonly headers?: Readonly<Record<string, string>>;
}

interface CachedResponse {
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>> | undefined;
  readonly etag: string;
  /** Each compressed form, made the first time a client asks for it; none for a small response. */
  readonly compressed: CompressedForms | undefined;
}

export interface ResponseCache {
  /**
   * Sends the public response cached under `key` for the content as it is now, or makes it with
   * `make` and caches it until posts, files or details change (or its `expiresAt` passes).
   * Whatever `make` throws (a 404) is not cached. `type` is the response's content type.
   */
  send(request: FastifyRequest, reply: FastifyReply, key: string, type: string, make: () => MadeResponse | Promise<MadeResponse>): Promise<FastifyReply>;
  /** The same for a JSON response: made by `make`, checked against `schema`. */
  sendJson<Schema extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: Schema,
    make: () => z.input<Schema> | Promise<z.input<Schema>>,
    expiresAt?: (value: z.output<Schema>) => number | null,
  ): Promise<FastifyReply>;
}

/**
 * Public API responses (the news list, one post, a folder's files, the events, the calendars)
 * cached once per version of the content, with their tag and compressed forms, instead of a
 * database read, a serialisation, a hash and a compression on every request. The keys come from
 * visitors' addresses, hence the bounds.
 */
export function createResponseCache(contentVersion: ContentVersion, clock: Clock): ResponseCache {
  const cache = createMemoryCache<CachedResponse>({ maxEntries: 300, maxBytes: 4 * 1024 * 1024, now: clock });

  async function send(request: FastifyRequest, reply: FastifyReply, key: string, type: string, make: () => MadeResponse | Promise<MadeResponse>) {
    const generation = contentVersion.current();
    let response = cache.get(key, generation);
    if (response === undefined) {
      const { body, headers, expiresAt } = await make();
      response = { body, headers, etag: weakTagOf(body), compressed: body.byteLength >= COMPRESS_FROM_BYTES ? compressedForms(body) : undefined };
      // Made while the content changed: sent this once, never cached for the new version.
      cache.set(key, response, generation, { size: body.byteLength, until: expiresAt });
    }
    if (response.headers !== undefined) void reply.headers(response.headers);
    void reply.header('cache-control', CACHE_CONTROL.revalidate).header('etag', response.etag).header('vary', 'accept-encoding').type(type);
    const encoding = response.compressed === undefined ? undefined : preferredEncoding(request.headers['accept-encoding'], PAGE_ENCODINGS);
    if (response.compressed === undefined || encoding === undefined) return reply.send(response.body);
    // The compression plugin leaves a response alone once it names its encoding.
    return reply.header('content-encoding', encoding).send(await response.compressed(encoding));
  }

  return {
    send,
    sendJson(request, reply, key, schema, make, expiresAt) {
      return send(request, reply, key, 'application/json; charset=utf-8', async () => {
        const value = schema.parse(await make());
        return { body: Buffer.from(JSON.stringify(value)), expiresAt: expiresAt?.(value) ?? null };
      });
    },
  };
}
