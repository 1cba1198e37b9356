import { Suspense, use } from 'react';
import { useBackend } from '../../lib/backend.context';
import { loadVisitorPages } from '../subscribe/visitor-pages.load';

// The section (the places, the form, its machine and the booking rules) comes with the chunk of
// one visitor's forms, so an event page's first load keeps within its budget
// (tests/build/bundle-manifest.test.ts). The server renders it in full (it waits for the chunk),
// and the browser keeps that markup, a plain form that posts without script, until the chunk arrives.
function BookingSectionLoaded({ eventId }: { readonly eventId: string }) {
  const { BookingSection } = use(loadVisitorPages());
  const { bookings } = useBackend();
  return bookings === undefined ? null : <BookingSection eventId={eventId} bookings={bookings} />;
}

/** The event's booking section where the backend takes bookings; nothing, and no download, where it has none (the hosted one). */
export function BookingSectionPart({ eventId }: { readonly eventId: string }) {
  if (useBackend().bookings === undefined) return null;
  return (
    <Suspense fallback={null}>
      <BookingSectionLoaded eventId={eventId} />
    </Suspense>
  );
}
