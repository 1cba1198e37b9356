import type { FastifyInstance } from 'fastify';
import { coreErrorFromResponse } from '../../adapters/http/http-errors';
import { API_PATHS, SUBMISSION_KEY_HEADER } from '../../adapters/http/wire';
import type { ContactMessage, MailPort } from '../../src-core/ports/mail.port';

function honeypotOf(message: ContactMessage): string | undefined {
  const website: unknown = (message as { website?: unknown }).website;
  return typeof website === 'string' ? website : undefined;
}

function headersOf(raw: Record<string, unknown>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'string' || typeof value === 'number') headers.set(name, String(value));
  }
  return headers;
}

/**
 * The mail port for a contact form posted without script: the message goes, inside this
 * process, through the very route the API answers (its validation, per-sender limits, storage
 * and delivery), as from the visitor's own address. The caller has already refused posts
 * from other sites' pages.
 */
export function contactHandover(app: FastifyInstance, visitorIp: string, submissionKey: string | undefined): MailPort {
  return {
    async sendContactMessage(message) {
      const website = honeypotOf(message);
      const response = await app.inject({
        method: 'POST',
        url: API_PATHS.contact,
        remoteAddress: visitorIp,
        headers: { 'content-type': 'application/json', ...(submissionKey === undefined ? {} : { [SUBMISSION_KEY_HEADER]: submissionKey }) },
        payload: JSON.stringify({
          name: message.name,
          email: message.email,
          message: message.message,
          ...(website === undefined ? {} : { website }),
        }),
      });
      if (response.statusCode >= 200 && response.statusCode < 300) return;
      let body: unknown;
      try {
        body = response.json();
      } catch {
        body = response.body;
      }
      throw coreErrorFromResponse(response.statusCode, headersOf(response.headers), body);
    },
  };
}
