import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { errorBody, type WireReceivedContactMessage } from '../../../contract/wire';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

function inbox() {
  return screen.getByRole('region', { name: 'Inbox' });
}

const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script><b>Hello</b>';

const messages: WireReceivedContactMessage[] = [
  { id: '1', name: 'Older Sender', email: 'older@example.org', message: 'First message', receivedAt: '2026-02-01T09:00:00.000Z', delivery: 'sent', attempts: 1, handled: false },
  { id: '3', name: '<i>Newest</i> Sender', email: 'newest@example.org', message: HOSTILE, receivedAt: '2026-03-05T14:30:00.000Z', delivery: 'pending', attempts: 0, handled: false },
  { id: '2', name: 'Middle Sender', email: 'middle@example.org', message: 'Line one\nLine two', receivedAt: '2026-02-20T12:00:00.000Z', delivery: 'failed', attempts: 5, handled: false },
];

test('the inbox lists messages newest first with sender, e-mail, date, delivery state and text', async () => {
  useSignedInApi(server, { contactMessages: messages });
  renderSite('/admin/inbox');
  await findAdminPage('Inbox');

  const names = await within(inbox()).findAllByRole('heading', { level: 3 });

  expect(names.map((name) => name.textContent)).toEqual(['<i>Newest</i> Sender', 'Middle Sender', 'Older Sender']);
  const [newest, middle, older] = within(inbox()).getAllByRole('listitem');
  expect(newest).toHaveTextContent('newest@example.org');
  expect(newest).toHaveTextContent('5 March 2026');
  expect(within(newest!).getByText('Waiting to be e-mailed')).toBeInTheDocument();
  expect(within(middle!).getByText('Not e-mailed')).toBeInTheDocument();
  expect(within(middle!).getByText('Line one Line two', { normalizer: (text) => text.replace(/\s+/g, ' ') })).toBeInTheDocument();
  expect(within(older!).getByText('E-mailed')).toBeInTheDocument();
});

test('markup in a message is shown as text and never becomes part of the page', async () => {
  useSignedInApi(server, { contactMessages: messages });
  renderSite('/admin/inbox');
  await findAdminPage('Inbox');

  expect(await within(inbox()).findByText(HOSTILE)).toBeInTheDocument();

  expect(inbox().querySelector('img, script, b, i')).toBeNull();
});

test('with no messages the inbox says so', async () => {
  useSignedInApi(server, { contactMessages: [] });
  renderSite('/admin/inbox');
  await findAdminPage('Inbox');

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
  const { user } = renderSite('/admin/inbox');
  await findAdminPage('Inbox');

  const alert = await within(inbox()).findByRole('alert');
  expect(alert).toHaveTextContent('The messages could not be loaded. The website is busy right now.');
  failing = false;
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));

  expect(await within(inbox()).findByRole('heading', { name: 'Older Sender' })).toBeInTheDocument();
});

test('Check for new messages shows a message that arrived since the page opened', async () => {
  const state = useSignedInApi(server, { contactMessages: [messages[0]!] });
  const { user } = renderSite('/admin/inbox');
  await findAdminPage('Inbox');
  await within(inbox()).findByRole('heading', { name: 'Older Sender' });
  state.contactMessages = [messages[2]!, ...state.contactMessages];

  await user.click(within(inbox()).getByRole('button', { name: 'Check for new messages' }));

  expect(await within(inbox()).findByRole('heading', { name: 'Middle Sender' })).toBeInTheDocument();
});

test('the inbox counts new messages; each can be marked handled, replied to by e-mail, and deleted after a confirmation, all by keyboard', async () => {
  const state = useSignedInApi(server, { contactMessages: messages });
  const { user } = renderSite('/admin/inbox');
  await findAdminPage('Inbox');
  await within(inbox()).findByRole('heading', { name: 'Middle Sender' });

  expect(within(inbox()).getByText('3 messages, 3 new, newest first.')).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Admin area' });
  expect(within(nav).getByRole('link', { name: 'Inbox (3 new)' })).toBeInTheDocument();
  const reply = within(inbox()).getByRole('link', { name: /Reply by e-mail\s*to Middle Sender/ });
  expect(reply.getAttribute('href')).toMatch(/^mailto:middle@example\.org\?subject=Your%20message%20to%20the%20Retired%20Nurses/);

  within(inbox()).getByRole('button', { name: /Mark as handled:\s*message from Middle Sender/ }).focus();
  await user.keyboard('{Enter}');
  expect(await within(inbox()).findByText('3 messages, 2 new, newest first.')).toBeInTheDocument();
  expect(state.contactMessages.find((message) => message.id === '2')?.handled).toBe(true);
  // The admin navigation counts the same messages, so its Inbox link says so at once.
  expect(within(nav).getByRole('link', { name: 'Inbox (2 new)' })).toBeInTheDocument();

  within(inbox()).getByRole('button', { name: /Delete\s*the message from Middle Sender/ }).focus();
  await user.keyboard('{Enter}');
  const prompt = within(inbox()).getByRole('group', { name: 'Delete the message from Middle Sender? This cannot be undone.' });
  expect(within(prompt).getByRole('button', { name: 'No, keep it' })).toHaveFocus();
  await user.keyboard('{Enter}');
  // Kept: focus goes back to the button that asked.
  expect(within(inbox()).getByRole('button', { name: /Delete\s*the message from Middle Sender/ })).toHaveFocus();
  await user.keyboard('{Enter}');
  await user.keyboard('{Shift>}{Tab}{/Shift}{Enter}');

  expect(await screen.findByText('The message from Middle Sender was deleted.')).toBeInTheDocument();
  expect(screen.getByText('The message from Middle Sender was deleted.').closest('[tabindex="-1"]')).toHaveFocus();
  expect(within(inbox()).queryByRole('heading', { name: 'Middle Sender' })).not.toBeInTheDocument();
  expect(state.contactMessages.map((message) => message.id)).not.toContain('2');
  expect(within(nav).getByRole('link', { name: 'Inbox (2 new)' })).toBeInTheDocument();

  // Marking the handled one new again counts it once more.
  await user.click(within(inbox()).getByRole('button', { name: /Mark as handled:\s*message from Older Sender/ }));
  expect(await within(nav).findByRole('link', { name: 'Inbox (1 new)' })).toBeInTheDocument();
});

test('a message that cannot be changed says why beside it, and the inbox stays as it was', async () => {
  useSignedInApi(server, { contactMessages: messages });
  server.use(http.patch('*/api/contact-messages/:id', () => HttpResponse.json(errorBody('unavailable', 'The website is busy right now.'), { status: 503 })));
  const { user } = renderSite('/admin/inbox');
  await findAdminPage('Inbox');

  await user.click(await within(inbox()).findByRole('button', { name: /Mark as handled:\s*message from Older Sender/ }));

  const older = within(inbox()).getByRole('listitem', { name: 'Older Sender' });
  expect(await within(older).findByRole('alert')).toHaveTextContent('The website is busy right now.');
  expect(within(inbox()).getByText('3 messages, 3 new, newest first.')).toBeInTheDocument();
});

test('without a mail server the inbox says messages are stored here only, and offers no sending again', async () => {
  useSignedInApi(server, { contactMessages: [{ ...messages[0]!, delivery: 'not-emailed' }], emailSetUp: false });
  renderSite('/admin/inbox');
  await findAdminPage('Inbox');

  expect(await within(inbox()).findByText('Stored here')).toBeInTheDocument();
  expect(within(inbox()).getByText(/E-mail is not set up on this website/)).toBeInTheDocument();
  expect(within(inbox()).queryByRole('button', { name: /Send by e-mail again/ })).not.toBeInTheDocument();
});

test('a failed message can be sent again where e-mail is set up', async () => {
  const state = useSignedInApi(server, { contactMessages: [messages[2]!], emailSetUp: true });
  const { user } = renderSite('/admin/inbox');
  await findAdminPage('Inbox');

  await user.click(await within(inbox()).findByRole('button', { name: /Send by e-mail again:\s*message from Middle Sender/ }));

  expect(await within(inbox()).findByText('Waiting to be e-mailed')).toBeInTheDocument();
  expect(state.contactMessages[0]?.delivery).toBe('pending');
});
