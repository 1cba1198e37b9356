import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '../http/accept-encoding';
import { COMPRESS_FROM_BYTES, PAGE_ENCODINGS, compressedOnce } from './compressed-forms';
import type { PageAnswer } from './page-cache';

/**
 * Sends a page in the compressed form the client prefers: a kept page's form is made once for
 * every request after; a fresh answer is compressed for this request alone. Either way the bytes
 * depend on Accept-Encoding, and on the reader's display-settings cookie, which `vary` tells
 * caches on the way.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PageAnswer,
  { cacheControl = 'no-cache' }: { readonly cacheControl?: string } = {},
): Promise<FastifyReply> {
  void reply.code(answer.status).header('cache-control', cacheControl).header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
  const body = answer.kept ? answer.body : Buffer.from(answer.html);
  const encoding = body.byteLength < COMPRESS_FROM_BYTES ? undefined : preferredEncoding(request.headers['accept-encoding'], PAGE_ENCODINGS);
  if (encoding === undefined) return reply.send(body);
  const compressed = answer.kept ? await answer.compressed(encoding) : await compressedOnce(body, encoding);
  // The compression plugin leaves an answer alone once it names its encoding.
  return reply.header('content-encoding', encoding).send(compressed);
}
