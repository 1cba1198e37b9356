/**
 * The words of the booking mails (confirmation, a place freed, reminder, event cancelled), for both
 * backends: the self-hosted server queues them (server/mail/booking-mail.ts), the hosted backend
 * writes them to Firestore for the Trigger Email extension (adapters/firebase/firestore-bookings.adapter.ts).
 */
import type { AssociationDetails } from './association-details';
import { BOOKING_PAGES } from './booking-pages';
import { eventPath } from './event-listing';
import { paragraphsOf } from './mail-text';
import { contactLines, type LetterContent } from './membership-mail-text';

export type BookingLetterKind = 'booking-confirmation' | 'booking-promoted' | 'booking-reminder' | 'booking-event-cancelled';

/** What a booking letter is about. */
export interface BookingLetterFacts {
  readonly kind: BookingLetterKind;
  readonly origin: string;
  readonly booking: { readonly name: string; readonly places: number; readonly answer: string; readonly status: 'booked' | 'waiting' | 'cancelled' };
  /** Undefined when the event's file has gone. */
  readonly event: { readonly id: string; readonly title: string; readonly when: string; readonly where: string } | undefined;
  /** The organiser's message with a cancelled event. */
  readonly cancelMessage: string;
  readonly details: Pick<AssociationDetails, 'phone' | 'email' | 'contactName'>;
  /** The cancel link's token, only in the confirmation. */
  readonly token: string | undefined;
  /** Whether the event's calendar file goes with the mail. */
  readonly withCalendar: boolean;
}

/** The page whose button cancels the booking this token names. */
export function bookingCancelHref(token: string): string {
  return `${BOOKING_PAGES.cancel}?token=${encodeURIComponent(token)}`;
}

export function placesText(places: number): string {
  return places === 1 ? '1 place' : `${places} places`;
}

export function bookingLetter(facts: BookingLetterFacts): LetterContent {
  const { booking, event, details, origin } = facts;
  const title = event?.title ?? 'our event';
  const whenWhere = event === undefined ? [] : [`When: ${event.when}.`, `Where: ${event.where}.`];
  const greeting = `Dear ${booking.name},`;
  const cancelLater = 'If you cannot come, please use the link in your booking confirmation e-mail to cancel, so someone else can have your place.';
  const eventLink = event === undefined ? undefined : { text: 'See the event', href: `${origin}${eventPath(event.id)}` };
  switch (facts.kind) {
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
          ...(facts.withCalendar ? ['The event is attached to this e-mail as a calendar file: open it to add the event to your calendar.'] : []),
          'If you cannot come, please cancel with the link below, so someone else can have your place.',
          ...contactLines(details),
        ],
        ...(facts.token === undefined ? {} : { action: { text: 'Cancel my booking', href: `${origin}${bookingCancelHref(facts.token)}` } }),
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
          ...paragraphsOf(facts.cancelMessage),
          ...contactLines(details),
        ],
      };
  }
}
