import { API_PATHS, contactMessagesSchema, contactRequestSchema } from '../../contract/wire';
import { submissionKeyOf } from '../http/submission-key';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireAdministrator } from '../plugins/auth.plugin';

const INBOX_LIMIT = 500;

export async function contactRoutes(app: ApiInstance): Promise<void> {
  app.post(
    API_PATHS.contact,
    { schema: { body: contactRequestSchema, response: { 202: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await app.contactIntake.accept(request.body, request.ip, submissionKeyOf(request));
      if (outcome.kind === 'dropped-robot') {
        request.log.info({ event: 'contact-honeypot' }, 'A contact message filled the honeypot; dropped');
      } else if (outcome.kind === 'repeated') {
        request.log.info({ event: 'contact-repeat', contactMessage: outcome.id }, 'A contact message arrived again; kept once');
      } else {
        request.log.info({ event: 'contact-received', contactMessage: outcome.id }, 'Contact message stored');
      }
      return reply.code(202).send(undefined);
    },
  );

  app.get(
    API_PATHS.contactMessages,
    { onRequest: requireAdministrator, schema: { response: { 200: contactMessagesSchema, ...errorResponses } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const messages = app.contactMessages.list(INBOX_LIMIT);
      // Reading visitors' messages is itself worth a line in the trail: who looked, and when.
      await app.audit.record(request, 'messages-read', `${messages.length} messages`);
      return { messages };
    },
  );
}
