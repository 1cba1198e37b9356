import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { errorBody, type WireReceivedContactMessage } from '../../../contract/wire';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

function inbox() {
  return screen.getByRole('region', { name: 'Contact Messages' });
}

const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script><b>Hello</b>';

const messages: WireReceivedContactMessage[] = [
  { id: '1', name: 'Older Sender', email: 'older@example.org', message: 'First message', receivedAt: '2026-02-01T09:00:00.000Z', delivery: 'sent', attempts: 1, handled: false },
  { id: '3', name: '<i>Newest</i> Sender', email: 'newest@example.org', message: HOSTILE, receivedAt: '2026-03-05T14:30:00.000Z', delivery: 'pending', attempts: 0, handled: false },
  { id: '2', name: 'Middle Sender', email: 'middle@example.org', message: 'Line one\nLine two', receivedAt: '2026-02-20T12:00:00.000Z', delivery: 'failed', attempts: 5, handled: false },
];

test('the inbox lists messages newest first with sender, e-mail, date, delivery state and text', async () => {
  useSignedInApi(server, { contactMessages: messages });
  renderSite('/admin');
  await findAdminPage();

  const names = await within(inbox()).findAllByRole('heading', { level: 3 });

  expect(names.map((name) => name.textContent)).toEqual(['<i>Newest</i> Sender', 'Middle Sender', 'Older Sender']);
  const [newest, middle, older] = within(inbox()).getAllByRole('listitem');
  expect(newest).toHaveTextContent('newest@example.org');
  expect(newest).toHaveTextContent('5 March 2026');
  expect(within(newest!).getByText('Pending')).toBeInTheDocument();
  expect(within(middle!).getByText('Failed')).toBeInTheDocument();
  expect(within(middle!).getByText('Line one Line two', { normalizer: (text) => text.replace(/\s+/g, ' ') })).toBeInTheDocument();
  expect(within(older!).getByText('Sent')).toBeInTheDocument();
});

test('markup in a message is shown as text and never becomes part of the page', async () => {
  useSignedInApi(server, { contactMessages: messages });
  renderSite('/admin');
  await findAdminPage();

  expect(await within(inbox()).findByText(HOSTILE)).toBeInTheDocument();

  expect(inbox().querySelector('img, script, b, i')).toBeNull();
});

test('with no messages the inbox says so', async () => {
  useSignedInApi(server, { contactMessages: [] });
  renderSite('/admin');
  await findAdminPage();

  expect(await within(inbox()).findByText('No messages have been received yet.')).toBeInTheDocument();
});

test('when the messages cannot be loaded the inbox says so and Try again loads them', async () => {
  useSignedInApi(server, { contactMessages: messages });
  let failing = true;
  server.use(
    http.get('*/api/contact-messages', () =>
      failing ? HttpResponse.json(errorBody('unavailable', 'The website is busy right now.'), { status: 503 }) : undefined,
    ),
  );
  const { user } = renderSite('/admin');
  await findAdminPage();

  const alert = await within(inbox()).findByRole('alert');
  expect(alert).toHaveTextContent('The messages could not be loaded. The website is busy right now.');
  failing = false;
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));

  expect(await within(inbox()).findByRole('heading', { name: 'Older Sender' })).toBeInTheDocument();
});

test('Check for new messages shows a message that arrived since the page opened', async () => {
  const state = useSignedInApi(server, { contactMessages: [messages[0]!] });
  const { user } = renderSite('/admin');
  await findAdminPage();
  await within(inbox()).findByRole('heading', { name: 'Older Sender' });
  state.contactMessages = [messages[2]!, ...state.contactMessages];

  await user.click(within(inbox()).getByRole('button', { name: 'Check for new messages' }));

  expect(await within(inbox()).findByRole('heading', { name: 'Middle Sender' })).toBeInTheDocument();
});
