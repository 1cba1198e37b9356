/**
 * The core's own failure vocabulary. Every adapter turns whatever its backend throws
 * (HTTP statuses, SDK error codes) into one of these, so screens and machines only ever
 * reason about these kinds and show texts a volunteer understands.
 */
export type CoreErrorKind =
  | 'not-found'
  | 'not-authorised'
  | 'invalid-input'
  | 'conflict'
  | 'too-many-requests'
  | 'unavailable'
  | 'canceled';

export interface CoreErrorDetails {
  /** For 'too-many-requests': how long until a retry may succeed. */
  readonly retryAfterSeconds?: number;
  /** For 'invalid-input': a message per field name, where the backend said which field. */
  readonly fieldErrors?: Readonly<Record<string, string>>;
  /** The backend's own error, kept for the log. */
  readonly cause?: unknown;
}

export class CoreError extends Error {
  override readonly name = 'CoreError';
  readonly kind: CoreErrorKind;
  readonly retryAfterSeconds: number | undefined;
  readonly fieldErrors: Readonly<Record<string, string>> | undefined;

  constructor(kind: CoreErrorKind, message: string, details: CoreErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.fieldErrors = details.fieldErrors;
  }
}

export function isCoreError(value: unknown, kind?: CoreErrorKind): value is CoreError {
  return value instanceof CoreError && (kind === undefined || value.kind === kind);
}

/** Turns anything thrown into a CoreError; an unknown failure counts as 'unavailable'. */
export function toCoreError(value: unknown, fallbackMessage = 'The service is not available right now. Please try again.'): CoreError {
  if (isCoreError(value)) return value;
  return new CoreError('unavailable', fallbackMessage, { cause: value });
}
