import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import { errorBody } from '../../adapters/http/wire';
import { CONTACT_CONFIRMATION } from '../../src-core/machines/contact.machine';
import { createSelfHostedApi } from '../../mocks/self-hosted-api';
import { renderApp, startSelfHostedApi } from './app-harness';

const server = startSelfHostedApi();

// The contact machine logs each outcome, as the spec asks; keep the test output quiet.
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

/** A fresh API whose stored messages the test can read. */
function useApi() {
  const api = createSelfHostedApi();
  server.use(...api.handlers);
  return api.state;
}

async function fillIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(field('Your Name:'), 'Mary Byrne');
  await user.type(field('Your Email:'), 'mary@example.org');
  await user.type(field('Message:'), 'Is there a branch in Sligo?');
}

test('the contact page has the spec form: name, e-mail of type email, message and Send Message', () => {
  renderApp('/contact');

  expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Your Name:' })).toBeRequired();
  expect(screen.getByRole('textbox', { name: 'Your Email:' })).toHaveAttribute('type', 'email');
  expect(screen.getByRole('textbox', { name: 'Message:' })).toBeRequired();
  expect(sendButton()).toBeEnabled();
});

test('sending an empty form shows a message next to each field, focuses the first and sends nothing', async () => {
  const state = useApi();
  const { user } = renderApp('/contact');

  await user.click(sendButton());

  expect(field('Your Name:')).toHaveAccessibleDescription('Please enter your name.');
  expect(field('Your Email:')).toHaveAccessibleDescription('Please enter your e-mail address.');
  expect(field('Message:')).toHaveAccessibleDescription('Please enter a message.');
  expect(field('Your Name:')).toBeInvalid();
  expect(field('Your Name:')).toHaveFocus();
  expect(state.contactMessages).toEqual([]);
});

test('a malformed e-mail address is refused with a clear message and focus goes to it', async () => {
  const { user } = renderApp('/contact');
  await user.type(field('Your Name:'), 'Mary Byrne');
  await user.type(field('Your Email:'), 'mary at example');
  await user.type(field('Message:'), 'Hello');

  await user.click(sendButton());

  expect(field('Your Email:')).toHaveAccessibleDescription('Please enter a valid e-mail address, like name@example.org.');
  expect(field('Your Email:')).toHaveFocus();
  expect(field('Your Name:')).toBeValid();
});

test('an accepted message shows the confirmation, clears the form and reaches the backend', async () => {
  quietLogs();
  const state = useApi();
  const { user } = renderApp('/contact');
  await fillIn(user);

  await user.click(sendButton());

  expect(await screen.findByRole('status')).toHaveTextContent(CONTACT_CONFIRMATION);
  expect(field('Your Name:')).toHaveValue('');
  expect(field('Your Email:')).toHaveValue('');
  expect(field('Message:')).toHaveValue('');
  expect(state.contactMessages).toMatchObject([
    { name: 'Mary Byrne', email: 'mary@example.org', message: 'Is there a branch in Sligo?' },
  ]);
});

test('a refused message says it was not sent and keeps what was typed', async () => {
  quietLogs();
  server.use(
    http.post('*/api/contact', () =>
      HttpResponse.json(errorBody('unavailable', 'Something went wrong on the website. Please try again in a moment.'), {
        status: 503,
      }),
    ),
  );
  const { user } = renderApp('/contact');
  await fillIn(user);

  await user.click(sendButton());

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Your message was not sent. Something went wrong on the website. Please try again in a moment.',
  );
  expect(field('Your Name:')).toHaveValue('Mary Byrne');
  expect(field('Your Email:')).toHaveValue('mary@example.org');
  expect(field('Message:')).toHaveValue('Is there a branch in Sligo?');
  expect(sendButton()).toBeEnabled();
});

test('a message refused for a field by the server shows that message next to the field', async () => {
  quietLogs();
  server.use(
    http.post('*/api/contact', () =>
      HttpResponse.json(
        errorBody('invalid-input', 'Please enter a valid e-mail address, like name@example.org.', {
          fieldErrors: { email: 'Please enter a valid e-mail address, like name@example.org.' },
        }),
        { status: 400 },
      ),
    ),
  );
  const { user } = renderApp('/contact');
  await fillIn(user);

  await user.click(sendButton());

  await waitFor(() =>
    expect(field('Your Email:')).toHaveAccessibleDescription('Please enter a valid e-mail address, like name@example.org.'),
  );
});

test('the button is disabled while sending, and a double click sends the message once', async () => {
  quietLogs();
  const state = useApi();
  server.use(
    http.post('*/api/contact', async () => {
      await delay(50);
      return undefined;
    }),
  );
  const { user } = renderApp('/contact');
  await fillIn(user);

  await user.dblClick(sendButton());

  expect(sendButton()).toBeDisabled();
  expect(screen.getByRole('status')).toHaveTextContent('Sending your message...');
  expect(await screen.findByText(CONTACT_CONFIRMATION)).toBeInTheDocument();
  expect(state.contactMessages).toHaveLength(1);
});

test('a robot that fills the hidden field is thanked but its message is not kept', async () => {
  quietLogs();
  const state = useApi();
  const { user } = renderApp('/contact');
  await fillIn(user);

  await user.type(screen.getByLabelText('Leave this field empty'), 'https://spam.example.org');
  await user.click(sendButton());

  expect(await screen.findByText(CONTACT_CONFIRMATION)).toBeInTheDocument();
  expect(state.contactMessages).toEqual([]);
});
