import { createHash } from 'node:crypto';
import { API_MESSAGES } from '../../adapters/http/api-messages';
import { API_PATHS, contactMessagesSchema, contactRequestSchema } from '../../adapters/http/wire';
import { normaliseEmail } from '../../src-core/domain/administrator';
import { hasErrors, validateContact } from '../../src-core/domain/validation';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError, invalidInput } from '../http/api-error';
import { REPEAT_WINDOW_MS, submissionKeyOf } from '../http/submission-key';
import { isPlainMailbox } from '../mail/contact-mail';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireAdministrator } from '../plugins/auth.plugin';

export const CONTACT_WINDOW_MS = 60 * 60 * 1000;
export const MAX_MESSAGES_PER_WINDOW = 5;
const INBOX_LIMIT = 500;

// The per-address limit needs to recognise an address, not to keep it.
function senderKey(address: string): string {
  return createHash('sha256').update(`contact:${address}`).digest('hex');
}

export async function contactRoutes(app: ApiInstance): Promise<void> {
  app.post(
    API_PATHS.contact,
    { schema: { body: contactRequestSchema, response: { 202: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const { body } = request;
      const errors = validateContact(body);
      if (hasErrors(errors)) throw invalidInput(errors, API_MESSAGES.invalidRequest);
      const email = body.email.trim();
      if (!isPlainMailbox(email)) {
        throw invalidInput({ email: 'Please enter a valid e-mail address, like name@example.org.' }, API_MESSAGES.invalidRequest);
      }
      // Robots fill the field people never see; they are told all is well and nothing is kept.
      if ((body.website ?? '').trim() !== '') {
        request.log.info({ event: 'contact-honeypot' }, 'A contact message filled the honeypot; dropped');
        return reply.code(202).send(undefined);
      }

      const now = app.clock();
      const key = { emailKey: normaliseEmail(email), senderKey: senderKey(request.ip) };
      const message = { name: body.name.trim(), email, message: body.message.replace(/\r\n?/g, '\n').trim(), ...key };
      const repeat = { submissionKey: submissionKeyOf(request), since: now - REPEAT_WINDOW_MS };
      // A repeat is told all is well, as the first was, before any limit could refuse it.
      if (app.contactMessages.findRepeat(message, repeat) !== undefined) {
        request.log.info({ event: 'contact-repeat' }, 'A contact message arrived again; kept once');
        return reply.code(202).send(undefined);
      }
      const recent = app.contactMessages.recent(key.emailKey, key.senderKey, now - CONTACT_WINDOW_MS);
      if (recent.count >= MAX_MESSAGES_PER_WINDOW && recent.oldest !== undefined) {
        const retryAfterSeconds = Math.max(1, Math.ceil((recent.oldest + CONTACT_WINDOW_MS - now) / 1000));
        throw apiError(429, 'too-many-requests', API_MESSAGES.tooManyMessages, { retryAfterSeconds });
      }

      const stored = await retryWhenBusy(() =>
        app.contactMessages.addOnce(message, now, app.contactDelivery === undefined ? undefined : now, repeat),
      );
      if (stored.repeated) {
        request.log.info({ event: 'contact-repeat', contactMessage: stored.id }, 'A contact message arrived again; kept once');
        return reply.code(202).send(undefined);
      }
      request.log.info({ event: 'contact-received', contactMessage: stored.id }, 'Contact message stored');
      app.contactDelivery?.kick();
      return reply.code(202).send(undefined);
    },
  );

  app.get(
    API_PATHS.contactMessages,
    { onRequest: requireAdministrator, schema: { response: { 200: contactMessagesSchema, ...errorResponses } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { messages: app.contactMessages.list(INBOX_LIMIT) };
    },
  );
}
