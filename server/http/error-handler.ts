import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_MESSAGES } from '../../contract/api-messages';
import { errorBody, type WireErrorKind } from '../../contract/wire';
import { isCoreError, type CoreErrorKind } from '../../src-core/domain/core-error';
import { storageFaultOf } from '../db/storage-fault';
import { isApiError, type ApiError } from './api-error';
import { CACHE_CONTROL } from './cache-control';
import { storageFaultResponse } from './storage-fault-response';

function kindForStatus(status: number): WireErrorKind {
  if (status === 404) return 'not-found';
  if (status === 401 || status === 403) return 'not-authorised';
  if (status === 409) return 'conflict';
  if (status === 429) return 'too-many-requests';
  if (status >= 500) return 'unavailable';
  return 'invalid-input';
}

function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.');
    if (field !== '' && fields[field] === undefined) fields[field] = issue.message;
  }
  return fields;
}

function sendApiError(error: ApiError, reply: FastifyReply): void {
  const retry = error.body.error.retryAfterSeconds;
  if (retry !== undefined) void reply.header('retry-after', String(retry));
  void reply.code(error.statusCode).send(error.body);
}

/**
 * The status a refusal from the server's own services (a CoreError) travels with. 'not-authorised'
 * is 403 here: a service refuses what a request may not do; a missing session is the auth
 * hook's 401. 'canceled' only ever happens to the server itself, so it counts as unavailable.
 */
export const STATUS_FOR_KIND: Readonly<Record<CoreErrorKind, number>> = {
  'invalid-input': 400,
  'not-authorised': 403,
  'not-found': 404,
  conflict: 409,
  'too-many-requests': 429,
  unavailable: 503,
  canceled: 503,
};

function wireKindOf(kind: CoreErrorKind): WireErrorKind {
  return kind === 'canceled' ? 'unavailable' : kind;
}

/**
 * Every failure leaves as the wire's error body; nothing internal reaches the client. No cache
 * keeps it, whatever the route had said about its response before it failed: a cached 404 or 503
 * would go on hiding the page once it is back.
 */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('cache-control', CACHE_CONTROL.never);
  if (isApiError(error)) {
    sendApiError(error, reply);
    return;
  }
  // The server's own storage failed: not the sender's fault, and worth an administrator's look.
  const fault = storageFaultOf(error);
  if (fault !== undefined) {
    request.log.error({ err: error, fault }, 'request failed: the server could not store or read its data');
    sendApiError(storageFaultResponse(fault), reply);
    return;
  }
  if (isCoreError(error)) {
    const { kind, message, fieldErrors, retryAfterSeconds } = error;
    if (retryAfterSeconds !== undefined) void reply.header('retry-after', String(retryAfterSeconds));
    const details = { ...(fieldErrors === undefined ? {} : { fieldErrors: { ...fieldErrors } }), ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
    void reply.code(STATUS_FOR_KIND[kind]).send(errorBody(wireKindOf(kind), message, details));
    return;
  }
  if (error instanceof z.ZodError) {
    void reply.code(400).send(errorBody('invalid-input', API_MESSAGES.invalidRequest, { fieldErrors: fieldErrorsOf(error) }));
    return;
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    void reply.code(status === 503 ? 503 : 500).send(errorBody('unavailable', API_MESSAGES.unavailable));
    return;
  }
  void reply.code(status).send(errorBody(kindForStatus(status), API_MESSAGES.invalidRequest));
}
