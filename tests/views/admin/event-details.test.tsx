import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, expect, test } from 'vitest';
import { API_PATHS, errorBody } from '../../../contract/wire';
import { NO_EVENT_DETAILS } from '../../../src-core/domain/event-details';
import { defaultSeed } from '../../../mocks/self-hosted-api';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, pdfFile, quietLogs, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

// The admin area is a lazy chunk; loading it once up front keeps that one-off wait out of the first test.
beforeAll(() => import('../../../src/views/admin/admin.view'), 30_000);

const uploadEvents = () => screen.getByRole('region', { name: 'Upload Events' });
const eventsList = () => screen.getByRole('region', { name: 'Events' });

async function openAdmin(seed: Parameters<typeof useSignedInApi>[1] = {}) {
  quietLogs();
  const state = useSignedInApi(server, seed);
  const view = renderSite('/admin');
  await findAdminPage();
  // Under a loaded machine the forms wait a while for the limit and the time zone.
  await screen.findByRole('region', { name: 'Upload Events' }, { timeout: 10_000 });
  return { state, ...view };
}

/** The admin area's Events page, where each listed event's details are added or changed. */
async function openEvents(seed: Parameters<typeof useSignedInApi>[1] = {}) {
  quietLogs();
  const state = useSignedInApi(server, seed);
  const view = renderSite('/admin/events');
  await findAdminPage('Events');
  return { state, ...view };
}

test('Upload Events takes the event details with the file, all optional, and the spec popup follows', async () => {
  const { user, state } = await openAdmin();
  const form = uploadEvents();

  await user.upload(within(form).getByLabelText('Choose a file'), pdfFile('AGM 2026.pdf'));
  const toggle = within(form).getByRole('button', { name: "Add the event's date, time and place (optional)" });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(within(form).queryByRole('group', { name: 'Event details (all optional)' })).toBeNull();
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(within(form).getByRole('group', { name: 'Event details (all optional)' })).toBeVisible();
  await user.type(within(form).getByLabelText('Title'), 'Annual General Meeting');
  await user.type(within(form).getByLabelText('Date'), '2026-09-12');
  await user.type(within(form).getByLabelText('Start time'), '14:30');
  await user.type(within(form).getByLabelText('End time'), '16:00');
  await user.type(within(form).getByLabelText('Place'), 'Parish Hall');
  await user.type(within(form).getByLabelText('Town'), 'Athlone');
  await user.type(within(form).getByLabelText('Short description'), 'All members welcome.');
  await user.click(within(form).getByRole('button', { name: 'Upload' }));

  expect(await screen.findByRole('dialog', { name: 'Upload Successful!' })).toBeInTheDocument();
  expect(state.files.find((file) => file.name === 'AGM 2026.pdf')?.details).toEqual({
    ...NO_EVENT_DETAILS,
    title: 'Annual General Meeting',
    start: '2026-09-12T14:30',
    end: '2026-09-12T16:00',
    timeZone: 'Europe/Dublin',
    venue: 'Parish Hall',
    town: 'Athlone',
    description: 'All members welcome.',
  });
}, 30_000);

test('an event file can still be uploaded with no details at all', async () => {
  const { user, state } = await openAdmin();

  await user.upload(within(uploadEvents()).getByLabelText('Choose a file'), pdfFile('Later.pdf'));
  await user.click(within(uploadEvents()).getByRole('button', { name: 'Upload' }));

  expect(await screen.findByRole('dialog', { name: 'Upload Successful!' })).toBeInTheDocument();
  expect(state.files.find((file) => file.name === 'Later.pdf')?.details ?? null).toBeNull();
}, 30_000);

test('details that do not add up are refused beside their box before anything is sent', async () => {
  const { user, state } = await openAdmin();
  const before = state.files.length;
  const form = uploadEvents();

  await user.upload(within(form).getByLabelText('Choose a file'), pdfFile('Backwards.pdf'));
  await user.click(within(form).getByRole('button', { name: "Add the event's date, time and place (optional)" }));
  await user.type(within(form).getByLabelText('Date'), '2026-09-12');
  await user.type(within(form).getByLabelText('Start time'), '14:30');
  await user.type(within(form).getByLabelText('End time'), '09:00');
  await user.click(within(form).getByRole('button', { name: 'Upload' }));

  expect(within(form).getByRole('alert')).toHaveTextContent('Please check the event details: the file has not been sent.');
  expect(within(form).getByLabelText('End time')).toHaveAccessibleDescription('Irish time The end must be after the start.');
  expect(within(form).getByLabelText('End time')).toHaveAttribute('aria-invalid', 'true');
  expect(within(form).getByRole('button', { name: "Add the event's date, time and place (optional)" })).toHaveAttribute('aria-expanded', 'true');
  expect(within(form).getByRole('group', { name: 'Event details (all optional)' })).toBeVisible();
  expect(state.files).toHaveLength(before);
}, 30_000);

test("a listed event's details are added later on the Events page without uploading it again", async () => {
  const { user, state } = await openEvents();
  const list = eventsList();

  await user.click(await within(list).findByRole('button', { name: 'Add event details for Summer Outing' }));
  const editor = within(list).getByRole('form', { name: 'Event details for Summer Outing' });
  expect(within(editor).getByLabelText('Title')).toHaveFocus();
  await user.type(within(editor).getByLabelText('Date'), '2026-07-04');
  await user.click(within(editor).getByLabelText('All day (no start or end time)'));
  await user.type(within(editor).getByLabelText('Town'), 'Galway');
  await user.click(within(editor).getByRole('button', { name: 'Save details' }));

  expect(await within(list).findByText('The details of “Summer Outing” were saved.')).toBeInTheDocument();
  expect(state.files.find((file) => file.name === 'Summer Outing.pdf')?.details).toEqual({
    ...NO_EVENT_DETAILS,
    start: '2026-07-04',
    allDay: true,
    timeZone: 'Europe/Dublin',
    town: 'Galway',
  });
  expect(await within(list).findByRole('button', { name: 'Change event details for Summer Outing' })).toHaveFocus();
}, 30_000);

test('changing details shows what is stored, and cancel sends nothing', async () => {
  const files = defaultSeed().files.map((file) => (file.name === 'Summer Outing.pdf' ? { ...file, details: { ...NO_EVENT_DETAILS, town: 'Cork' } } : file));
  const { user, state } = await openEvents({ files });
  const list = eventsList();

  await user.click(await within(list).findByRole('button', { name: 'Change event details for Summer Outing' }));
  const editor = within(list).getByRole('form', { name: 'Event details for Summer Outing' });
  expect(within(editor).getByLabelText('Town')).toHaveValue('Cork');
  await user.clear(within(editor).getByLabelText('Town'));
  await user.click(within(editor).getByRole('button', { name: 'Cancel' }));

  expect(state.files.find((file) => file.name === 'Summer Outing.pdf')?.details).toEqual({ ...NO_EVENT_DETAILS, town: 'Cork' });
}, 30_000);

test("the server's refusal is shown in the form, which stays open with what was typed", async () => {
  const { user } = await openEvents();
  server.use(
    http.put(`*${API_PATHS.eventDetails}`, () =>
      HttpResponse.json(errorBody('invalid-input', 'Please keep the town to 60 characters or fewer.', { fieldErrors: { town: 'Please keep the town to 60 characters or fewer.' } }), { status: 400 }),
    ),
  );
  const list = eventsList();

  await user.click(await within(list).findByRole('button', { name: 'Add event details for Summer Outing' }));
  const editor = within(list).getByRole('form', { name: 'Event details for Summer Outing' });
  await user.type(within(editor).getByLabelText('Town'), 'Somewhere');
  await user.click(within(editor).getByRole('button', { name: 'Save details' }));

  expect(await within(editor).findByRole('alert')).toHaveTextContent('The details were not saved. Please keep the town to 60 characters or fewer.');
  expect(within(editor).getByLabelText('Town')).toHaveValue('Somewhere');
  expect(within(editor).getByLabelText('Town')).toHaveAccessibleDescription('Please keep the town to 60 characters or fewer.');
}, 30_000);

test('a dated event moves to a new date by its date alone: the end date box is empty and the end moves with it', async () => {
  const stored = { ...NO_EVENT_DETAILS, start: '2026-09-12T14:30', end: '2026-09-12T16:00', timeZone: 'Europe/Dublin' };
  const files = defaultSeed().files.map((file) => (file.name === 'Summer Outing.pdf' ? { ...file, details: stored } : file));
  const { user, state } = await openEvents({ files });
  const list = eventsList();

  await user.click(await within(list).findByRole('button', { name: 'Change event details for Summer Outing' }));
  const editor = within(list).getByRole('form', { name: 'Event details for Summer Outing' });
  expect(within(editor).getByLabelText('End date')).toHaveValue('');
  await user.clear(within(editor).getByLabelText('Date'));
  await user.type(within(editor).getByLabelText('Date'), '2026-10-03');
  await user.click(within(editor).getByRole('button', { name: 'Save details' }));

  expect(await within(list).findByText('The details of “Summer Outing” were saved.')).toBeInTheDocument();
  expect(state.files.find((file) => file.name === 'Summer Outing.pdf')?.details).toEqual({ ...stored, start: '2026-10-03T14:30', end: '2026-10-03T16:00' });
}, 30_000);

test('an end on an earlier day is refused beside End date, which gets the focus', async () => {
  const { user, state } = await openEvents();
  const list = eventsList();

  await user.click(await within(list).findByRole('button', { name: 'Add event details for Summer Outing' }));
  const editor = within(list).getByRole('form', { name: 'Event details for Summer Outing' });
  await user.type(within(editor).getByLabelText('Date'), '2026-09-12');
  await user.type(within(editor).getByLabelText('Start time'), '14:30');
  await user.type(within(editor).getByLabelText('End date'), '2026-09-11');
  await user.type(within(editor).getByLabelText('End time'), '16:00');
  await user.click(within(editor).getByRole('button', { name: 'Save details' }));

  expect(within(editor).getByRole('alert')).toHaveTextContent('Please check the details marked below. Nothing was saved.');
  expect(within(editor).getByLabelText('End date')).toHaveAccessibleDescription('Only if it ends on a later day. The end must be after the start.');
  expect(within(editor).getByLabelText('End time')).not.toHaveAttribute('aria-invalid', 'true');
  expect(await within(editor).findByLabelText('End date')).toHaveFocus();
  expect(state.files.find((file) => file.name === 'Summer Outing.pdf')?.details ?? null).toBeNull();
}, 30_000);
