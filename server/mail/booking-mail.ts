import type Mail from 'nodemailer/lib/mailer';
import type { AssociationDetails } from '../../src-core/domain/association-details';
import { eventPath, type EventSummary } from '../../src-core/domain/event-listing';
import { cancelHref } from '../bookings/bookings-service';
import type { BookingRow, SettingsRow } from '../repositories/bookings.repository';
import type { BookingMailKind } from '../repositories/mail-queue.repository';
import { letterMail, paragraphsOf, type LetterContent, type LetterEnvelope } from './member-mail';

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

function placesText(places: number): string {
  return places === 1 ? '1 place' : `${places} places`;
}

function contactLines(details: AssociationDetails): string[] {
  const ways = [details.phone === '' ? '' : `phone ${details.phone}`, details.email === '' ? '' : `e-mail ${details.email}`].filter((way) => way !== '');
  if (ways.length === 0) return [];
  const who = details.contactName === '' ? 'us' : details.contactName;
  return [`If you have a question, please contact ${who}: ${ways.join(' or ')}.`];
}

function contentOf(context: BookingMailContext): LetterContent {
  const { booking, event, details, origin } = context;
  const title = event?.summary.title ?? 'our event';
  const whenWhere = event === undefined ? [] : [`When: ${event.summary.when}.`, `Where: ${event.summary.where}.`];
  const greeting = `Dear ${booking.name},`;
  const cancelLater = 'If you cannot come, please use the link in your booking confirmation e-mail to cancel, so someone else can have your place.';
  const eventLink = event === undefined ? undefined : { text: 'See the event', href: `${origin}${eventPath(event.id)}` };
  switch (context.kind) {
    case 'booking-confirmation': {
      const waiting = booking.status === 'waiting';
      return {
        subject: waiting ? `Waiting list: ${title}` : `Your booking: ${title}`,
        heading: waiting ? 'You are on the waiting list' : 'Your booking is confirmed',
        paragraphs: [
          greeting,
          waiting
            ? `${title} is fully booked, so you are on the waiting list for ${placesText(booking.places)}. If a place frees up, we will e-mail you.`
            : `Thank you for booking ${placesText(booking.places)} at ${title}.`,
          ...whenWhere,
          ...(booking.answer === '' ? [] : [`Your answer: ${booking.answer}`]),
          ...(context.calendar === undefined ? [] : ['The event is attached to this e-mail as a calendar file: open it to add the event to your calendar.']),
          'If you cannot come, please cancel with the link below, so someone else can have your place.',
          ...contactLines(details),
        ],
        ...(context.token === undefined ? {} : { action: { text: 'Cancel my booking', href: `${origin}${cancelHref(context.token)}` } }),
      };
    }
    case 'booking-promoted':
      return {
        subject: `A place for you: ${title}`,
        heading: 'A place has freed up for you',
        paragraphs: [greeting, `Good news: a place has freed up, and your booking of ${placesText(booking.places)} at ${title} is now confirmed.`, ...whenWhere, cancelLater, ...contactLines(details)],
        ...(eventLink === undefined ? {} : { action: eventLink }),
      };
    case 'booking-reminder':
      return {
        subject: `Reminder: ${title} is tomorrow`,
        heading: 'See you tomorrow',
        paragraphs: [greeting, `This is a reminder of your booking of ${placesText(booking.places)} at ${title}.`, ...whenWhere, cancelLater, ...contactLines(details)],
        ...(eventLink === undefined ? {} : { action: eventLink }),
      };
    case 'booking-event-cancelled':
      return {
        subject: `Cancelled: ${title}`,
        heading: 'This event has been cancelled',
        paragraphs: [
          greeting,
          `We are sorry to tell you that ${title} has been cancelled, so your booking is cancelled too. You do not need to do anything.`,
          ...paragraphsOf(context.settings?.cancel_message ?? ''),
          ...contactLines(details),
        ],
      };
  }
}

/** One booking mail; the confirmation and the reminder carry the event's calendar file. */
export function bookingMail(context: BookingMailContext): Mail.Options {
  const mail = letterMail(context, contentOf(context));
  const attach = context.calendar !== undefined && context.event !== undefined && (context.kind === 'booking-confirmation' || context.kind === 'booking-reminder');
  if (!attach || context.calendar === undefined) return mail;
  return { ...mail, attachments: [{ filename: 'event.ics', content: context.calendar, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] };
}
