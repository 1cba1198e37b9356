import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { MOCK_APP_CODE, MOCK_RECOVERY_CODES } from '../../../mocks/self-hosted-api';
import { startSelfHostedApi } from '../app-harness';
import { MOCK_ADMIN, findAdminPage, findLoginPage, renderSite, useApi, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

async function showRecoveryCodes(user: ReturnType<typeof renderSite>['user']) {
  const twoStep = screen.getByRole('region', { name: 'Two-step sign-in' });
  await user.click(await within(twoStep).findByRole('button', { name: 'Set up two-step sign-in' }));
  await user.type(await within(twoStep).findByLabelText('Code from the app'), MOCK_APP_CODE);
  await user.click(within(twoStep).getByRole('button', { name: 'Confirm' }));
  await within(twoStep).findByRole('heading', { name: 'Two-step sign-in is on: your recovery codes' });
  return twoStep;
}

test('the recovery codes can be downloaded as a text file, copied, and printed', async () => {
  useSignedInApi(server);
  const { user } = renderSite('/admin/account');
  await findAdminPage('Account');
  const twoStep = await showRecoveryCodes(user);

  const download = within(twoStep).getByRole('link', { name: 'Download the codes' });
  expect(download).toHaveAttribute('download', 'recovery-codes.txt');
  const file = decodeURIComponent(download.getAttribute('href')!.replace(/^data:text\/plain;charset=utf-8,/, ''));
  for (const code of MOCK_RECOVERY_CODES) expect(file).toContain(code);

  await user.click(within(twoStep).getByRole('button', { name: 'Copy the codes' }));
  expect(await within(twoStep).findByText('The codes are copied. Paste them somewhere safe, such as a password manager.')).toBeInTheDocument();
  const copied = await navigator.clipboard.readText();
  for (const code of MOCK_RECOVERY_CODES) expect(copied).toContain(code);

  expect(within(twoStep).getByRole('button', { name: 'Print the codes' })).toBeInTheDocument();
});

test('the new password can be shown on request, to check it by eye before saving', async () => {
  useSignedInApi(server);
  const { user } = renderSite('/admin/account');
  await findAdminPage('Account');
  const password = screen.getByRole('region', { name: 'Change password' });
  const fresh = within(password).getByLabelText('New password');
  expect(fresh).toHaveAttribute('type', 'password');

  await user.click(within(password).getByRole('checkbox', { name: 'Show the new password as I type it' }));

  expect(fresh).toHaveAttribute('type', 'text');
  expect(within(password).getByLabelText('Current password')).toHaveAttribute('type', 'password');
});

test("after signing out, the second step does not repeat the signed-out note or the password step's instructions", async () => {
  useSignedInApi(server, { twoStepEnabled: true });
  const { user } = renderSite('/admin');
  await findAdminPage();
  await user.click(screen.getByRole('button', { name: 'Sign out' }));
  await findLoginPage();
  expect(screen.getByText('You have been signed out. Sign in again to make more changes.')).toBeInTheDocument();

  await user.click(screen.getByLabelText('E-mail'));
  await user.paste(MOCK_ADMIN.email);
  await user.click(screen.getByLabelText('Password'));
  await user.paste(MOCK_ADMIN.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));

  expect(await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in' })).toBeInTheDocument();
  expect(screen.queryByText(/You have been signed out/)).not.toBeInTheDocument();
  expect(screen.queryByText(/Sign in with your administrator e-mail address and password/)).not.toBeInTheDocument();
});

test("the sign-in form's fields tell a password manager what they hold", async () => {
  renderSite('/login');
  await findLoginPage();

  expect(screen.getByLabelText('E-mail')).toHaveAttribute('autocomplete', 'username');
  expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  expect(screen.getByLabelText('E-mail').closest('form')).not.toHaveAttribute('autocomplete', 'off');
});

async function signInWithBothSteps(user: ReturnType<typeof renderSite>['user'], trust: boolean) {
  await user.click(screen.getByLabelText('E-mail'));
  await user.paste(MOCK_ADMIN.email);
  await user.click(screen.getByLabelText('Password'));
  await user.paste(MOCK_ADMIN.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in' });
  await user.keyboard(MOCK_APP_CODE);
  if (trust) await user.click(screen.getByRole('checkbox', { name: 'Trust this browser for 30 days' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await findAdminPage();
}

test('a browser trusted at the second step is listed on the Account page, then signs in with the password alone until trust is stopped', async () => {
  const state = useApi(server, { twoStepEnabled: true });
  const { user } = renderSite('/login');
  await findLoginPage();
  expect(screen.queryByRole('checkbox', { name: 'Trust this browser for 30 days' })).not.toBeInTheDocument();

  await signInWithBothSteps(user, true);
  expect(state.trustedBrowsers).toHaveLength(1);

  await user.click(within(screen.getByRole('navigation', { name: 'Admin area' })).getByRole('link', { name: 'Account' }));
  await findAdminPage('Account');
  const trusted = screen.getByRole('region', { name: 'Trusted browsers' });
  expect(await within(trusted).findByText('Firefox on Windows')).toBeInTheDocument();
  expect(trusted).toHaveTextContent('(this browser)');

  await user.click(screen.getByRole('button', { name: 'Sign out' }));
  await findLoginPage();
  await user.click(screen.getByLabelText('E-mail'));
  await user.paste(MOCK_ADMIN.email);
  await user.click(screen.getByLabelText('Password'));
  await user.paste(MOCK_ADMIN.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  await findAdminPage();
  expect(screen.queryByRole('heading', { name: 'Two-step sign-in' })).not.toBeInTheDocument();

  await user.click(within(screen.getByRole('navigation', { name: 'Admin area' })).getByRole('link', { name: 'Account' }));
  await findAdminPage('Account');
  const again = screen.getByRole('region', { name: 'Trusted browsers' });
  await user.click(await within(again).findByRole('button', { name: 'Stop trusting Firefox on Windows, 192.0.2.10' }));

  expect(await within(again).findByText(/That browser is no longer trusted/)).toBeInTheDocument();
  expect(await within(again).findByText('No browser is trusted.')).toBeInTheDocument();
  expect(state.trustedBrowsers).toEqual([]);
});
