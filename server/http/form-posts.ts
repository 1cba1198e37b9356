/*
 * Forms posted without script, Post/Redirect/Get: the parser for their bodies, the redirect
 * after each post, and what a refusal keeps for the page the browser is sent back to.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CoreError } from '../../src-core/domain/core-error';
import { STATUS_FOR_KIND } from './error-handler';
import type { FormRefusal } from './posted-form-outcomes';

/** Form bodies are parsed only in the scope of the routes that take them, so the JSON API never accepts them. */
export function acceptFormBodies(scope: Pick<FastifyInstance, 'addContentTypeParser'>): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/** 303 to the page that shows the outcome, never stored: a reload of it shows the outcome again instead of posting again. */
export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('location', location).header('cache-control', 'no-store').send();
}

/** What a refused form keeps for the page it goes back to: the refusal, and every value typed but the trap field's. */
export function refusalOf(error: CoreError, form: Readonly<Record<string, string | undefined>>): FormRefusal {
  const { website: _honeypot, ...values } = form;
  return {
    status: STATUS_FOR_KIND[error.kind],
    message: error.message,
    fieldErrors: { ...(error.fieldErrors ?? {}) },
    values: Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    retryAfterSeconds: error.retryAfterSeconds,
  };
}
