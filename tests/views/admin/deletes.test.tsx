import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { errorBody } from '../../../contract/wire';
import { startSelfHostedApi } from '../app-harness';
import { NO_EVENT_DETAILS } from '../../../src-core/domain/event-details';
import { defaultSeed } from '../../../mocks/self-hosted-api';
import { findAdminPage, gate, quietLogs, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

function list(heading: 'Important Documents' | 'Events' | 'Newsletters') {
  return screen.getByRole('region', { name: heading });
}

async function openAdmin() {
  const state = useSignedInApi(server);
  const view = renderSite('/admin');
  await findAdminPage();
  await within(list('Newsletters')).findByRole('button', { name: 'Delete Spring Newsletter' });
  return { state, ...view };
}

test("'Delete Files' lists each folder's files with a Delete button named after the file", async () => {
  await openAdmin();

  expect(screen.getByRole('heading', { level: 2, name: 'Delete Files' })).toBeInTheDocument();
  expect(within(list('Important Documents')).getByRole('button', { name: 'Delete Membership Form' })).toBeInTheDocument();
  expect(within(list('Events')).getByRole('button', { name: 'Delete Summer Outing' })).toBeInTheDocument();
  expect(within(list('Newsletters')).getAllByRole('button', { name: /^Delete / })).toHaveLength(1);
});

test("an event is listed for deleting by its title and date, not its file name", async () => {
  const files = defaultSeed().files.map((file) =>
    file.name === 'Summer Outing.pdf' ? { ...file, details: { ...NO_EVENT_DETAILS, title: 'Summer Outing to Galway', start: '2026-07-04', allDay: true } } : file,
  );
  useSignedInApi(server, { files });
  renderSite('/admin');
  await findAdminPage();

  const events = list('Events');
  expect(await within(events).findByRole('link', { name: /^Summer Outing to Galway/ })).toBeInTheDocument();
  expect(events).toHaveTextContent('Saturday 4 July 2026');
  expect(within(events).getByRole('button', { name: 'Delete Summer Outing to Galway' })).toBeInTheDocument();
  expect(within(events).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/admin/events');
});

test('Delete asks first, naming the file; keeping it changes nothing and returns focus to Delete', async () => {
  const { user, state } = await openAdmin();

  await user.click(within(list('Events')).getByRole('button', { name: 'Delete Summer Outing' }));
  const question = within(list('Events')).getByRole('group', { name: 'Delete "Summer Outing"? This cannot be undone.' });
  expect(within(question).getByRole('button', { name: 'No, keep it' })).toHaveFocus();
  await user.click(within(question).getByRole('button', { name: 'No, keep it' }));

  expect(within(list('Events')).queryByRole('group')).not.toBeInTheDocument();
  expect(within(list('Events')).getByRole('button', { name: 'Delete Summer Outing' })).toHaveFocus();
  expect(state.files.map((file) => file.name)).toContain('Summer Outing.pdf');
});

test('a confirmed delete keeps the file listed until the server confirms, then removes it and says so', async () => {
  quietLogs();
  const { user, state } = await openAdmin();
  const held = gate();
  server.use(
    http.delete('*/api/files', async () => {
      await held.opened;
    }),
  );

  await user.click(within(list('Important Documents')).getByRole('button', { name: 'Delete Membership Form' }));
  await user.click(within(list('Important Documents')).getByRole('button', { name: 'Yes, delete' }));
  expect(within(list('Important Documents')).getByRole('status')).toHaveTextContent('Deleting "Membership Form"...');
  expect(within(list('Important Documents')).getByRole('link', { name: /Membership Form/ })).toBeInTheDocument();
  held.open();

  expect(await screen.findByText('"Membership Form" was deleted.')).toBeInTheDocument();
  await waitFor(() => expect(within(list('Important Documents')).queryByRole('link', { name: /Membership Form/ })).not.toBeInTheDocument());
  expect(await within(list('Important Documents')).findByText('There are no important documents.')).toBeInTheDocument();
  expect(state.files.map((file) => file.name)).not.toContain('Membership Form.pdf');
});

test('a delete the server refuses says so and the file stays listed', async () => {
  quietLogs();
  const { user, state } = await openAdmin();
  server.use(http.delete('*/api/files', () => HttpResponse.json(errorBody('unavailable', 'The website is busy right now.'), { status: 503 })));

  await user.click(within(list('Newsletters')).getByRole('button', { name: 'Delete Spring Newsletter' }));
  await user.click(within(list('Newsletters')).getByRole('button', { name: 'Yes, delete' }));

  expect(await within(list('Newsletters')).findByRole('alert')).toHaveTextContent('"Spring Newsletter" was not deleted. The website is busy right now.');
  expect(within(list('Newsletters')).getByRole('button', { name: 'Delete Spring Newsletter' })).toHaveFocus();
  expect(state.files.map((file) => file.name)).toContain('Spring Newsletter.pdf');
});

test('deleting a file someone else already removed says it could not be found', async () => {
  quietLogs();
  const { user, state } = await openAdmin();
  state.files = state.files.filter((file) => file.name !== 'Summer Outing.pdf');

  await user.click(within(list('Events')).getByRole('button', { name: 'Delete Summer Outing' }));
  await user.click(within(list('Events')).getByRole('button', { name: 'Yes, delete' }));

  expect(await within(list('Events')).findByRole('alert')).toHaveTextContent('"Summer Outing" could not be found.');
});
