import type { FastifyRequest } from 'fastify';
import { SUBMISSION_KEY_HEADER } from '../../contract/wire';

/** The same text from the same sender (or the same new post) within this long is one submission sent twice. */
export const REPEAT_WINDOW_MS = 60 * 1000;

/** What became of a visitor's submission (a contact message, a membership application). */
export type IntakeOutcome =
  | { readonly kind: 'stored'; readonly id: number }
  /** The same submission arrived before (the same key, or the same sender and text within REPEAT_WINDOW_MS): the first one stands, and nothing more is kept or sent. */
  | { readonly kind: 'repeated'; readonly id: number }
  /** The hidden trap field was filled: a robot, told all is well, and nothing is kept. */
  | { readonly kind: 'dropped-robot' };

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
