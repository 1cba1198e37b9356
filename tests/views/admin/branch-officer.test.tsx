import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, renderSite, useApi } from './admin-harness';

const server = startSelfHostedApi();
const OFFICER = { email: 'officer@example.org', password: 'a branch officer passphrase' };

function navLinks() {
  return within(screen.getByRole('navigation', { name: 'Admin area' }))
    .getAllByRole('link')
    .map((link) => link.textContent.replace(/ \(\d+( new)?\)$/, ''));
}

test('a branch officer signing in lands on the news, with only their pages in the navigation', async () => {
  useApi(server, { accounts: [OFFICER], roles: { [OFFICER.email]: 'branch-officer' }, branchOf: { [OFFICER.email]: '1' } });
  const { user } = renderSite('/login');
  await user.type(await screen.findByLabelText('E-mail'), OFFICER.email);
  await user.type(screen.getByLabelText('Password'), OFFICER.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));

  expect(await findAdminPage('News')).toBeInTheDocument();
  expect(navLinks()).toEqual(['News', 'Events', 'Account']);
});

test('a page outside a branch officer\'s role says so', async () => {
  useApi(server, { accounts: [OFFICER], roles: { [OFFICER.email]: 'branch-officer' }, branchOf: { [OFFICER.email]: '1' }, signedInAs: OFFICER.email });
  renderSite('/admin/team');

  expect(await findAdminPage('Team')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('This page is not part of your role (branch officer).');
});
