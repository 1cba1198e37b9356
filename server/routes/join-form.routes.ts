import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { JOIN_PAGES } from '../../contract/membership';
import { isCoreError, type CoreError } from '../../src-core/domain/core-error';
import { handleError } from '../http/error-handler';
import { acceptFormBodies, refusalOf, seeOther } from '../http/form-posts';
import { createJoinFormOutcomes, type JoinFormOutcomes } from '../membership/join-form-outcomes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Refused join forms posted without script, for the join page to show with their values (`?outcome=`). */
    joinFormOutcomes: JoinFormOutcomes;
  }
}

/** What the join page's form posts where script has not run; the intake checks the values. */
const joinFormSchema = z.object({
  name: z.string().max(200).optional(),
  address: z.string().max(1_000).optional(),
  eircode: z.string().max(20).optional(),
  phone: z.string().max(40).optional(),
  email: z.string().max(1_000).optional(),
  background: z.string().max(5_000).optional(),
  nmbiPin: z.string().max(20).optional(),
  branch: z.string().max(30).optional(),
  /** A ticked checkbox is sent (with any value); an unticked one is not sent at all. */
  newsletter: z.string().max(20).optional(),
  consent: z.string().max(20).optional(),
  website: z.string().max(10_000).optional(),
});
type JoinForm = z.infer<typeof joinFormSchema>;

/**
 * The join form posted without script (Post/Redirect/Get): an accepted application sends the
 * browser to the thanks page, a refused one back to the form with `?outcome=`, whose token names
 * the messages and every value typed (app.joinFormOutcomes). A reload sends nothing again.
 */
export const joinFormRoutes = fp(async (app: FastifyInstance): Promise<void> => {
  const outcomes = createJoinFormOutcomes(app.clock);
  app.decorate('joinFormOutcomes', outcomes);

  await app.register(async (scope) => {
    acceptFormBodies(scope);

    function sendBack(request: FastifyRequest, reply: FastifyReply, form: JoinForm, error: CoreError): FastifyReply {
      const token = outcomes.keep(refusalOf(error, form));
      request.log.info({ event: 'join-form-post', outcome: error.kind }, 'Join form posted without script was refused');
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      return seeOther(reply, `${JOIN_PAGES.form}?outcome=${token}`);
    }

    scope.post(JOIN_PAGES.form, { schema: { body: joinFormSchema } }, async (request, reply) => {
      const form = joinFormSchema.parse(request.body);
      try {
        const outcome = await app.applicationIntake.accept(
          {
            name: form.name ?? '',
            address: form.address ?? '',
            eircode: form.eircode,
            phone: form.phone,
            email: form.email,
            background: form.background ?? '',
            nmbiPin: form.nmbiPin,
            branch: form.branch ?? '',
            newsletter: form.newsletter !== undefined,
            consent: form.consent !== undefined,
            website: form.website,
          },
          request.ip,
        );
        if (outcome.kind === 'stored') await app.audit.record(request, 'application-received', `application ${outcome.id}`, null);
      } catch (error) {
        if (!isCoreError(error)) throw error;
        return sendBack(request, reply, form, error);
      }
      request.log.info({ event: 'join-form-post', outcome: 'sent' }, 'Join form posted without script');
      return seeOther(reply, JOIN_PAGES.thanks);
    });

    // A refusal before the form was handled (the cross-site guard) is shown on the join page too.
    scope.setErrorHandler((error: Error, request, reply) => {
      const form = joinFormSchema.safeParse(request.body);
      if (!isCoreError(error) || !form.success) return handleError(error, request, reply);
      return sendBack(request, reply, form.data, error);
    });
  });
}, { name: 'join-form', dependencies: ['membership'] });
