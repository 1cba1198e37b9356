import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { CONTACT_CONFIRMATION } from '../../src-core/machines/contact.machine';
import { BACKENDS, SELF_HOSTED, startFakeNetwork, type RenderedSite } from './backends';

const network = startFakeNetwork();

// The contact machine logs each outcome, as docs/behaviour.md#failures says; keep the test output quiet.
function quietLogs() {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
}

function field(label: 'Your Name:' | 'Your Email:' | 'Message:') {
  return screen.getByLabelText(label);
}

function sendButton() {
  return screen.getByRole('button', { name: 'Send Message' });
}

async function fillIn(user: RenderedSite['user']) {
  await user.type(field('Your Name:'), 'Mary Byrne');
  await user.type(field('Your Email:'), 'mary@example.org');
  await user.type(field('Message:'), 'Is there a branch in Sligo?');
}

describe.each(BACKENDS)('on the $name backend', (backend) => {
  test('the contact page has its fixed form: name, e-mail of type email, message and Send Message', () => {
    network.site(backend).render('/contact');

    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your Name:' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Your Email:' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Message:' })).toBeRequired();
    expect(sendButton()).toBeEnabled();
  });

  test('sending an empty form shows a message next to each field, focuses the first and sends nothing', async () => {
    const site = network.site(backend);
    const { user } = site.render('/contact');

    await user.click(sendButton());

    expect(field('Your Name:')).toHaveAccessibleDescription('Please enter your name.');
    expect(field('Your Email:')).toHaveAccessibleDescription('Please enter your e-mail address.');
    expect(field('Message:')).toHaveAccessibleDescription('Please enter a message.');
    expect(field('Your Name:')).toBeInvalid();
    expect(field('Your Name:')).toHaveFocus();
    expect(site.sentMessages()).toEqual([]);
  });

  test('an error summary at the top lists what is missing, each a link to its field', async () => {
    const { user } = network.site(backend).render('/contact');

    await user.click(sendButton());

    const summary = screen.getByRole('heading', { level: 2, name: 'There are 3 problems' }).parentElement;
    if (summary === null) throw new Error('no summary');
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Please enter your name.', 'Please enter your e-mail address.', 'Please enter a message.']);
    expect(links[1]).toHaveAttribute('href', `#${field('Your Email:').id}`);
  });

  test('a malformed e-mail address is refused with a clear message and focus goes to it', async () => {
    const { user } = network.site(backend).render('/contact');
    await user.type(field('Your Name:'), 'Mary Byrne');
    await user.type(field('Your Email:'), 'mary at example');
    await user.type(field('Message:'), 'Hello');

    await user.click(sendButton());

    expect(field('Your Email:')).toHaveAccessibleDescription('Please enter a valid e-mail address, like name@example.org.');
    expect(field('Your Email:')).toHaveFocus();
    expect(field('Your Name:')).toBeValid();
  });

  test('an accepted message shows a confirmation in place of the form, saying what happens next and how soon, and reaches the backend', async () => {
    quietLogs();
    const site = network.site(backend);
    const { user } = site.render('/contact');
    await fillIn(user);

    await user.click(sendButton());

    // The 'Sending your message...' status comes first; wait for the confirmation to replace it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(CONTACT_CONFIRMATION));
    expect(screen.getByRole('status')).toHaveTextContent('We usually reply within three working days.');
    expect(screen.queryByLabelText('Your Name:')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Write another message' }));
    expect(field('Your Name:')).toHaveValue('');
    expect(field('Your Email:')).toHaveValue('');
    expect(field('Message:')).toHaveValue('');
    expect(site.sentMessages()).toEqual([
      { name: 'Mary Byrne', email: 'mary@example.org', message: 'Is there a branch in Sligo?' },
    ]);
  });

  test('a refused message says it was not sent and keeps what was typed', async () => {
    quietLogs();
    const site = network.site(backend);
    const refusal = site.failContact('refused');
    const { user } = site.render('/contact');
    await fillIn(user);

    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(`Your message was not sent. ${refusal.reason}`);
    expect(field('Your Name:')).toHaveValue('Mary Byrne');
    expect(field('Your Email:')).toHaveValue('mary@example.org');
    expect(field('Message:')).toHaveValue('Is there a branch in Sligo?');
    expect(sendButton()).toBeEnabled();
    expect(site.sentMessages()).toEqual([]);
  });

  test('a message refused because too many were sent says so and keeps what was typed', async () => {
    quietLogs();
    const site = network.site(backend);
    const refusal = site.failContact('throttled');
    const { user } = site.render('/contact');
    await fillIn(user);

    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Your message was not sent because too many messages were sent in a short time. ${refusal.reason}`,
    );
    expect(field('Message:')).toHaveValue('Is there a branch in Sligo?');
    expect(sendButton()).toBeEnabled();
  });

  test('the button is disabled while sending, and a double click sends the message once', async () => {
    quietLogs();
    const site = network.site(backend);
    const contact = site.holdContact();
    const { user } = site.render('/contact');
    await fillIn(user);

    await user.dblClick(sendButton());

    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Sending your message...');
    contact.release();
    expect(await screen.findByText(CONTACT_CONFIRMATION)).toBeInTheDocument();
    expect(site.sentMessages()).toHaveLength(1);
  });

  test('a robot that fills the hidden field is thanked but its message is not kept', async () => {
    quietLogs();
    const site = network.site(backend);
    const { user } = site.render('/contact');
    await fillIn(user);

    await user.type(screen.getByLabelText('Leave this field empty'), 'https://spam.example.org');
    await user.click(sendButton());

    expect(await screen.findByText(CONTACT_CONFIRMATION)).toBeInTheDocument();
    expect(site.sentMessages()).toEqual([]);
  });
});

// EmailJS never refuses a message for one field: the hosted adapter checks the fields with the
// form's own rules before sending. Only the self-hosted server responds with per-field errors.
describe('on the self-hosted backend only', () => {
  test('a message refused for a field by the server shows that message next to the field', async () => {
    quietLogs();
    const site = network.site(SELF_HOSTED);
    site.refuseContactField('email', 'Please enter a valid e-mail address, like name@example.org.');
    const { user } = site.render('/contact');
    await fillIn(user);

    await user.click(sendButton());

    await waitFor(() =>
      expect(field('Your Email:')).toHaveAccessibleDescription('Please enter a valid e-mail address, like name@example.org.'),
    );
  });
});
