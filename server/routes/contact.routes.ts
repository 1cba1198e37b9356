import { API_MESSAGES } from '../../contract/api-messages';
import {
  API_PATHS,
  contactMessageChangeSchema,
  contactMessageParamsSchema,
  contactMessagesSchema,
  contactRequestSchema,
  receivedContactMessageSchema,
} from '../../contract/wire';
import { recordAdminAction } from '../audit/admin-actions';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError } from '../http/api-error';
import { submissionKeyOf } from '../http/submission-key';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireArea } from '../plugins/auth.plugin';

const INBOX_LIMIT = 500;

function messageNotFound() {
  return apiError(404, 'not-found', API_MESSAGES.messageNotFound);
}

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
    { onRequest: requireArea('site'), schema: { response: { 200: contactMessagesSchema, ...errorResponses } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      // Merely looking is not recorded (the admin area's navigation counts new messages on every
      // page); what an administrator does to a message is (recordAdminAction).
      const messages = app.contactMessages.list(INBOX_LIMIT);
      return { messages, emailSetUp: app.contactDelivery !== undefined };
    },
  );

  // Acting on one message. Each response comes once the change is stored, and is recorded by who
  // did it and to which message (its number, never its text).

  app.patch(
    API_PATHS.contactMessage,
    {
      onRequest: requireArea('site'),
      schema: { params: contactMessageParamsSchema, body: contactMessageChangeSchema, response: { 200: receivedContactMessageSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { handled } = request.body;
      const message = await retryWhenBusy(() => app.contactMessages.markHandled(request.params.id, handled, app.clock()));
      if (message === undefined) throw messageNotFound();
      await recordAdminAction(request, handled ? 'message-handled' : 'message-marked-new', `message ${message.id}`);
      void reply.header('cache-control', 'no-store');
      return message;
    },
  );

  app.delete(
    API_PATHS.contactMessage,
    { onRequest: requireArea('site'), schema: { params: contactMessageParamsSchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      if (!(await retryWhenBusy(() => app.contactMessages.remove(request.params.id)))) throw messageNotFound();
      await recordAdminAction(request, 'message-deleted', `message ${request.params.id}`);
      return reply.code(204).send(undefined);
    },
  );

  app.post(
    API_PATHS.contactMessageSend,
    {
      onRequest: requireArea('site'),
      schema: { params: contactMessageParamsSchema, response: { 200: receivedContactMessageSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const delivery = app.contactDelivery;
      if (delivery === undefined) throw apiError(409, 'conflict', API_MESSAGES.emailNotSetUp);
      const outcome = await retryWhenBusy(() => app.contactMessages.sendAgain(request.params.id, app.clock()));
      if (outcome === 'not-found') throw messageNotFound();
      if (outcome === 'not-waiting-or-failed') throw apiError(409, 'conflict', API_MESSAGES.alreadySent);
      await recordAdminAction(request, 'message-sent-again', `message ${outcome.message.id}`);
      delivery.kick();
      void reply.header('cache-control', 'no-store');
      return outcome.message;
    },
  );
}
