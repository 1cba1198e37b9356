// The booking section and the booking pages as the server renders them, before any script runs:
// the built renderer (src/app/entry-server.tsx) over the http adapters against the self-hosted API's fake, with the
// outcomes a form posted without script leaves (RenderOptions). The server's own routes for
// those posts are tested with the server (tests/server), and in the browser (tests/e2e/bookings.spec.ts).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { beforeAll, expect, inject, test } from 'vitest';
import { BOOKING_MESSAGES } from '../../contract/bookings';
import { createHttpBackend } from '../../adapters/http/http-backend';
import { sampleBooking } from '../../mocks/bookings-api';
import { mockPdfBytes, type MockFile } from '../../mocks/self-hosted-api';
import type { BookingConfirmation } from '../../src-core/domain/bookings';
import type { PageRenderer, RenderOptions } from '../../src-core/ports/page-renderer.port';
import { createSelfHostedApi, type SelfHostedApiSeed } from '../../mocks/self-hosted-api';
import { useFakeNetwork } from '../support/fake-network';

const network = useFakeNetwork();
const built: { renderer?: PageRenderer } = {};

beforeAll(async () => {
  built.renderer = (await import(pathToFileURL(path.join(inject('builtSiteDir'), 'server', 'entry-server.mjs')).href)) as PageRenderer;
});

function useApi(seed: SelfHostedApiSeed) {
  const api = createSelfHostedApi(seed);
  network.use(...api.handlers);
  return api.state;
}

const LUNCH_PATH = 'events/Summer Lunch.pdf';
const lunch: MockFile = {
  folder: 'events',
  name: 'Summer Lunch.pdf',
  bytes: mockPdfBytes('lunch'),
  updatedAt: '2026-05-01T10:00:00.000Z',
  details: { title: 'Summer Lunch', start: '2026-09-12T13:00', end: '', allDay: false, timeZone: 'Europe/Dublin', venue: 'Parish Hall', town: 'Athlone', description: '' },
};

function openLunch(seed: SelfHostedApiSeed = {}) {
  return useApi({
    files: [lunch],
    now: () => new Date('2026-06-01T09:00:00.000Z'),
    bookingSettings: { [LUNCH_PATH]: { places: 40, closesAt: '', maxPlacesPerBooking: 2, question: 'Any dietary or access needs?' } },
    ...seed,
  });
}

async function rendered(url: string, options: RenderOptions = {}): Promise<Document> {
  if (built.renderer === undefined) throw new Error('The renderer was not built.');
  const page = await built.renderer.renderPage(url, createHttpBackend({ baseUrl: 'http://site.test' }), options);
  if (page.kind !== 'page') throw new Error(`${url} was not rendered.`);
  return new JSDOM(`<!doctype html><body>${page.markup}</body>`).window.document;
}

const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

test('the event page carries the booking section with places left and a plain form that posts to the booking address', async () => {
  openLunch({ bookings: [sampleBooking({ eventPath: LUNCH_PATH, places: 28 })] });

  const document = await rendered('/events/Summer%20Lunch');

  const section = document.getElementById('booking');
  expect(text(section?.querySelector('h2'))).toBe('Book a place');
  expect(text(section)).toContain('12 places left');
  const form = section?.querySelector('form');
  expect(form?.getAttribute('method')).toBe('post');
  expect(form?.getAttribute('action')).toBe('/events/Summer%20Lunch/book');
  const names = [...(form?.querySelectorAll('input, textarea, select') ?? [])].map((field) => field.getAttribute('name'));
  expect(names).toEqual(['name', 'email', 'phone', 'places', 'answer', 'website']);
});

test('a booking refused without script comes back with its message, each error beside its field and every value', async () => {
  openLunch();

  const document = await rendered('/events/Summer%20Lunch?outcome=abc', {
    bookingForm: {
      eventId: 'Summer Lunch',
      message: BOOKING_MESSAGES.checkFields,
      fieldErrors: { email: BOOKING_MESSAGES.email },
      values: { name: 'Mary Byrne', email: 'mary@', phone: '', places: '2', answer: 'No nuts' },
    },
  });

  const section = document.getElementById('booking');
  expect(text(section?.querySelector('[role="alert"]'))).toBe(BOOKING_MESSAGES.checkFields);
  const field = (name: string) => section?.querySelector(`[name="${name}"]`);
  expect(field('name')?.getAttribute('value')).toBe('Mary Byrne');
  expect(field('email')?.getAttribute('aria-invalid')).toBe('true');
  expect(text(document.getElementById(field('email')?.getAttribute('aria-describedby')?.split(' ').at(-1) ?? ''))).toBe(BOOKING_MESSAGES.email);
  expect(section?.querySelector('select[name="places"] option[selected]')?.getAttribute('value')).toBe('2');
  expect(field('answer')?.textContent).toBe('No nuts');
});

test('the confirmation page after a booking posted without script shows it with the calendar file and the cancel link', async () => {
  openLunch();
  const confirmation: BookingConfirmation = {
    eventId: 'Summer Lunch',
    eventTitle: 'Summer Lunch',
    when: 'Saturday 12 September 2026, 1pm',
    where: 'Parish Hall, Athlone',
    status: 'booked',
    places: 2,
    name: 'Mary Byrne',
    email: 'mary@example.org',
    phone: null,
    answer: '',
    emailed: true,
    cancelHref: '/bookings/cancel?token=abc',
    calendarHref: '/events/Summer%20Lunch/calendar.ics',
    message: BOOKING_MESSAGES.booked(2),
  };

  const document = await rendered('/events/Summer%20Lunch/booked?outcome=abc', { bookingConfirmation: confirmation });

  expect(text(document.querySelector('h1'))).toBe('You are booked');
  expect(text(document.querySelector('[role="status"]'))).toContain(BOOKING_MESSAGES.booked(2));
  expect(text(document.body)).toContain('An e-mail with these details is on its way to mary@example.org');
  expect(document.querySelector('a[href="/events/Summer%20Lunch/calendar.ics"]')).not.toBeNull();
  expect(document.querySelector('a[href="/bookings/cancel?token=abc"]')).not.toBeNull();
});

test('the cancel page shows the booking and a button that posts its token; the cancelled page says what was cancelled', async () => {
  openLunch({ bookings: [sampleBooking({ eventPath: LUNCH_PATH, token: 'abc' })] });

  const cancel = await rendered('/bookings/cancel?token=abc');
  const form = cancel.querySelector('form[action="/bookings/cancel"]');
  expect(text(cancel.querySelector('h1'))).toBe('Cancel a booking');
  expect(text(cancel.body)).toContain('Summer Lunch');
  expect(form?.getAttribute('method')).toBe('post');
  expect(form?.querySelector('input[name="token"]')?.getAttribute('value')).toBe('abc');

  const cancelled = await rendered('/bookings/cancelled?outcome=abc', {
    bookingCancel: {
      booking: { eventId: 'Summer Lunch', eventTitle: 'Summer Lunch', when: 'Saturday 12 September 2026, 1pm', status: 'cancelled', places: 2, name: 'Mary Byrne', eventCancelled: false },
    },
  });
  expect(text(cancelled.querySelector('[role="status"]'))).toBe(BOOKING_MESSAGES.cancelled);
  expect(text(cancelled.body)).toContain('Mary Byrne');

  const notValid = await rendered('/bookings/cancelled?outcome=gone', { bookingCancel: { message: BOOKING_MESSAGES.cancelLinkNotValid } });
  expect(text(notValid.body)).toContain(BOOKING_MESSAGES.cancelLinkNotValid);
});
