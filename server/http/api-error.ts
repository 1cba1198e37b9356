import { errorBody, type ErrorBody, type WireErrorKind } from '../../contract/wire';

/** A refusal a route throws; the error handler sends it with its status and body as they are. */
export interface ApiError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;
}

const API_ERROR = Symbol('api-error');

export function apiError(
  statusCode: number,
  kind: WireErrorKind,
  message: string,
  details: { fieldErrors?: Record<string, string>; retryAfterSeconds?: number } = {},
): ApiError {
  return Object.assign(new Error(message), { statusCode, body: errorBody(kind, message, details), [API_ERROR]: true });
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof Error && API_ERROR in value;
}

/** Field errors from the core's validators, with the first one as the message. */
export function invalidInput(fieldErrors: Readonly<Record<string, string | undefined>>, fallback: string): ApiError {
  const present = Object.fromEntries(
    Object.entries(fieldErrors).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return apiError(400, 'invalid-input', Object.values(present)[0] ?? fallback, { fieldErrors: present });
}
