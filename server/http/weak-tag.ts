import { createHash } from 'node:crypto';

/**
 * A weak tag of an answer's bytes, as @fastify/etag makes them (sha1, base64): weak, so the same
 * tag stands for the answer whatever encoding carries it.
 */
export function weakTagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64')}"`;
}
