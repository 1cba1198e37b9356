/**
 * The core's own failure vocabulary. Every adapter turns whatever its backend throws
 * (HTTP statuses, SDK error codes) into one of these, so screens and machines only ever
 * reason about these kinds and show texts a volunteer understands.
 */
export const CORE_ERROR_KINDS = ['not-found', 'not-authorised', 'invalid-input', 'conflict', 'too-many-requests', 'unavailable', 'canceled'] as const;

export type CoreErrorKind = (typeof CORE_ERROR_KINDS)[number];

export function isCoreErrorKind(value: unknown): value is CoreErrorKind {
  return typeof value === 'string' && (CORE_ERROR_KINDS as readonly string[]).includes(value);
}

export interface CoreErrorDetails {
  /** For 'too-many-requests': how long until a retry may succeed. */
  readonly retryAfterSeconds?: number;
  /** For 'invalid-input': a message per field name, where the backend said which field. */
  readonly fieldErrors?: Readonly<Record<string, string>>;
  /** The backend's own error, kept for the log. */
  readonly cause?: unknown;
}

/**
 * Marks every CoreError, whichever copy of this module made it. The server runs two copies of
 * the core (its own, and the one inside the rendering bundle), and `instanceof` only knows one;
 * `Symbol.for` gives both copies the same key.
 */
const CORE_ERROR_BRAND = Symbol.for('rnai.core-error');

export class CoreError extends Error {
  override readonly name = 'CoreError';
  readonly [CORE_ERROR_BRAND] = true;
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

/** True for a CoreError from any copy of the core (see CORE_ERROR_BRAND), of the given kind if one is named. */
export function isCoreError(value: unknown, kind?: CoreErrorKind): value is CoreError {
  if (typeof value !== 'object' || value === null || (value as { [CORE_ERROR_BRAND]?: unknown })[CORE_ERROR_BRAND] !== true) return false;
  return kind === undefined || (value as CoreError).kind === kind;
}

/** Turns anything thrown into a CoreError; an unknown failure counts as 'unavailable'. */
export function toCoreError(value: unknown, fallbackMessage = 'The service is not available right now. Please try again.'): CoreError {
  if (isCoreError(value)) return value;
  return new CoreError('unavailable', fallbackMessage, { cause: value });
}
