// @vitest-environment node
// Booking a place on the hosted backend: the real firebase/firestore/lite SDK against the Firestore
// REST fake, whose access check mirrors firestore.rules, run through the bookings contract; the
// events' dates come from the Storage fake, as on the hosted site.
import { expect, test } from 'vitest';
import { createFirebaseAppLoader } from '../../adapters/firebase/firebase-app';
import { createFirebaseAuth } from '../../adapters/firebase/firebase-auth.adapter';
import { createFirebaseEvents } from '../../adapters/firebase/firebase-events.adapter';
import { bookingTemplates, createFirestoreBookings, createFirestoreBookingsAdmin } from '../../adapters/firebase/firestore-bookings.adapter';
import { FIRESTORE_COLLECTIONS } from '../../adapters/firebase/firestore-records';
import { createFirestoreLoader } from '../../adapters/firebase/firestore-subscriptions.adapter';
import { hostedError } from '../../adapters/hosted/error-table';
import { firebaseAuthHandlers } from '../../mocks/firebase-auth';
import { createFirestoreFake } from '../../mocks/firebase-firestore';
import { createFirebaseStorageFake } from '../../mocks/firebase-storage';
import { EMPTY_DETAILS } from '../../src-core/domain/association-details';
import { bookingLetter } from '../../src-core/domain/booking-mail-text';
import { NO_EVENT_DETAILS } from '../../src-core/domain/event-details';
import { letterText } from '../../src-core/domain/membership-mail-text';
import { bookingsContract } from '../contracts/bookings.contract';
import { pdfBlob } from '../contracts/storage.contract';
import { useFakeNetwork } from '../support/fake-network';
import { ADMIN, TEST_FIREBASE, uniqueAppName } from './hosted-samples';

const server = useFakeNetwork();
const ORIGIN = 'https://www.example.org';
const DETAILS = { ...EMPTY_DETAILS, contactName: 'The Events Secretary', email: 'events@example.org', phone: '' };
const TIME_ZONE = 'Europe/Dublin';

/** The organiser's and a visitor's adapters on one Firestore fake and one Storage fake. */
async function hostedBookings() {
  const fake = createFirestoreFake({ projectId: TEST_FIREBASE.projectId, adminEmails: [ADMIN.email] });
  const storage = createFirebaseStorageFake({ bucket: TEST_FIREBASE.storageBucket, adminEmails: [ADMIN.email] });
  server.use(...fake.handlers, ...storage.handlers, ...firebaseAuthHandlers({ projectId: TEST_FIREBASE.projectId, accounts: [{ ...ADMIN, emailVerified: true }] }));
  const adminApp = createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('bookings-admin'));
  const visitorApp = createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('bookings-visitor'));
  const auth = createFirebaseAuth({ loadApp: adminApp, adminEmails: [ADMIN.email] });
  await auth.signIn(ADMIN);
  const events = createFirebaseEvents({ loadApp: adminApp, timeZone: TIME_ZONE });
  const bookingsAdmin = createFirestoreBookingsAdmin({
    firestore: createFirestoreLoader(adminApp),
    events,
    timeZone: TIME_ZONE,
    session: auth,
    origin: ORIGIN,
    sessionOver: () => hostedError('auth', 'session-ended'),
    details: async () => DETAILS,
  });
  const bookings = createFirestoreBookings({ firestore: createFirestoreLoader(visitorApp), events: createFirebaseEvents({ loadApp: visitorApp, timeZone: TIME_ZONE }), timeZone: TIME_ZONE });
  return { fake, storage, events, bookings, bookingsAdmin };
}

bookingsContract('Firestore lite against the Firestore REST fake', async () => {
  const { storage, events, bookings, bookingsAdmin } = await hostedBookings();
  return {
    bookings,
    bookingsAdmin,
    events,
    async seedFiles(seeds) {
      for (const seed of seeds) storage.put({ fullPath: seed.fullPath, bytes: new Uint8Array(await seed.data.arrayBuffer()) });
    },
    cleanup: async () => {},
  };
});

async function lunchWithPlaces(places: number) {
  const harness = await hostedBookings();
  harness.storage.put({ fullPath: 'events/Summer Lunch.pdf', bytes: new Uint8Array(await pdfBlob().arrayBuffer()) });
  await harness.events.saveDetails('events/Summer Lunch.pdf', { ...NO_EVENT_DETAILS, title: 'Summer Lunch', start: '2099-06-12T13:00', timeZone: TIME_ZONE, venue: 'Parish Hall', town: 'Athlone' });
  await harness.bookingsAdmin.saveSettings('events/Summer Lunch.pdf', { places, closesAt: '', maxPlacesPerBooking: 2, question: '' });
  return harness;
}

const request = (name: string, email: string) => ({ name, email, phone: '', places: 1, answer: '' });

test('two visitors booking the last place at once: one has it, the other waits', async () => {
  const { fake, bookings } = await lunchWithPlaces(1);

  const outcomes = await Promise.all([bookings.book('Summer Lunch', request('Mary Byrne', 'mary@example.org')), bookings.book('Summer Lunch', request('Joan Walsh', 'joan@example.org'))]);

  expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['booked', 'waiting']);
  expect(fake.get(`${FIRESTORE_COLLECTIONS.bookingEvents}/Summer Lunch`)).toMatchObject({ bookedPlaces: 1, nextSeq: 2 });
});

test('the confirmation mail is a Trigger Email template with the self-hosted words, which a visitor may not write with words of their own', async () => {
  const { fake, bookings } = await lunchWithPlaces(10);

  const confirmation = await bookings.book('Summer Lunch', request('Mary Byrne', 'mary@example.org'));

  const token = new URL(confirmation.cancelHref, ORIGIN).searchParams.get('token') ?? '';
  const mail = fake.get(`${FIRESTORE_COLLECTIONS.mail}/booking-${token}`);
  expect(mail).toMatchObject({
    to: 'mary@example.org',
    template: { name: 'booking-booked', data: { token, name: 'Mary Byrne', places: '1 place', title: 'Summer Lunch', answer: '' } },
  });
  const template = bookingTemplates(ORIGIN, DETAILS)['booking-booked'];
  const filled = (text: string) => text.replace(/\{\{\{?(\w+)\}?\}\}/g, (_whole, name: string) => String(((mail?.template as { data: Record<string, string> }).data)[name]));
  const expected = letterText(
    bookingLetter({
      kind: 'booking-confirmation',
      origin: ORIGIN,
      booking: { name: 'Mary Byrne', places: 1, answer: '', status: 'booked' },
      event: { id: 'Summer Lunch', title: 'Summer Lunch', when: confirmation.when, where: confirmation.where },
      cancelMessage: '',
      details: DETAILS,
      token,
      withCalendar: false,
    }),
  );
  expect(filled(template?.subject ?? '')).toBe(expected.subject);
  expect(filled(template?.text ?? '')).toBe(expected.text);
});

test("a visitor's browser may not take places without a booking, nor read the bookings, as firestore.rules say", async () => {
  const { fake } = await lunchWithPlaces(10);
  const { sdk, db } = await createFirestoreLoader(createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('bookings-stranger')))();

  const takePlaces = sdk.updateDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.bookingEvents, 'Summer Lunch'), { bookedPlaces: 10, nextSeq: 1, lastChange: 0 });
  const readBookings = sdk.getDocs(sdk.collection(db, FIRESTORE_COLLECTIONS.bookings));

  await expect(takePlaces).rejects.toMatchObject({ code: 'permission-denied' });
  await expect(readBookings).rejects.toMatchObject({ code: 'permission-denied' });
  expect(fake.get(`${FIRESTORE_COLLECTIONS.bookingEvents}/Summer Lunch`)).toMatchObject({ bookedPlaces: 0, nextSeq: 0 });
});
