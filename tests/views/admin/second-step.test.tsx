import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { MOCK_APP_CODE, MOCK_RECOVERY_CODES } from '../../../mocks/self-hosted-api';
import { startSelfHostedApi } from '../app-harness';
import { MOCK_ADMIN, findAdminPage, findLoginPage, renderSite, useApi } from './admin-harness';

const server = startSelfHostedApi();

async function signInWithPassword(user: ReturnType<typeof renderSite>['user']) {
  await user.click(screen.getByLabelText('E-mail'));
  await user.paste(MOCK_ADMIN.email);
  await user.click(screen.getByLabelText('Password'));
  await user.paste(MOCK_ADMIN.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

function codeField() {
  return screen.getByLabelText('Code');
}

test('with two-step sign-in on, the right password asks for the code, which then opens the admin area', async () => {
  const state = useApi(server, { twoStepEnabled: true });
  const { user } = renderSite('/login');
  await findLoginPage();

  await signInWithPassword(user);

  expect(await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in' })).toBeInTheDocument();
  expect(codeField()).toHaveFocus();
  expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
  expect(state.signedInAs).toBeNull();
  await user.keyboard(MOCK_APP_CODE);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await findAdminPage();
  expect(state.signedInAs).toBe(MOCK_ADMIN.email);
});

test('a wrong code is refused with a clear message, the field emptied for the next code', async () => {
  const state = useApi(server, { twoStepEnabled: true });
  const { user } = renderSite('/login');
  await findLoginPage();
  await signInWithPassword(user);
  await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in' });

  await user.type(codeField(), '000000');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('That code is not right. Please type the 6 numbers your app shows now, or one of your recovery codes.');
  expect(alert).toHaveFocus();
  expect(codeField()).toHaveValue('');
  expect(state.signedInAs).toBeNull();
});

test('an empty code is not sent: the field says what to type', async () => {
  useApi(server, { twoStepEnabled: true });
  const { user } = renderSite('/login');
  await findLoginPage();
  await signInWithPassword(user);
  await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in' });

  await user.click(screen.getByRole('button', { name: 'Continue' }));

  expect(codeField()).toHaveAccessibleDescription('Please type the 6 numbers your app shows, or one of your recovery codes.');
  expect(codeField()).toHaveFocus();
});

test('a recovery code signs in instead of the app code, once', async () => {
  const state = useApi(server, { twoStepEnabled: true, recoveryCodes: [...MOCK_RECOVERY_CODES] });
  const { user } = renderSite('/login');
  await findLoginPage();
  await signInWithPassword(user);
  await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in' });

  await user.type(codeField(), MOCK_RECOVERY_CODES[3]!);
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  await findAdminPage();
  expect(state.recoveryCodes).not.toContain(MOCK_RECOVERY_CODES[3]);
  expect(state.recoveryCodes).toHaveLength(9);
});

test('Start again goes back to an empty e-mail and password form', async () => {
  useApi(server, { twoStepEnabled: true });
  const { user } = renderSite('/login');
  await findLoginPage();
  await signInWithPassword(user);
  await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in' });

  await user.click(screen.getByRole('button', { name: 'Start again' }));

  expect(screen.getByLabelText('E-mail')).toHaveValue('');
  expect(screen.getByLabelText('E-mail')).toHaveFocus();
  expect(screen.getByLabelText('Password')).toHaveValue('');
  expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
});
