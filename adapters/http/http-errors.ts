import { CoreError, isCoreError } from '../../src-core/domain/core-error';
import { errorBodySchema } from '../../contract/wire';

export const UNAVAILABLE_MESSAGE = 'The website cannot be reached right now. Please check your connection and try again.';
export const CANCELED_MESSAGE = 'The request was cancelled.';

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'Something in the request was not accepted. Please check it and try again.',
  401: 'Please sign in to do this.',
  403: 'Your account may not do this.',
  404: 'This could not be found.',
  409: 'Something with this name already exists.',
  413: 'This is larger than the website accepts.',
  429: 'Too many attempts. Please wait a little and try again.',
};

function retryAfterFrom(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function kindForStatus(status: number): CoreError['kind'] {
  if (status === 404) return 'not-found';
  if (status === 401 || status === 403) return 'not-authorised';
  if (status === 409) return 'conflict';
  if (status === 429) return 'too-many-requests';
  if (status === 400 || status === 413 || status === 422) return 'invalid-input';
  return 'unavailable';
}

/**
 * Turns an unsuccessful response into the core's error. The server's error body is trusted
 * when it parses; a proxy's HTML error page or an empty body falls back to the status.
 */
export function coreErrorFromResponse(status: number, headers: Headers, body: unknown): CoreError {
  const parsed = errorBodySchema.safeParse(body);
  const retryAfterSeconds = retryAfterFrom(headers);
  if (parsed.success) {
    const { kind, message, fieldErrors } = parsed.data.error;
    return new CoreError(kind, message, {
      fieldErrors,
      retryAfterSeconds: parsed.data.error.retryAfterSeconds ?? retryAfterSeconds,
      cause: { status },
    });
  }
  return new CoreError(kindForStatus(status), FALLBACK_MESSAGES[status] ?? UNAVAILABLE_MESSAGE, {
    retryAfterSeconds,
    cause: { status, body },
  });
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/** A failure before any response: an abort is 'canceled', anything else 'unavailable'. */
export function coreErrorFromNetworkFailure(error: unknown): CoreError {
  if (isCoreError(error)) return error;
  if (isAbortError(error)) return new CoreError('canceled', CANCELED_MESSAGE, { cause: error });
  return new CoreError('unavailable', UNAVAILABLE_MESSAGE, { cause: error });
}
