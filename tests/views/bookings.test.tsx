import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test, vi } from 'vitest';
import { BOOKING_MESSAGES, BOOKING_PATHS } from '../../contract/bookings';
import { errorBody } from '../../contract/wire';
import { mockPdfBytes, type MockFile } from '../../mocks/self-hosted-api';
import { sampleBooking } from '../../mocks/bookings-api';
import type { BookingSettings } from '../../src-core/domain/bookings';
import type { EventDetails } from '../../src-core/domain/event-details';
import { useFakeNetwork } from '../support/fake-network';
import { renderSite, useApi } from './admin/admin-harness';

const network = useFakeNetwork();

afterEach(() => vi.restoreAllMocks());

// The booking machine logs each outcome; keep the test output quiet.
function quietLogs() {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
}

const NOW = new Date('2026-06-01T09:00:00.000Z');
const LUNCH_PATH = 'events/Summer Lunch.pdf';

const lunchDetails: EventDetails = {
  title: 'Summer Lunch',
  start: '2026-09-12T13:00',
  end: '',
  allDay: false,
  timeZone: 'Europe/Dublin',
  venue: 'Parish Hall',
  town: 'Athlone',
  description: 'Lunch with friends.',
};

const lunch: MockFile = { folder: 'events', name: 'Summer Lunch.pdf', bytes: mockPdfBytes('lunch'), updatedAt: '2026-05-01T10:00:00.000Z', details: lunchDetails };

const settings = (overrides: Partial<BookingSettings> = {}): BookingSettings => ({
  places: 40,
  closesAt: '',
  maxPlacesPerBooking: 2,
  question: 'Any dietary or access needs?',
  ...overrides,
});

function openLunch(seed: Parameters<typeof useApi>[1] = {}) {
  return useApi(network, { files: [lunch], now: () => NOW, bookingSettings: { [LUNCH_PATH]: settings() }, ...seed });
}

function bookButton() {
  return screen.getByRole('button', { name: /Book my place|Join the waiting list/ });
}

async function bookingSection() {
  return within((await screen.findByRole('heading', { level: 2, name: 'Book a place' })).closest('section') as HTMLElement);
}

test('an event that takes bookings shows places left and a form that posts to its booking address', async () => {
  openLunch({ bookings: [sampleBooking({ eventPath: LUNCH_PATH, places: 28 })] });
  renderSite('/events/Summer%20Lunch');

  const section = await bookingSection();
  expect(section.getByText('12 places left')).toBeInTheDocument();
  expect(section.getByRole('textbox', { name: 'Your name' })).toBeRequired();
  expect(section.getByRole('textbox', { name: 'E-mail address' })).toHaveAccessibleDescription(/confirmation and a link to cancel/);
  expect(section.getByRole('combobox', { name: 'Number of places' })).toHaveValue('1');
  expect(within(section.getByRole('combobox', { name: 'Number of places' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['1', '2']);
  expect(section.getByRole('textbox', { name: /^Any dietary or access needs\?.*\(optional\)$/ })).toBeInTheDocument();
  const form = bookButton().closest('form');
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', '/events/Summer%20Lunch/book');
  expect(section.getByRole('heading', { level: 2 }).closest('section')).toHaveAttribute('id', 'booking');
});

test('an event that takes no bookings, or a fully booked one, says so', async () => {
  const state = openLunch({ bookingSettings: {} });
  const first = renderSite('/events/Summer%20Lunch');
  await screen.findByRole('heading', { level: 1, name: 'Summer Lunch' });
  await waitFor(() => expect(screen.getByRole('link', { name: /Click to view PDF/ })).toBeInTheDocument());
  expect(screen.queryByRole('heading', { name: 'Book a place' })).not.toBeInTheDocument();
  first.unmount();

  state.bookingSettings = { [LUNCH_PATH]: settings({ places: 2 }) };
  state.bookings = [sampleBooking({ eventPath: LUNCH_PATH, places: 2 })];
  renderSite('/events/Summer%20Lunch');
  const section = await bookingSection();
  expect(section.getByText('Fully booked — join the waiting list')).toBeInTheDocument();
  expect(section.getByRole('button', { name: 'Join the waiting list' })).toBeInTheDocument();
});

test('a closed or cancelled event shows why, and no form', async () => {
  openLunch({ cancelledEvents: { [LUNCH_PATH]: '2026-05-20T10:00:00.000Z' } });
  renderSite('/events/Summer%20Lunch');

  const section = await bookingSection();
  expect(section.getByText(BOOKING_MESSAGES.eventCancelled)).toBeInTheDocument();
  expect(section.queryByRole('button')).not.toBeInTheDocument();
});

test('sending without a name or a way to reach you shows each message beside its field, focuses the first and sends nothing', async () => {
  const state = openLunch();
  const { user } = renderSite('/events/Summer%20Lunch');
  const section = await bookingSection();

  await user.click(bookButton());

  expect(section.getByRole('textbox', { name: 'Your name' })).toHaveAccessibleDescription(BOOKING_MESSAGES.name);
  expect(section.getByRole('textbox', { name: 'Your name' })).toHaveFocus();
  expect(section.getByRole('textbox', { name: 'E-mail address' })).toHaveAccessibleDescription(expect.stringContaining(BOOKING_MESSAGES.contactNeeded));
  expect(section.getByRole('heading', { level: 3, name: 'There are 2 problems' })).toBeInTheDocument();
  expect(state.bookings).toEqual([]);
});

test('a booking is confirmed with the calendar file and the cancel link, says the e-mail is on its way, and the places left go down', async () => {
  quietLogs();
  const state = openLunch({ emailSetUp: true });
  const { user } = renderSite('/events/Summer%20Lunch');
  const section = await bookingSection();

  await user.type(section.getByRole('textbox', { name: 'Your name' }), 'Mary Byrne');
  await user.type(section.getByRole('textbox', { name: 'E-mail address' }), 'mary@example.org');
  await user.selectOptions(section.getByRole('combobox', { name: 'Number of places' }), '2');
  await user.type(section.getByRole('textbox', { name: /Any dietary/ }), 'No nuts, please');
  await user.click(bookButton());

  const outcome = await section.findByRole('status');
  expect(outcome).toHaveTextContent('You are booked');
  expect(outcome).toHaveTextContent(BOOKING_MESSAGES.booked(2));
  await waitFor(() => expect(outcome).toHaveFocus());
  expect(section.getByText(/An e-mail with these details is on its way to/)).toHaveTextContent('mary@example.org');
  expect(section.getByRole('link', { name: 'Add to my calendar (.ics file)' })).toHaveAttribute('href', '/events/Summer%20Lunch/calendar.ics');
  expect(section.getByRole('link', { name: 'Cancel this booking' })).toHaveAttribute('href', '/bookings/cancel?token=token-1');
  expect(await section.findByText('38 places left')).toBeInTheDocument();
  expect(state.bookings).toEqual([expect.objectContaining({ name: 'Mary Byrne', email: 'mary@example.org', places: 2, answer: 'No nuts, please', status: 'booked' })]);
});

test('a booking on a fully booked event goes on the waiting list, and says so', async () => {
  quietLogs();
  const state = openLunch({ bookingSettings: { [LUNCH_PATH]: settings({ places: 2 }) }, bookings: [sampleBooking({ eventPath: LUNCH_PATH, places: 2 })] });
  const { user } = renderSite('/events/Summer%20Lunch');
  const section = await bookingSection();

  await user.type(section.getByRole('textbox', { name: 'Your name' }), 'Joan Walsh');
  await user.type(section.getByRole('textbox', { name: 'Phone number' }), '090 123 4567');
  await user.click(bookButton());

  const outcome = await section.findByRole('status');
  expect(outcome).toHaveTextContent('You are on the waiting list');
  expect(outcome).toHaveTextContent(BOOKING_MESSAGES.waiting);
  expect(section.getByText(/We have no e-mail address for you/)).toBeInTheDocument();
  expect(state.bookings.at(-1)).toMatchObject({ name: 'Joan Walsh', status: 'waiting', waitingPosition: 1 });
});

test("the same e-mail address booking twice is told it already booked, and keeps what was typed", async () => {
  quietLogs();
  openLunch({ bookings: [sampleBooking({ eventPath: LUNCH_PATH })] });
  const { user } = renderSite('/events/Summer%20Lunch');
  const section = await bookingSection();

  await user.type(section.getByRole('textbox', { name: 'Your name' }), 'Mary Byrne');
  await user.type(section.getByRole('textbox', { name: 'E-mail address' }), 'MARY@example.org');
  await user.click(bookButton());

  const alert = await section.findByRole('alert');
  expect(alert).toHaveTextContent(BOOKING_MESSAGES.alreadyBooked);
  await waitFor(() => expect(alert.parentElement).toHaveFocus());
  expect(section.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('MARY@example.org');
});

test("the server's message for a field shows beside that field", async () => {
  quietLogs();
  openLunch();
  network.use(
    http.post(`*${BOOKING_PATHS.book}`, () =>
      HttpResponse.json(errorBody('invalid-input', BOOKING_MESSAGES.checkFields, { fieldErrors: { phone: BOOKING_MESSAGES.phone } }), { status: 400 }),
    ),
  );
  const { user } = renderSite('/events/Summer%20Lunch');
  const section = await bookingSection();

  await user.type(section.getByRole('textbox', { name: 'Your name' }), 'Mary Byrne');
  await user.type(section.getByRole('textbox', { name: 'Phone number' }), '01 234 5678');
  await user.click(bookButton());

  await waitFor(() => expect(section.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription(BOOKING_MESSAGES.phone));
  expect(section.getByRole('textbox', { name: 'Phone number' })).toHaveFocus();
  expect(section.getByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.checkFields);
});

test('the cancel page shows the booking, and its button cancels it', async () => {
  const state = openLunch({ bookings: [sampleBooking({ eventPath: LUNCH_PATH, token: 'abc' })] });
  const { user } = renderSite('/bookings/cancel?token=abc');

  expect(await screen.findByRole('heading', { level: 1, name: 'Cancel a booking' })).toBeInTheDocument();
  expect(await screen.findByText('Summer Lunch')).toBeInTheDocument();
  expect(screen.getByText('Mary Byrne')).toBeInTheDocument();
  const button = screen.getByRole('button', { name: 'Cancel my booking' });
  expect(button.closest('form')).toHaveAttribute('action', '/bookings/cancel');
  expect(button.closest('form')?.querySelector('input[name="token"]')).toHaveValue('abc');

  await user.click(button);

  const done = await screen.findByRole('status');
  expect(done).toHaveTextContent(BOOKING_MESSAGES.cancelled);
  await waitFor(() => expect(done).toHaveFocus());
  expect(state.bookings[0]).toMatchObject({ status: 'cancelled', cancelledBy: 'person' });
});

test('a cancel link that names no booking, or one already cancelled, says so without a button', async () => {
  openLunch({ bookings: [sampleBooking({ eventPath: LUNCH_PATH, token: 'gone', status: 'cancelled' })] });
  const first = renderSite('/bookings/cancel?token=nothing');
  expect(await screen.findByText(BOOKING_MESSAGES.cancelLinkNotValid)).toBeInTheDocument();
  first.unmount();

  renderSite('/bookings/cancel?token=gone');
  expect(await screen.findByText(BOOKING_MESSAGES.alreadyCancelled)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Cancel my booking' })).not.toBeInTheDocument();
});

test('the privacy page says what a booking keeps and when it is deleted', async () => {
  openLunch();
  renderSite('/privacy-policy');

  expect(await screen.findByRole('heading', { level: 2, name: 'Booking a place at an event' })).toBeInTheDocument();
  expect(screen.getByText(/Your booking is deleted 3 months after the event\./)).toBeInTheDocument();
});
