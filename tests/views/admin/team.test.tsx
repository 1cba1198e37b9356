import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../../contract/api-messages';
import { createBackend } from '../../../src/app/backend';
import { NO_TEAM_HERE } from '../../../src-core/domain/team';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, renderSite, useApi, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();
const EDITOR = { email: 'editor@example.org', password: 'an editor passphrase' };
const SECRETARY = { email: 'members@example.org', password: 'a membership passphrase' };

function navLinks() {
  return within(screen.getByRole('navigation', { name: 'Admin area' }))
    .getAllByRole('link')
    .map((link) => link.textContent.replace(/ \(\d+( new)?\)$/, ''));
}

test('an editor sees only their pages, and the members page says plainly it is not part of their role', async () => {
  useApi(server, { accounts: [EDITOR], roles: { [EDITOR.email]: 'editor' }, signedInAs: EDITOR.email });
  renderSite('/admin/members');

  expect(await findAdminPage('Members')).toBeInTheDocument();
  expect(navLinks()).toEqual(['Files', 'News', 'Events', 'Account']);
  expect(screen.getByRole('status')).toHaveTextContent(
    'This page is not part of your role (editor). Please choose one of the pages above, or ask an administrator if you need this one.',
  );
  expect(screen.queryByRole('table')).toBeNull();
});

test('a membership secretary signing in lands on the members, not on an empty page', async () => {
  useApi(server, { accounts: [SECRETARY], roles: { [SECRETARY.email]: 'membership-secretary' } });
  const { user } = renderSite('/login');
  await user.type(await screen.findByLabelText('E-mail'), SECRETARY.email);
  await user.type(screen.getByLabelText('Password'), SECRETARY.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));

  expect(await findAdminPage('Members')).toBeInTheDocument();
  expect(navLinks()).toEqual(['Applications', 'Members', 'Renewals', 'E-mail to members', 'Account']);
});

test('an administrator invites someone as editor; the team lists them as invited', async () => {
  const state = useSignedInApi(server);
  const { user } = renderSite('/admin/team');
  await findAdminPage('Team');
  await screen.findByRole('heading', { name: 'The team' });

  await user.type(screen.getByLabelText('Their e-mail address'), 'new.editor@example.org');
  await user.click(screen.getByRole('radio', { name: /^Editor:/ }));
  await user.click(screen.getByRole('button', { name: 'Send invitation' }));

  const notice = await screen.findByText('Invitation sent to new.editor@example.org. The link in it works for 48 hours.');
  expect(notice.closest('[role="status"]')).toHaveFocus();
  expect(screen.getByLabelText('Their e-mail address')).toHaveValue('');
  const item = (await screen.findByText('new.editor@example.org')).closest('li');
  expect(item).toHaveTextContent('Role: Editor. Status: Invited, not yet accepted.');
  expect(state.team.map((member) => [member.email, member.role, member.status])).toContainEqual(['new.editor@example.org', 'editor', 'invited']);
});

test("an administrator changes someone's role, suspends them and removes them after a confirmation", async () => {
  const state = useSignedInApi(server, {
    team: [
      { email: 'admin@example.org', role: 'administrator', status: 'active', fixed: true, you: true },
      { email: 'helper@example.org', role: 'editor', status: 'active', fixed: false, you: false },
    ],
  });
  const { user } = renderSite('/admin/team');
  const item = (await screen.findByText('helper@example.org')).closest('li') as HTMLElement;

  await user.selectOptions(within(item).getByLabelText('Role for helper@example.org'), 'membership-secretary');
  await user.click(within(item).getByRole('button', { name: 'Change role' }));
  expect(await screen.findByText('helper@example.org is now membership secretary.')).toBeInTheDocument();
  expect(await within(item).findByText('Role: Membership secretary. Status: Active.')).toBeInTheDocument();

  await user.click(within(item).getByRole('button', { name: 'Suspend' }));
  expect(await screen.findByText('helper@example.org is suspended and was signed out.')).toBeInTheDocument();
  expect(await within(item).findByRole('button', { name: 'Allow back in' })).toBeInTheDocument();

  await user.click(within(item).getByRole('button', { name: 'Remove' }));
  expect(within(item).getByRole('group', { name: 'Remove helper@example.org? They can no longer sign in.' })).toBeInTheDocument();
  await user.click(within(item).getByRole('button', { name: 'Yes, remove' }));
  expect(await screen.findByText('helper@example.org was removed from the team.')).toBeInTheDocument();
  expect(state.team.map((member) => member.email)).toEqual(['admin@example.org']);
});

test('an invitation link that was used or has expired says so, and offers the sign-in', async () => {
  useApi(server);
  renderSite('/login?invitation=used-already');

  expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.invitationGone);
  expect(screen.getByRole('link', { name: 'sign in here' })).toHaveAttribute('href', '/login');
  expect(screen.queryByLabelText('Choose a password')).toBeNull();
});

test('accepting an invitation: a short password is refused, then the editor lands on the Files page', async () => {
  const state = useApi(server, { invitations: { 'good-token': { email: 'new@example.org', role: 'editor' } } });
  const { user } = renderSite('/login?invitation=good-token');
  expect(await screen.findByText(/You are invited as/)).toHaveTextContent('You are invited as editor: news, files, events and bookings.');

  await user.type(screen.getByLabelText(/^Choose a password/), 'short');
  await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a password of at least 12 characters.');

  await user.clear(screen.getByLabelText(/^Choose a password/));
  await user.type(screen.getByLabelText(/^Choose a password/), 'a long enough passphrase');
  await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));

  expect(await findAdminPage()).toBeInTheDocument();
  expect(navLinks()).toEqual(['Files', 'News', 'Events', 'Account']);
  expect(state.signedInAs).toBe('new@example.org');
});

test('the hosted site has no roles: its Team page says so instead of a form', async () => {
  useSignedInApi(server);
  renderSite('/admin/team', { ...createBackend(), team: undefined });

  await findAdminPage('Team');
  expect(screen.getByText(NO_TEAM_HERE)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
});

test('inviting a branch officer asks for their branch, says so when it is missing, and the team names the branch', async () => {
  const state = useSignedInApi(server);
  const { user } = renderSite('/admin/team');
  await screen.findByRole('heading', { name: 'The team' });
  expect(screen.queryByLabelText('Their branch')).toBeNull();

  await user.type(screen.getByLabelText('Their e-mail address'), 'officer@example.org');
  await user.click(screen.getByRole('radio', { name: /^Branch officer:/ }));
  await user.click(screen.getByRole('button', { name: 'Send invitation' }));
  expect(await screen.findByText(API_MESSAGES.branchNeeded, { selector: '.field-error' })).toBeInTheDocument();
  expect(screen.getByLabelText('Their branch')).toHaveAttribute('aria-invalid', 'true');

  await user.selectOptions(screen.getByLabelText('Their branch'), 'Sample Branch South');
  await user.click(screen.getByRole('button', { name: 'Send invitation' }));

  expect(await screen.findByText('Invitation sent to officer@example.org. The link in it works for 48 hours.')).toBeInTheDocument();
  const item = (await screen.findByText('officer@example.org')).closest('li');
  expect(item).toHaveTextContent('Role: Branch officer (Sample Branch South). Status: Invited, not yet accepted.');
  expect(state.team.find((member) => member.email === 'officer@example.org')).toMatchObject({ role: 'branch-officer', branch: { id: '2', name: 'Sample Branch South' } });
});

test("changing an editor to branch officer asks for the branch beside the role", async () => {
  useSignedInApi(server, {
    team: [
      { email: 'admin@example.org', role: 'administrator', status: 'active', fixed: true, you: true },
      { email: 'helper@example.org', role: 'editor', status: 'active', fixed: false, you: false },
    ],
  });
  const { user } = renderSite('/admin/team');
  const item = (await screen.findByText('helper@example.org')).closest('li') as HTMLElement;

  await user.selectOptions(within(item).getByLabelText('Role for helper@example.org'), 'branch-officer');
  await user.selectOptions(within(item).getByLabelText('Branch for helper@example.org'), 'Sample Branch North');
  await user.click(within(item).getByRole('button', { name: 'Change role' }));

  expect(await screen.findByText('helper@example.org is now branch officer for Sample Branch North.')).toBeInTheDocument();
  expect(await within(item).findByText('Role: Branch officer (Sample Branch North). Status: Active.')).toBeInTheDocument();
});

test('an invitation as branch officer names the branch', async () => {
  useApi(server, { invitations: { 'officer-token': { email: 'new@example.org', role: 'branch-officer', branchName: 'Sample Branch North' } } });
  renderSite('/login?invitation=officer-token');

  expect(await screen.findByText(/You are invited as/)).toHaveTextContent(
    "You are invited as branch officer of Sample Branch North: one branch's page, its news and its events with their bookings.",
  );
});
