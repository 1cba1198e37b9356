import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { WireMailing, WireSubscriber } from '../../../contract/subscriptions';
import { createBackend } from '../../../src/app/backend';
import { startSelfHostedApi } from '../app-harness';
import { MOCK_ADMIN, findAdminPage, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

function subscriber(id: string, email: string, extra: Partial<WireSubscriber> = {}): WireSubscriber {
  return {
    id,
    email,
    name: '',
    state: 'confirmed',
    requestedAt: '2026-03-01T10:00:00.000Z',
    confirmedAt: '2026-03-01T10:05:00.000Z',
    consent: { at: '2026-03-01T10:00:00.000Z', form: 'home', wording: 'Get our news by e-mail.' },
    notWorking: null,
    ...extra,
  };
}

const people = [
  subscriber('1', 'mary@example.org', { name: 'Mary Byrne' }),
  subscriber('2', 'old@example.org', { notWorking: { at: '2026-03-05T10:00:00.000Z', reason: '550 5.1.1 mailbox unavailable' } }),
  subscriber('3', 'new@example.org', { state: 'pending', confirmedAt: null }),
];

function subscribersRegion() {
  return screen.getByRole('region', { name: 'Subscribers' });
}

function mailingRegion() {
  return screen.getByRole('region', { name: 'Send our news by e-mail' });
}

test('the subscriber list gives the count, the export link and the addresses that no longer work, with the refusal', async () => {
  useSignedInApi(server, { subscribers: people });
  renderSite('/admin/email');
  await findAdminPage('E-mail to members');

  expect(await within(subscribersRegion()).findByText('2 people get our news by e-mail. 1 more has not confirmed yet.')).toBeInTheDocument();
  expect(within(subscribersRegion()).getByRole('link', { name: /Download the whole list/ })).toHaveAttribute('href', '/api/subscribers/export.csv');
  const broken = within(subscribersRegion()).getByRole('group', { name: 'These addresses no longer work — a phone call may help' });
  expect(broken).toHaveTextContent('old@example.org: their mail server said “550 5.1.1 mailbox unavailable”');
  expect(within(broken).queryByText(/mary@example.org/)).not.toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Admin area' });
  expect(await within(nav).findByRole('link', { name: 'E-mail to members (2)' })).toHaveAttribute('aria-current', 'page');
});

test('searching shows only the matching addresses', async () => {
  useSignedInApi(server, { subscribers: people });
  const { user } = renderSite('/admin/email');
  await findAdminPage('E-mail to members');
  await within(subscribersRegion()).findByRole('heading', { name: 'mary@example.org' });

  await user.type(within(subscribersRegion()).getByRole('searchbox', { name: 'Find an address or name' }), 'byrne');
  await user.click(within(subscribersRegion()).getByRole('button', { name: 'Find' }));

  await within(subscribersRegion()).findByRole('heading', { name: 'mary@example.org' });
  expect(within(subscribersRegion()).queryByRole('heading', { name: 'new@example.org' })).not.toBeInTheDocument();
});

test('adding an address by hand asks how they agreed, then adds it with that note', async () => {
  const state = useSignedInApi(server);
  const { user } = renderSite('/admin/email');
  await findAdminPage('E-mail to members');
  const region = subscribersRegion();
  await within(region).findByText('0 people get our news by e-mail.');

  await user.type(within(region).getByRole('textbox', { name: 'E-mail' }), 'joan@example.org');
  await user.click(within(region).getByRole('button', { name: 'Add to the list' }));

  const note = within(region).getByRole('textbox', { name: /How did they agree/ });
  expect(note).toHaveAccessibleDescription(expect.stringContaining('Please say how they agreed'));
  expect(note).toHaveFocus();
  expect(state.subscribers).toHaveLength(0);

  await user.type(note, 'paper form at the AGM, 12 March');
  await user.click(within(region).getByRole('button', { name: 'Add to the list' }));

  expect(await within(region).findByText('joan@example.org was added to the list.')).toBeInTheDocument();
  expect(await within(region).findByRole('heading', { name: 'joan@example.org' })).toBeInTheDocument();
  expect(state.subscribers[0]?.consent).toMatchObject({ form: 'admin', wording: 'paper form at the AGM, 12 March' });
  expect(await within(screen.getByRole('navigation', { name: 'Admin area' })).findByRole('link', { name: 'E-mail to members (1)' })).toBeInTheDocument();
});

test('an address already on the list is refused in the server’s words', async () => {
  useSignedInApi(server, { subscribers: people });
  const { user } = renderSite('/admin/email');
  await findAdminPage('E-mail to members');
  const region = subscribersRegion();
  await within(region).findByRole('heading', { name: 'mary@example.org' });

  await user.type(within(region).getByRole('textbox', { name: 'E-mail' }), 'mary@example.org');
  await user.type(within(region).getByRole('textbox', { name: /How did they agree/ }), 'phone call');
  await user.click(within(region).getByRole('button', { name: 'Add to the list' }));

  const alert = await within(region).findByRole('alert');
  expect(alert).toHaveTextContent('This address is already on the list.');
  expect(alert).toHaveFocus();
});

test('taking an address off the list asks first; No keeps it and goes back to the button', async () => {
  const state = useSignedInApi(server, { subscribers: people });
  const { user } = renderSite('/admin/email');
  await findAdminPage('E-mail to members');
  const region = subscribersRegion();
  await within(region).findByRole('heading', { name: 'mary@example.org' });

  await user.click(within(region).getByRole('button', { name: 'Take off the list: mary@example.org' }));
  const question = within(region).getByRole('group', { name: /Take mary@example.org off the list\?/ });
  await user.click(within(question).getByRole('button', { name: 'No, keep it' }));

  expect(within(region).getByRole('button', { name: 'Take off the list: mary@example.org' })).toHaveFocus();
  expect(state.subscribers).toHaveLength(3);

  await user.click(within(region).getByRole('button', { name: 'Take off the list: mary@example.org' }));
  await user.click(within(within(region).getByRole('group', { name: /Take mary@example.org off the list\?/ })).getByRole('button', { name: 'Yes, take it off' }));

  expect(await within(region).findByText('mary@example.org was taken off the list.')).toBeInTheDocument();
  expect(within(region).queryByRole('heading', { name: 'mary@example.org' })).not.toBeInTheDocument();
  expect(state.subscribers.map((one) => one.email)).toEqual(['old@example.org', 'new@example.org']);
});

test('What we keep shows everything stored about one address, and Erase removes it after asking', async () => {
  const state = useSignedInApi(server, { subscribers: people });
  const { user } = renderSite('/admin/email');
  await findAdminPage('E-mail to members');
  const region = subscribersRegion();
  await within(region).findByRole('heading', { name: 'mary@example.org' });

  await user.click(within(region).getByRole('button', { name: 'What we keep about mary@example.org' }));

  const heading = await within(region).findByRole('heading', { name: 'What we keep about mary@example.org' });
  expect(heading).toHaveFocus();
  expect(heading.parentElement).toHaveTextContent('Mary Byrne');
  expect(heading.parentElement).toHaveTextContent('Get our news by e-mail. (the form on the home page');

  await user.click(within(region).getByRole('button', { name: 'Erase everything about mary@example.org' }));
  await user.click(within(region).getByRole('button', { name: 'Yes, erase' }));

  expect(await within(region).findByText('Everything we kept about mary@example.org was erased, past e-mails included.')).toBeInTheDocument();
  expect(state.subscribers.some((one) => one.email === 'mary@example.org')).toBe(false);
});

test('a mailing of a news post is previewed, tested, and sent to every confirmed subscriber after asking', async () => {
  const state = useSignedInApi(server, { subscribers: [people[0]!], emailSetUp: true });
  const { user } = renderSite('/admin/email');
  await findAdminPage('E-mail to members');
  const region = mailingRegion();

  const choice = await within(region).findByRole('combobox', { name: 'What to send' });
  await within(choice).findByRole('option', { name: 'Annual General Meeting' });
  await user.selectOptions(choice, 'Annual General Meeting');
  await user.click(within(region).getByRole('button', { name: 'Show the e-mail' }));

  expect(await within(region).findByRole('heading', { name: 'The e-mail as readers will see it' })).toHaveFocus();
  const frame = within(region).getByTitle('The e-mail: Annual General Meeting');
  expect(frame).toHaveAttribute('sandbox', '');
  expect(frame.getAttribute('srcdoc')).toContain('<h1>Annual General Meeting</h1>');
  expect(within(region).getByText(/Our AGM takes place in Dublin this spring/, { selector: 'pre' })).toBeInTheDocument();

  await user.click(within(region).getByRole('button', { name: 'Send a test to me' }));
  expect(await within(region).findByText(/A test e-mail is on its way to you/)).toBeInTheDocument();
  expect(state.testMailings).toEqual([{ mailingId: '1', to: MOCK_ADMIN.email }]);

  await user.click(within(region).getByRole('button', { name: 'Send to every subscriber' }));
  const question = within(region).getByRole('group', { name: /Send “Annual General Meeting” to the 1 confirmed subscriber\?/ });
  await user.click(within(question).getByRole('button', { name: 'Yes, send it' }));

  expect(await within(region).findByRole('heading', { name: 'Finished: Annual General Meeting' })).toHaveFocus();
  expect(within(region).getByText('Sent to 1. Could not send: 0. Waiting: 0.')).toBeInTheDocument();
  expect(within(region).getByRole('progressbar', { name: 'How far it has gone' })).toHaveAttribute('value', '100');
});

test('a mailing still sending is shown on opening the page, and can be paused and resumed', async () => {
  const sending: WireMailing = {
    id: '7',
    source: { kind: 'newsletter', ref: 'Spring Newsletter.pdf' },
    subject: 'New newsletter: Spring Newsletter',
    link: '/files/newsletters/Spring%20Newsletter.pdf',
    state: 'sending',
    createdAt: '2026-03-10T12:00:00.000Z',
    createdBy: MOCK_ADMIN.email,
    progress: { sent: 30, failed: 1, waiting: 69 },
  };
  const state = useSignedInApi(server, { mailings: [sending], emailSetUp: true });
  const { user } = renderSite('/admin/email');
  await findAdminPage('E-mail to members');
  const region = mailingRegion();

  expect(await within(region).findByRole('heading', { name: 'Sending: New newsletter: Spring Newsletter' })).toBeInTheDocument();
  expect(within(region).getByText('Sent to 30. Could not send: 1. Waiting: 69.')).toBeInTheDocument();
  expect(within(region).getByRole('progressbar', { name: 'How far it has gone' })).toHaveAttribute('value', '31');

  await user.click(within(region).getByRole('button', { name: 'Pause' }));
  expect(await within(region).findByRole('heading', { name: 'Paused: New newsletter: Spring Newsletter' })).toBeInTheDocument();
  expect(state.mailings[0]?.state).toBe('paused');

  await user.click(within(region).getByRole('button', { name: 'Go on sending' }));
  expect(await within(region).findByRole('heading', { name: 'Sending: New newsletter: Spring Newsletter' })).toBeInTheDocument();
  expect(state.mailings[0]?.state).toBe('sending');
});

test('without a mail server the page says so and nothing can be sent', async () => {
  useSignedInApi(server, { subscribers: [people[0]!], emailSetUp: false });
  const { user } = renderSite('/admin/email');
  await findAdminPage('E-mail to members');
  const region = mailingRegion();

  expect(await within(region).findByText(/E-mail is not set up on this website yet/)).toBeInTheDocument();
  const choice = within(region).getByRole('combobox', { name: 'What to send' });
  await within(choice).findByRole('option', { name: 'Annual General Meeting' });
  await user.selectOptions(choice, 'Annual General Meeting');
  await user.click(within(region).getByRole('button', { name: 'Show the e-mail' }));

  await within(region).findByRole('heading', { name: 'The e-mail as readers will see it' });
  expect(within(region).getByRole('button', { name: 'Send to every subscriber' })).toBeDisabled();
});

test('on a backend without e-mail to members the page is not offered and the admin area says where it is missing', async () => {
  useSignedInApi(server);
  renderSite('/admin', { ...createBackend(), memberMail: undefined });
  await findAdminPage();

  const nav = screen.getByRole('navigation', { name: 'Admin area' });
  expect(within(nav).queryByRole('link', { name: /E-mail to members/ })).not.toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Kept elsewhere on this website' })).toHaveTextContent(
    /E-mail to members .* needs the website's own server, the self-hosted version/,
  );
});
