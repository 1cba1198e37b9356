import { createHash } from 'node:crypto';

/**
 * A weak tag of a response's bytes, as @fastify/etag makes them (sha1, base64): weak, so the same
 * tag stands for the response whatever encoding carries it.
 */
export function weakTagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64')}"`;
}
