import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, test } from 'vitest';
import { mockPdfBytes, type MockFile } from '../../../mocks/self-hosted-api';
import { sampleBooking } from '../../../mocks/bookings-api';
import type { BookingSettings } from '../../../src-core/domain/bookings';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, quietLogs, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

// The admin area is a lazy chunk; loading it once up front keeps that one-off wait out of the first test.
beforeAll(() => import('../../../src/views/admin/admin.view'), 30_000);

const LUNCH_PATH = 'events/Summer Lunch.pdf';
const lunch: MockFile = {
  folder: 'events',
  name: 'Summer Lunch.pdf',
  bytes: mockPdfBytes('lunch'),
  updatedAt: '2026-05-01T10:00:00.000Z',
  details: { title: 'Summer Lunch', start: '2026-09-12T13:00', end: '', allDay: false, timeZone: 'Europe/Dublin', venue: 'Parish Hall', town: 'Athlone', description: '' },
};
const settings: BookingSettings = { places: 3, closesAt: '', maxPlacesPerBooking: 2, question: '' };

async function openEvents(seed: Parameters<typeof useSignedInApi>[1] = {}) {
  quietLogs();
  const state = useSignedInApi(server, { files: [lunch], now: () => new Date('2026-06-01T09:00:00.000Z'), ...seed });
  const view = renderSite('/admin/events');
  await findAdminPage('Events');
  const panel = within((await screen.findByRole('heading', { level: 3, name: 'Bookings' })).parentElement as HTMLElement);
  return { state, panel, ...view };
}

test('an organiser turns bookings on with places, a closing time, places per booking and a question', async () => {
  const { user, state, panel } = await openEvents();
  expect(panel.getByText('This event does not take bookings on the website.')).toBeInTheDocument();

  await user.click(panel.getByRole('button', { name: 'Take bookings for this event for Summer Lunch' }));
  expect(panel.getByLabelText('Most places in one booking')).toHaveValue(2);
  await user.type(panel.getByLabelText('Number of places'), '40');
  await user.type(panel.getByLabelText('Date'), '2026-09-10');
  await user.type(panel.getByLabelText('Time'), '17:00');
  await user.type(panel.getByLabelText('A question for everyone booking (optional)'), 'Any dietary or access needs?');
  await user.click(panel.getByRole('button', { name: 'Start taking bookings' }));

  expect(await panel.findByRole('status')).toHaveTextContent('The booking settings of “Summer Lunch” were saved.');
  expect(state.bookingSettings[LUNCH_PATH]).toEqual({ places: 40, closesAt: '2026-09-10T17:00', maxPlacesPerBooking: 2, question: 'Any dietary or access needs?' });
  expect(await panel.findByText('0 of 40')).toBeInTheDocument();
});

test('the count shows on the events list, and a booking taken by phone goes on the list', async () => {
  const { user, state, panel } = await openEvents({
    bookingSettings: { [LUNCH_PATH]: settings },
    bookings: [sampleBooking({ eventPath: LUNCH_PATH, places: 2 })],
  });
  expect(await panel.findByText('2 of 3')).toBeInTheDocument();

  await user.click(panel.getByRole('button', { name: 'See the bookings for Summer Lunch' }));
  const booked = await panel.findByRole('table', { name: 'Booked' });
  expect(within(booked).getByRole('rowheader', { name: 'Mary Byrne' })).toBeInTheDocument();
  const form = panel.getByRole('form', { name: 'Add a booking taken by phone' });
  await user.type(within(form).getByLabelText('Name'), 'Joan Walsh');
  await user.type(within(form).getByLabelText('Phone number'), '090 123 4567');
  await user.click(within(form).getByRole('button', { name: 'Add the booking' }));

  const notice = await panel.findByRole('status');
  expect(notice).toHaveTextContent('Joan Walsh is booked.');
  await waitFor(() => expect(notice.parentElement).toHaveFocus());
  expect(state.bookings.at(-1)).toMatchObject({ name: 'Joan Walsh', phone: '090 123 4567', source: 'phone', status: 'booked' });
  expect(await within(await panel.findByRole('table', { name: 'Booked' })).findByRole('rowheader', { name: 'Joan Walsh (by phone)' })).toBeInTheDocument();
  expect(panel.getByRole('link', { name: 'Download as CSV: Summer Lunch' })).toHaveAttribute('href', '/api/event-bookings/export.csv?path=events%2FSummer%20Lunch.pdf');
});

test('cancelling a booking asks first; once confirmed the first on the waiting list gets the places', async () => {
  const { user, state, panel } = await openEvents({
    bookingSettings: { [LUNCH_PATH]: settings },
    bookings: [
      sampleBooking({ id: '1', eventPath: LUNCH_PATH, places: 2 }),
      sampleBooking({ id: '2', eventPath: LUNCH_PATH, name: 'Joan Walsh', email: 'joan@example.org', places: 2, status: 'waiting', waitingPosition: 1 }),
    ],
  });
  await user.click(await panel.findByRole('button', { name: 'See the bookings for Summer Lunch' }));
  const booked = await panel.findByRole('table', { name: 'Booked' });

  await user.click(within(booked).getByRole('button', { name: 'Cancel booking: Mary Byrne' }));
  const question = within(booked).getByRole('group', { name: /^Cancel Mary Byrne's booking\?/ });
  expect(within(question).getByRole('button', { name: 'No, keep it' })).toHaveFocus();
  await user.click(within(question).getByRole('button', { name: 'No, keep it' }));
  expect(within(booked).getByRole('button', { name: 'Cancel booking: Mary Byrne' })).toHaveFocus();
  expect(state.bookings[0]?.status).toBe('booked');

  await user.click(within(booked).getByRole('button', { name: 'Cancel booking: Mary Byrne' }));
  await user.click(within(booked).getByRole('button', { name: 'Yes, cancel it' }));

  expect(await panel.findByRole('status')).toHaveTextContent("Mary Byrne's booking was cancelled.");
  expect(state.bookings.map((booking) => booking.status)).toEqual(['cancelled', 'booked']);
  expect(await within(await panel.findByRole('table', { name: 'Booked' })).findByRole('rowheader', { name: 'Joan Walsh' })).toBeInTheDocument();
});

test('someone on the waiting list is moved up; without an e-mail address the organiser is told to phone them', async () => {
  const { user, state, panel } = await openEvents({
    bookingSettings: { [LUNCH_PATH]: settings },
    bookings: [
      sampleBooking({ id: '1', eventPath: LUNCH_PATH, places: 2 }),
      sampleBooking({ id: '2', eventPath: LUNCH_PATH, name: 'Joan Walsh', email: null, phone: '090 123 4567', places: 2, status: 'waiting', waitingPosition: 1 }),
    ],
  });
  await user.click(await panel.findByRole('button', { name: 'See the bookings for Summer Lunch' }));
  const waiting = await panel.findByRole('table', { name: 'Waiting list' });

  await user.click(within(waiting).getByRole('button', { name: 'Give them a place: Joan Walsh' }));

  expect(await panel.findByRole('status')).toHaveTextContent('Joan Walsh is booked now. They gave no e-mail address, so please phone them to tell them.');
  expect(state.bookings[1]).toMatchObject({ status: 'booked', toPhone: true });
  const booked = await panel.findByRole('table', { name: 'Booked' });
  await user.click(await within(booked).findByRole('button', { name: 'Mark as phoned: Joan Walsh' }));
  await waitFor(() => expect(state.bookings[1]?.toPhone).toBe(false));
});

test('cancelling the event needs a message, asks first, and lists those to phone', async () => {
  const { user, state, panel } = await openEvents({
    bookingSettings: { [LUNCH_PATH]: settings },
    bookings: [
      sampleBooking({ id: '1', eventPath: LUNCH_PATH, places: 1 }),
      sampleBooking({ id: '2', eventPath: LUNCH_PATH, name: 'Joan Walsh', email: null, phone: '090 123 4567', places: 1 }),
    ],
  });
  await user.click(await panel.findByRole('button', { name: 'See the bookings for Summer Lunch' }));
  const form = await panel.findByRole('form', { name: 'Cancel the event' });

  await user.click(within(form).getByRole('button', { name: 'Cancel the event' }));
  expect(within(form).getByLabelText('Message to everyone booked')).toHaveAccessibleDescription(expect.stringContaining('Please write a short message'));

  await user.type(within(form).getByLabelText('Message to everyone booked'), 'The hall is flooded. Sorry!');
  await user.click(within(form).getByRole('button', { name: 'Cancel the event' }));
  await user.click(within(form).getByRole('button', { name: 'Yes, cancel the event' }));

  const notice = await panel.findByRole('status');
  expect(notice).toHaveTextContent('“Summer Lunch” is cancelled. 1 person is being told by e-mail. Please phone the person listed below.');
  expect(notice).toHaveTextContent('Joan Walsh: 090 123 4567');
  expect(state.cancelledEvents[LUNCH_PATH]).toBeDefined();
});
