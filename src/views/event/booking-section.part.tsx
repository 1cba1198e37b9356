import { Suspense, use } from 'react';
import type { BookingAvailability } from '../../../src-core/domain/bookings';
import type { BookingsPort } from '../../../src-core/ports/bookings.port';
import { useBackend } from '../../lib/backend.context';
import { useRouteData, useRouteDataRefresh } from '../../lib/route-data.hook';
import { readable } from '../../lib/readable-promise';
import { bookingAvailabilityQuery } from './booking.query';
import type { BookingSection } from './booking-section';

interface LoadedProps {
  readonly availability: BookingAvailability;
  readonly bookings: BookingsPort;
  readonly onBooked: () => void;
}

interface SectionModule {
  readonly BookingSection: typeof BookingSection;
}

// The section (the form, its machine and the booking rules) is a chunk of its own, loaded by the
// event page once it knows the event takes bookings. The server renders it in full (it waits for
// the chunk), and the browser keeps that markup, a plain form that posts without script, until
// the chunk arrives; the event page comes to life after the rest of the page (src/app/routes.tsx).
let sectionCode: Promise<SectionModule> | undefined;

/** Downloads the booking section's code (once). */
export function preloadBookingSection(): Promise<SectionModule> {
  sectionCode ??= readable(import('./booking-section'));
  return sectionCode;
}

function BookingSectionLoaded(props: LoadedProps) {
  const { BookingSection: Section } = use(preloadBookingSection());
  return <Section {...props} />;
}

/**
 * The event's booking section where the event takes bookings; nothing, and no download,
 * otherwise (an event that takes none). Whether it shows follows the places the
 * page's data holds, which the server loaded with the page, so the browser's first render is the
 * server's. Once booked, the places load again.
 */
export function BookingSectionPart({ eventId }: { readonly eventId: string }) {
  const { bookings } = useBackend();
  const availability = useRouteData(bookingAvailabilityQuery(eventId));
  const refresh = useRouteDataRefresh(bookingAvailabilityQuery(eventId));
  if (bookings === undefined || availability.status !== 'ready' || availability.data === null) return null;
  return (
    <Suspense fallback={null}>
      <BookingSectionLoaded availability={availability.data} bookings={bookings} onBooked={refresh} />
    </Suspense>
  );
}
