import type Mail from 'nodemailer/lib/mailer';
import type { AssociationDetails } from '../../src-core/domain/association-details';
import { bookingLetter } from '../../src-core/domain/booking-mail-text';
import type { EventSummary } from '../../src-core/domain/event-listing';
import type { BookingRow, SettingsRow } from '../repositories/bookings.repository';
import type { BookingMailKind } from '../repositories/mail-queue.repository';
import { letterMail, type LetterContent, type LetterEnvelope } from './member-mail';

export interface BookingMailContext extends LetterEnvelope {
  readonly kind: BookingMailKind;
  readonly origin: string;
  readonly booking: BookingRow;
  /** Undefined when the event's file has gone. */
  readonly event: { readonly id: string; readonly summary: EventSummary } | undefined;
  readonly settings: SettingsRow | undefined;
  readonly details: AssociationDetails;
  /** The cancel link's token, only in the confirmation (it is stored hashed). */
  readonly token: string | undefined;
  /** The event's .ics file, attached to the confirmation and the reminder when the event has a date. */
  readonly calendar: string | undefined;
}

/** The shared words (src-core/domain/booking-mail-text.ts) from what the server stores. */
function contentOf(context: BookingMailContext): LetterContent {
  const { booking, event } = context;
  return bookingLetter({
    kind: context.kind,
    origin: context.origin,
    booking,
    event: event === undefined ? undefined : { id: event.id, title: event.summary.title, when: event.summary.when, where: event.summary.where },
    cancelMessage: context.settings?.cancel_message ?? '',
    details: context.details,
    token: context.token,
    withCalendar: context.calendar !== undefined,
  });
}

/** One booking mail; the confirmation and the reminder carry the event's calendar file. */
export function bookingMail(context: BookingMailContext): Mail.Options {
  const mail = letterMail(context, contentOf(context));
  const attach = context.calendar !== undefined && context.event !== undefined && (context.kind === 'booking-confirmation' || context.kind === 'booking-reminder');
  if (!attach || context.calendar === undefined) return mail;
  return { ...mail, attachments: [{ filename: 'event.ics', content: context.calendar, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] };
}
