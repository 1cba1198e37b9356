import { createHash } from 'node:crypto';
import { CoreError } from '../../src-core/domain/core-error';

/** The window the public forms' limits count in: the contact form and the subscription form. */
export const HOURLY_WINDOW_MS = 60 * 60 * 1000;

export interface RecentRequests {
  readonly count: number;
  readonly oldest: number | undefined;
}

/**
 * A key for a network address (or any value a limit counts by) that recognises it without
 * keeping it: the limits need to know "the same again", never who it was.
 */
export function limitKey(purpose: string, value: string): string {
  return createHash('sha256').update(`${purpose}:${value}`).digest('hex');
}

/** Refuses when `recent` has reached `limit`, saying how long until the oldest of them leaves the hour. */
export function refuseOverLimit(recent: RecentRequests, limit: number, message: string, now: number): void {
  if (recent.count < limit || recent.oldest === undefined) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((recent.oldest + HOURLY_WINDOW_MS - now) / 1000));
  throw new CoreError('too-many-requests', message, { retryAfterSeconds });
}
