import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '../http/accept-encoding';
import { PAGE_ENCODINGS } from './compressed-forms';
import type { PageAnswer } from './page-cache';

/**
 * Sends a page. A kept page goes out in the compressed form the client prefers, made once for
 * every request after; anything else (a fresh answer, or an encoding not kept) goes through
 * the compression plugin as any other answer does. Either way the bytes depend on
 * Accept-Encoding, and on the reader's display-settings cookie, which `vary` tells caches on the way.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PageAnswer,
  { cacheControl = 'no-cache' }: { readonly cacheControl?: string } = {},
): Promise<FastifyReply> {
  void reply.code(answer.status).header('cache-control', cacheControl).header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
  if (!answer.kept) return reply.send(answer.html);
  const encoding = preferredEncoding(request.headers['accept-encoding'], PAGE_ENCODINGS);
  if (encoding === undefined) return reply.send(answer.body);
  const compressed = await answer.compressed(encoding);
  // The plugin leaves an answer alone once it names its encoding.
  return reply.header('content-encoding', encoding).send(compressed);
}
