import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { MOCK_APP_CODE, MOCK_RECOVERY_CODES, MOCK_TWO_STEP_KEY } from '../../../mocks/self-hosted-api';
import { startSelfHostedApi } from '../app-harness';
import { MOCK_ADMIN, findAdminPage, findLoginPage, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

function section(name: string) {
  return screen.getByRole('region', { name });
}

test('two-step sign-in is set up with a QR code or a typed key, confirmed with a code, and the ten recovery codes are shown once', async () => {
  const state = useSignedInApi(server);
  const { user } = renderSite('/admin/account');
  await findAdminPage('Account');
  const twoStep = section('Two-step sign-in');
  expect(await within(twoStep).findByText('Two-step sign-in is off.')).toBeInTheDocument();

  await user.click(within(twoStep).getByRole('button', { name: 'Set up two-step sign-in' }));

  const heading = await within(twoStep).findByRole('heading', { name: 'Add this website to your authenticator app' });
  expect(heading).toHaveFocus();
  expect(within(twoStep).getByRole('img', { name: 'QR code holding the key for your authenticator app' })).toHaveAttribute(
    'src',
    expect.stringMatching(/^data:image\/svg\+xml/),
  );
  expect(within(twoStep).getByText(MOCK_TWO_STEP_KEY)).toBeInTheDocument();

  await user.type(within(twoStep).getByLabelText('Code from the app'), '999999');
  await user.click(within(twoStep).getByRole('button', { name: 'Confirm' }));
  expect(await within(twoStep).findByRole('alert')).toHaveTextContent('That code is not right. Please type the 6 numbers your app shows now for this website.');
  expect(state.twoStepEnabled).toBe(false);

  await user.type(within(twoStep).getByLabelText('Code from the app'), MOCK_APP_CODE);
  await user.click(within(twoStep).getByRole('button', { name: 'Confirm' }));

  const codesHeading = await within(twoStep).findByRole('heading', { name: 'Two-step sign-in is on: your recovery codes' });
  expect(codesHeading).toHaveFocus();
  expect(within(twoStep).getAllByRole('listitem').map((item) => item.textContent)).toEqual(MOCK_RECOVERY_CODES);
  expect(state.twoStepEnabled).toBe(true);

  await user.click(within(twoStep).getByRole('button', { name: 'I have saved my recovery codes' }));

  expect(within(twoStep).getByText('Two-step sign-in is on. You have 10 unused recovery codes.')).toHaveFocus();
  expect(within(twoStep).queryByText(MOCK_RECOVERY_CODES[0]!)).not.toBeInTheDocument();
});

test('two-step sign-in is turned off with the password', async () => {
  const state = useSignedInApi(server, { twoStepEnabled: true, recoveryCodes: [...MOCK_RECOVERY_CODES] });
  const { user } = renderSite('/admin/account');
  await findAdminPage('Account');
  const twoStep = section('Two-step sign-in');
  await user.click(await within(twoStep).findByRole('button', { name: 'Turn off two-step sign-in' }));

  const password = within(twoStep).getByLabelText('Your password');
  expect(password).toHaveFocus();
  await user.type(password, 'not my password');
  await user.click(within(twoStep).getByRole('button', { name: 'Turn off' }));
  expect(await within(twoStep).findByRole('alert')).toHaveTextContent('Your current password is not right. Nothing was changed.');
  await user.click(within(twoStep).getByLabelText('Your password'));
  await user.paste(MOCK_ADMIN.password);
  await user.click(within(twoStep).getByRole('button', { name: 'Turn off' }));

  expect(await within(twoStep).findByText('Two-step sign-in is off.')).toHaveFocus();
  expect(state.twoStepEnabled).toBe(false);
});

test('when the site requires two-step sign-in, an administrator without it sees only how to set it up, then everything', async () => {
  useSignedInApi(server, { requireTwoStep: true });
  const { user } = renderSite('/admin');
  await findAdminPage();
  const twoStep = section('Two-step sign-in');
  // Its settings load after the page: until then 'Loading...' is a second status.
  const setUp = await within(twoStep).findByRole('button', { name: 'Set up two-step sign-in' });

  expect(within(twoStep).getByRole('status')).toHaveTextContent('This website requires two-step sign-in for administrators');
  expect(screen.queryByRole('heading', { name: 'Upload Events' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Signed-in devices' })).not.toBeInTheDocument();

  await user.click(setUp);
  await user.type(await within(twoStep).findByLabelText('Code from the app'), MOCK_APP_CODE);
  await user.click(within(twoStep).getByRole('button', { name: 'Confirm' }));

  // The codes stay on screen while the rest of the admin area appears.
  expect(await screen.findByRole('heading', { name: 'Upload Events' })).toBeInTheDocument();
  expect(within(twoStep).getByRole('heading', { name: 'Two-step sign-in is on: your recovery codes' })).toBeInTheDocument();
  await user.click(within(twoStep).getByRole('button', { name: 'I have saved my recovery codes' }));
  expect(within(twoStep).queryByRole('button', { name: 'Turn off two-step sign-in' })).not.toBeInTheDocument();
});

test('signed-in devices show browser, address and last use; one can be signed out, then all others', async () => {
  const state = useSignedInApi(server, {
    devices: [
      { id: 'here', browser: 'Firefox on Windows', address: '192.0.2.10', signedInAt: '2026-03-01T09:00:00.000Z', lastUsedAt: '2026-03-01T10:00:00.000Z', current: true },
      { id: 'phone', browser: 'Safari on iPhone', address: '198.51.100.7', signedInAt: '2026-02-20T18:00:00.000Z', lastUsedAt: '2026-02-28T19:30:00.000Z', current: false },
      { id: 'laptop', browser: 'Chrome on macOS', address: '203.0.113.4', signedInAt: '2026-02-21T18:00:00.000Z', lastUsedAt: '2026-02-27T08:15:00.000Z', current: false },
    ],
  });
  const { user } = renderSite('/admin/account');
  await findAdminPage('Account');
  const devices = section('Signed-in devices');

  const phone = (await within(devices).findByText('Safari on iPhone')).closest('li')!;
  expect(phone).toHaveTextContent('198.51.100.7');
  expect(phone).toHaveTextContent('28 February 2026');
  expect(within(devices).getByText('Firefox on Windows').closest('li')).toHaveTextContent('(this device)');

  await user.click(within(devices).getByRole('button', { name: 'Sign out Safari on iPhone, 198.51.100.7' }));
  expect(await within(devices).findByRole('status')).toHaveTextContent('That device has been signed out.');
  await waitFor(() => expect(within(devices).queryByText('Safari on iPhone')).not.toBeInTheDocument());
  expect(state.devices.map((device) => device.id)).toEqual(['here', 'laptop']);

  await user.click(within(devices).getByRole('button', { name: 'Sign out all other devices' }));
  expect(await within(devices).findByText('1 other device has been signed out.')).toBeInTheDocument();
  expect(state.devices.map((device) => device.id)).toEqual(['here']);
});

test('the password is changed with the current one; a wrong current password changes nothing', async () => {
  const state = useSignedInApi(server);
  const { user } = renderSite('/admin/account');
  await findAdminPage('Account');
  const password = section('Change password');

  await user.click(within(password).getByRole('button', { name: 'Change password' }));
  expect(within(password).getByLabelText('Current password')).toHaveFocus();
  expect(within(password).getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining('Please choose a password of at least 12 characters.'));

  await user.type(within(password).getByLabelText('Current password'), 'not the password');
  await user.type(within(password).getByLabelText('New password'), 'a fresh long passphrase');
  await user.click(within(password).getByRole('button', { name: 'Change password' }));
  expect(await within(password).findByRole('alert')).toHaveTextContent('Your current password is not right. Nothing was changed.');

  await user.click(within(password).getByLabelText('Current password'));
  await user.paste(MOCK_ADMIN.password);
  await user.click(within(password).getByRole('button', { name: 'Change password' }));

  expect(await within(password).findByRole('status')).toHaveTextContent('Your password has been changed. Every other device you were signed in on has been signed out.');
  expect(state.accounts.find((account) => account.email === MOCK_ADMIN.email)?.password).toBe('a fresh long passphrase');
  expect(state.devices.every((device) => device.current)).toBe(true);
});

test('the activity lists what was done newest first, and filters by person and by kind', async () => {
  useSignedInApi(server);
  const { user } = renderSite('/admin/activity');
  await findAdminPage('Activity');
  const activity = section('Activity');

  const list = await within(activity).findByRole('list', { name: 'Activity, newest first' });
  const entries = within(list).getAllByRole('listitem');
  expect(entries.map((entry) => entry.querySelector('strong')?.textContent)).toEqual(['Sign-in failed', 'File uploaded', 'Signed in']);
  expect(entries[0]).toHaveTextContent('not signed in, from 203.0.113.9');
  expect(entries[1]).toHaveTextContent('secretary@example.org, from 192.0.2.20');

  await user.selectOptions(within(activity).getByLabelText('Person'), 'secretary@example.org');
  await waitFor(() => expect(within(activity).getAllByRole('listitem')).toHaveLength(1));
  expect(within(activity).getByRole('listitem')).toHaveTextContent("File uploaded: 'Summer Outing' in Events");

  await user.selectOptions(within(activity).getByLabelText('Person'), '');
  await user.selectOptions(within(activity).getByLabelText('Kind'), 'signed-in');
  await waitFor(() => expect(within(activity).getAllByRole('listitem')).toHaveLength(1));
  expect(within(activity).getByRole('listitem')).toHaveTextContent(`Signed in: with password`);
  expect(within(activity).getByRole('listitem')).toHaveTextContent(MOCK_ADMIN.email);
});

test('the activity leaves out entries for merely opening the inbox, which older trails hold, and offers no such kind', async () => {
  const opened = { id: '9', at: '2026-03-02T09:00:00.000Z', actor: MOCK_ADMIN.email, kind: 'messages-read' as const, detail: '1 messages', address: '192.0.2.20' };
  const seeded = { id: '10', at: '2026-03-02T10:00:00.000Z', actor: MOCK_ADMIN.email, kind: 'message-handled' as const, detail: 'message 4', address: '192.0.2.20' };
  useSignedInApi(server, { audit: [opened, seeded] });
  renderSite('/admin/activity');
  await findAdminPage('Activity');
  const activity = section('Activity');

  const list = await within(activity).findByRole('list', { name: 'Activity, newest first' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  expect(activity).not.toHaveTextContent('Contact messages opened');
  expect(activity).not.toHaveTextContent('1 messages');
  expect(within(within(activity).getByLabelText('Kind')).queryByRole('option', { name: 'Contact messages opened' })).not.toBeInTheDocument();
});

test('a session ended from another device signs this browser out at its next request', async () => {
  const state = useSignedInApi(server);
  const { user } = renderSite('/admin/account');
  await findAdminPage('Account');
  const devices = section('Signed-in devices');
  await within(devices).findByText('Safari on iPhone');

  state.signedInAs = null;
  await user.click(within(devices).getByRole('button', { name: 'Check the list again' }));

  await findLoginPage();
  expect(screen.getByRole('status')).toHaveTextContent('You have been signed out. Sign in again to make more changes.');
});
