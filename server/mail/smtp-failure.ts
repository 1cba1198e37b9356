/** The longest wait between two attempts at one message, and the longest a send loop sleeps. */
export const MAX_RETRY_WAIT_MS = 60 * 60 * 1000;

/** Wait before attempt `attempts + 1`: `retryMs`, doubling after each failure, at most an hour. */
export function retryWaitMs(retryMs: number, attempts: number): number {
  return Math.min(MAX_RETRY_WAIT_MS, retryMs * 2 ** Math.max(0, attempts - 1));
}

/** The mail server's words for a failure, short enough to keep with the message. */
export function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 500);
  return String(error).slice(0, 500);
}

/**
 * A 5xx reply is a refusal that retrying will not change. Anything else (a 4xx reply, a
 * refused or dropped connection, a timeout) is temporary.
 */
export function isPermanent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return false;
  const code = Number(error.responseCode);
  return code >= 500 && code < 600;
}
