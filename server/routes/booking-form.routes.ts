import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { BOOKING_FORM_ANCHOR, BOOKING_PAGES, bookingPagePath } from '../../contract/bookings';
import { isCoreError, type CoreError } from '../../src-core/domain/core-error';
import { eventPath } from '../../src-core/domain/event-listing';
import { createBookingFormOutcomes, type BookingFormOutcomes } from '../bookings/booking-form-outcomes';
import { handleError } from '../http/error-handler';
import { acceptFormBodies, refusalOf, seeOther } from '../http/form-posts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Booking and cancel forms posted without script, for the pages they lead to (`?outcome=`). */
    bookingFormOutcomes: BookingFormOutcomes;
  }
}

/** What the event page's booking form posts where script has not run; the service checks the values. */
const bookingFormSchema = z.object({
  name: z.string().max(1_000).optional(),
  email: z.string().max(1_000).optional(),
  phone: z.string().max(100).optional(),
  places: z.string().max(20).optional(),
  answer: z.string().max(5_000).optional(),
  website: z.string().max(10_000).optional(),
});
type BookingForm = z.infer<typeof bookingFormSchema>;
const cancelFormSchema = z.object({ token: z.string().max(200).optional() });
const eventParamsSchema = z.object({ event: z.string().min(1).max(2_000) });

/** A number of places as typed; anything else is 0, which the rules refuse with the range. */
function placesOf(text: string | undefined): number {
  return /^\s*[0-9]{1,5}\s*$/.test(text ?? '') ? Number(text) : 0;
}

/**
 * The booking form and the cancel page's button, posted without script (Post/Redirect/Get): an
 * accepted booking sends the browser to its confirmation page, a refused one back to the event
 * page's form with `?outcome=`, whose token names the messages and every value typed; a cancel
 * leads to the page saying what was cancelled. A reload sends nothing again.
 */
export const bookingFormRoutes = fp(
  async (app: FastifyInstance): Promise<void> => {
    const outcomes = createBookingFormOutcomes(app.clock);
    app.decorate('bookingFormOutcomes', outcomes);

    await app.register(async (scope) => {
      acceptFormBodies(scope);

      function sendBack(request: FastifyRequest, reply: FastifyReply, eventId: string, form: BookingForm, error: CoreError): FastifyReply {
        const token = outcomes.refused.keep({ eventId, ...refusalOf(error, form) });
        request.log.info({ event: 'booking-form-post', outcome: error.kind }, 'Booking form posted without script was refused');
        if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
        return seeOther(reply, `${eventPath(eventId)}?outcome=${token}#${BOOKING_FORM_ANCHOR}`);
      }

      scope.post(BOOKING_PAGES.book, { schema: { params: eventParamsSchema, body: bookingFormSchema } }, async (request, reply) => {
        const { event } = eventParamsSchema.parse(request.params);
        const form = bookingFormSchema.parse(request.body);
        let token: string;
        try {
          const outcome = await app.bookingsService.book(
            event,
            { name: form.name ?? '', email: form.email ?? '', phone: form.phone ?? '', places: placesOf(form.places), answer: form.answer ?? '', website: form.website },
            request.ip,
          );
          if (outcome.id !== undefined) await app.audit.record(request, 'booking-received', `booking ${outcome.id}`, null);
          token = outcomes.booked.keep(outcome.confirmation);
        } catch (error) {
          if (!isCoreError(error)) throw error;
          return sendBack(request, reply, event, form, error);
        }
        request.log.info({ event: 'booking-form-post', outcome: 'booked' }, 'Booking form posted without script');
        return seeOther(reply, `${bookingPagePath('booked', event)}?outcome=${token}`);
      });

      scope.post(BOOKING_PAGES.cancel, { schema: { body: cancelFormSchema } }, async (request, reply) => {
        const { token } = cancelFormSchema.parse(request.body);
        let kept: string;
        try {
          const outcome = await app.bookingsService.cancelByToken(token ?? '');
          if (outcome.changed) await app.audit.record(request, 'booking-cancelled-by-person', `booking ${outcome.id}`, null);
          kept = outcomes.cancelled.keep({ booking: outcome.booking });
        } catch (error) {
          if (!isCoreError(error)) throw error;
          kept = outcomes.cancelled.keep({ message: error.message });
        }
        return seeOther(reply, `${BOOKING_PAGES.cancelled}?outcome=${kept}`);
      });

      // A refusal before the form was handled (the cross-site guard) is shown on the page it came from too.
      scope.setErrorHandler((error: Error, request, reply) => {
        const params = eventParamsSchema.safeParse(request.params);
        const form = bookingFormSchema.safeParse(request.body);
        if (!isCoreError(error) || !params.success || !form.success) return handleError(error, request, reply);
        return sendBack(request, reply, params.data.event, form.data, error);
      });
    });
  },
  { name: 'booking-form', dependencies: ['bookings'] },
);
