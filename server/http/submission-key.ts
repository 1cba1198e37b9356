import type { FastifyRequest } from 'fastify';
import { SUBMISSION_KEY_HEADER } from '../../contract/wire';

/** The same text from the same sender (or the same new post) within this long is one submission sent twice. */
export const REPEAT_WINDOW_MS = 60 * 1000;

const KEY_FORMAT = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The key the browser made for this submission, when it sent a usable one. A malformed key is
 * ignored rather than refused: the submission itself is still good, and the repeat check by
 * content still applies.
 */
export function submissionKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[SUBMISSION_KEY_HEADER];
  return typeof value === 'string' && KEY_FORMAT.test(value) ? value : undefined;
}
