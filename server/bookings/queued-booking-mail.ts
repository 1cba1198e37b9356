import type { FastifyInstance } from 'fastify';
import type Mail from 'nodemailer/lib/mailer';
import { eventPath } from '../../src-core/domain/event-listing';
import { SITE_TITLE } from '../../src-core/domain/navigation';
import { bookingMail } from '../mail/booking-mail';
import { BOOKING_MAIL_KINDS, type BookingMailKind, type ClaimedMail } from '../repositories/mail-queue.repository';

export function isBookingMail(mail: ClaimedMail): mail is ClaimedMail & { readonly kind: BookingMailKind } {
  return (BOOKING_MAIL_KINDS as readonly string[]).includes(mail.kind);
}

/** What a confirmation's row keeps until it is sent: the cancel link's token and the booking's state when made. */
function confirmationPayload(payload: string | undefined): { token: string; status: 'booked' | 'waiting' } | undefined {
  try {
    const value = JSON.parse(payload ?? '') as { token?: unknown; status?: unknown };
    if (typeof value.token !== 'string' || (value.status !== 'booked' && value.status !== 'waiting')) return undefined;
    return { token: value.token, status: value.status };
  } catch {
    return undefined;
  }
}

/**
 * The message for a queued booking mail, made when it is sent from what is stored then.
 * Undefined when it should not go any more: its booking has gone (erased, or deleted after the
 * event), or a reminder or promotion whose booking was cancelled meanwhile.
 */
export async function queuedBookingMail(
  app: FastifyInstance,
  mail: ClaimedMail & { readonly kind: BookingMailKind },
  from: string,
  origin: string,
  messageId: string,
): Promise<Mail.Options | undefined> {
  if (!app.hasDecorator('bookingsService') || mail.bookingId === undefined) return undefined;
  const context = await app.bookingsService.mailContext(mail.bookingId);
  if (context === undefined) return undefined;
  const { row, event, settings } = context;
  if ((mail.kind === 'booking-reminder' || mail.kind === 'booking-promoted') && (row.status !== 'booked' || settings?.cancelled_at !== null)) return undefined;
  const confirmation = mail.kind === 'booking-confirmation' ? confirmationPayload(mail.payload) : undefined;
  // Cancelled before its confirmation could leave: the cancellation says all there is to say.
  if (mail.kind === 'booking-confirmation' && (confirmation === undefined || row.status === 'cancelled')) return undefined;
  let calendar: string | undefined;
  if (event !== undefined && event.summary.start !== null && (mail.kind === 'booking-confirmation' || mail.kind === 'booking-reminder')) {
    const { calendarFile } = await import('../events/calendar-file');
    calendar = calendarFile([event.summary], {
      name: `${SITE_TITLE}: ${event.summary.title}`,
      timeZone: app.config.timeZone,
      host: new URL(origin).hostname || 'website.invalid',
      pageUrl: (summary) => `${origin}${eventPath(summary.id)}`,
      now: app.clock(),
    });
  }
  return bookingMail({
    kind: mail.kind,
    to: mail.address,
    from,
    origin,
    messageId,
    booking: confirmation === undefined ? row : { ...row, status: confirmation.status },
    event,
    settings,
    details: app.associationDetails.get(),
    token: confirmation?.token,
    calendar,
  });
}
