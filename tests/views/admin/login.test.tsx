import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { errorBody } from '../../../contract/wire';
import { pageTitle } from '../../../src-core/domain/navigation';
import { MOCK_MEMBER } from '../../../mocks/self-hosted-api';
import { startSelfHostedApi } from '../app-harness';
import { MOCK_ADMIN, findAdminPage, findLoginPage, gate, renderSite, useApi, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

function email() {
  return screen.getByLabelText('E-mail');
}

function password() {
  return screen.getByLabelText('Password');
}

function loginButton() {
  return screen.getByRole('button', { name: 'Login' });
}

// Pasted rather than typed key by key, which takes seconds in jsdom for a long passphrase.
async function signIn(user: ReturnType<typeof renderSite>['user'], account: { email: string; password: string }) {
  await user.click(email());
  await user.paste(account.email);
  await user.click(password());
  await user.paste(account.password);
  await user.click(loginButton());
}

test('the login page has labelled e-mail and password fields, a Login button and its title', async () => {
  useApi(server);
  renderSite('/login');

  await findLoginPage();

  expect(email()).toHaveAttribute('type', 'email');
  expect(password()).toHaveAttribute('type', 'password');
  expect(loginButton()).toBeEnabled();
  await waitFor(() => expect(document.title).toBe(pageTitle('login')));
});

test('the right e-mail and password open the admin area', async () => {
  const state = useApi(server);
  const { user } = renderSite('/login');
  await findLoginPage();

  await signIn(user, MOCK_ADMIN);

  await findAdminPage();
  // The account line names who is signed in (the activity list below may name them too).
  expect(screen.getByText(/^Signed in as/)).toHaveTextContent(`Signed in as ${MOCK_ADMIN.email}`);
  expect(state.signedInAs).toBe(MOCK_ADMIN.email);
  await waitFor(() => expect(document.title).toBe(pageTitle('admin')));
});

test('a wrong password says so without saying whether the account exists, and empties the password', async () => {
  useApi(server);
  const { user } = renderSite('/login');
  await findLoginPage();

  await signIn(user, { email: MOCK_ADMIN.email, password: 'not the password at all' });
  const wrongPassword = (await screen.findByRole('alert')).textContent;
  await user.clear(email());
  await signIn(user, { email: 'nobody@example.org', password: 'not the password at all' });
  await waitFor(() => expect(email()).toHaveValue('nobody@example.org'));

  expect(wrongPassword).toBe('The e-mail address or password is not right. Please try again.');
  expect(await screen.findByRole('alert')).toHaveTextContent(wrongPassword!);
  expect(password()).toHaveValue('');
  expect(screen.getByRole('heading', { level: 1, name: 'Administrator Login' })).toBeInTheDocument();
});

test('too many attempts says when to try again', async () => {
  useApi(server);
  server.use(
    http.post('*/api/session', () =>
      HttpResponse.json(errorBody('too-many-requests', 'Too many sign-in attempts.', { retryAfterSeconds: 900 }), { status: 429 }),
    ),
  );
  const { user } = renderSite('/login');
  await findLoginPage();

  await signIn(user, MOCK_ADMIN);

  expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Please try again in 15 minutes.');
});

test('the Login button is disabled while signing in, and a second press sends nothing more', async () => {
  const state = useApi(server);
  const held = gate();
  let attempts = 0;
  server.use(
    http.post('*/api/session', async () => {
      attempts += 1;
      await held.opened;
    }),
  );
  const { user } = renderSite('/login');
  await findLoginPage();

  await signIn(user, MOCK_ADMIN);

  expect(await screen.findByRole('status')).toHaveTextContent('Signing in...');
  expect(loginButton()).toBeDisabled();
  await user.click(loginButton());
  held.open();
  await findAdminPage();
  expect(attempts).toBe(1);
  expect(state.signedInAs).toBe(MOCK_ADMIN.email);
});

test('an empty form asks for both fields and sends nothing', async () => {
  const state = useApi(server);
  const { user } = renderSite('/login');
  await findLoginPage();

  await user.click(loginButton());

  expect(screen.getByText('Please enter your e-mail address.')).toBeInTheDocument();
  expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
  expect(email()).toHaveFocus();
  expect(email()).toHaveAccessibleDescription('Please enter your e-mail address.');
  expect(state.signedInAs).toBeNull();
});

test('a signed-out visitor to /admin is sent to the login page after a short check', async () => {
  useApi(server);
  const check = gate();
  server.use(
    http.get('*/api/session', async () => {
      await check.opened;
    }),
  );
  renderSite('/admin');

  expect(await screen.findByText('Checking your sign-in...')).toBeInTheDocument();
  check.open();
  await findLoginPage();
  expect(screen.queryByRole('heading', { name: 'Upload Events' })).not.toBeInTheDocument();
});

test('a signed-in account that is not an administrator is sent to the login page and told why', async () => {
  useApi(server, { signedInAs: MOCK_MEMBER.email });
  renderSite('/admin');

  await findLoginPage();

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(`You are signed in as ${MOCK_MEMBER.email}, but this account cannot use the admin area`);
  expect(screen.queryByRole('heading', { name: 'Upload Events' })).not.toBeInTheDocument();
});

test('signing in with a non-administrator account explains it, and Sign out there ends that session', async () => {
  const state = useApi(server);
  const { user } = renderSite('/login');
  await findLoginPage();

  await signIn(user, MOCK_MEMBER);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('this account cannot use the admin area');
  await user.click(within(alert).getByRole('button', { name: 'Sign out' }));

  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  expect(state.signedInAs).toBeNull();
  expect(loginButton()).toBeEnabled();
});

test('a signed-in administrator who opens the login page goes on to the admin area', async () => {
  useSignedInApi(server);
  renderSite('/login');

  await findAdminPage();
});

test('Sign out in the admin area ends the session and leads to the login page, which says so', async () => {
  const state = useSignedInApi(server);
  const { user } = renderSite('/admin');
  await findAdminPage();

  await user.click(screen.getByRole('button', { name: 'Sign out' }));

  await findLoginPage();
  expect(state.signedInAs).toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent('You have been signed out. Sign in again to make more changes.');
});

test('a visitor who was never signed in is sent to the login page without being told they signed out', async () => {
  useApi(server);
  renderSite('/admin');

  await findLoginPage();

  expect(screen.queryByText(/You have been signed out/)).not.toBeInTheDocument();
});
