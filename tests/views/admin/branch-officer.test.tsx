import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { defaultSeed } from '../../../mocks/self-hosted-api';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, pdfFile, quietLogs, renderSite, useApi } from './admin-harness';

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
  expect(navLinks()).toEqual(['News', 'Events', 'Branch page', 'Account']);
});

test('a page outside a branch officer\'s role says so', async () => {
  useApi(server, { accounts: [OFFICER], roles: { [OFFICER.email]: 'branch-officer' }, branchOf: { [OFFICER.email]: '1' }, signedInAs: OFFICER.email });
  renderSite('/admin/team');

  expect(await findAdminPage('Team')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('This page is not part of your role (branch officer).');
});

const NORTH = { id: '1', slug: 'sample-branch-north', name: 'Sample Branch North' } as const;
const SOUTH = { id: '2', slug: 'sample-branch-south', name: 'Sample Branch South' } as const;

function officerApi(seed: Parameters<typeof useApi>[1] = {}) {
  return useApi(server, { accounts: [OFFICER], roles: { [OFFICER.email]: 'branch-officer' }, branchOf: { [OFFICER.email]: NORTH.id }, signedInAs: OFFICER.email, ...seed });
}

test("a branch officer's News page lists their branch's news only", async () => {
  officerApi({ posts: defaultSeed().posts.map((post) => ({ ...post, branch: post.title === 'Annual General Meeting' ? NORTH : SOUTH })) });
  renderSite('/admin/news');

  expect(await screen.findByRole('button', { name: 'Edit Annual General Meeting' })).toBeInTheDocument();
  expect(screen.queryByText('Welcome to our new website')).toBeNull();
  expect(screen.getByRole('region', { name: 'Your branch’s posts' })).toBeInTheDocument();
  expect(screen.getByText(/What you publish here is your branch.s news/)).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'News (1)' })).toBeInTheDocument();
  // Their news is their branch's: the editor offers no other.
  expect(screen.queryByLabelText(/^Branch/)).toBeNull();
});

test("a branch officer's Events page shows their branch's events, without the site's booking settings", async () => {
  const seed = defaultSeed();
  const event = seed.files.find((file) => file.folder === 'events');
  if (event === undefined) throw new Error('The seed has no event.');
  officerApi({ files: [...seed.files.filter((file) => file !== event), { ...event, branch: NORTH }, { ...event, name: 'Autumn Walk.pdf', branch: SOUTH }, { ...event, name: 'National Conference.pdf' }] });
  renderSite('/admin/events');

  expect(await screen.findByRole('heading', { name: 'Summer Outing' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Autumn Walk' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'National Conference' })).toBeNull();
  expect(screen.getByText(/These are your branch.s events/)).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Files' })).toBeNull();
  expect(screen.queryByLabelText('Time of the reminder e-mail')).toBeNull();
  expect(await screen.findByRole('link', { name: 'Events (1)' })).toBeInTheDocument();
});

test('a branch officer whose branch has no events is told so', async () => {
  officerApi();
  renderSite('/admin/events');

  expect(await screen.findByText('Your branch has no events yet. Upload one under ‘Upload Events’ above.')).toBeInTheDocument();
});

test("a branch officer deletes an event on their Events page after saying yes, and uploads one, which is their branch's", async () => {
  quietLogs();
  const seed = defaultSeed();
  const event = seed.files.find((file) => file.folder === 'events');
  if (event === undefined) throw new Error('The seed has no event.');
  const state = officerApi({ files: [...seed.files.filter((file) => file !== event), { ...event, branch: NORTH }] });
  const { user } = renderSite('/admin/events');

  const form = await screen.findByRole('region', { name: 'Upload Events' }, { timeout: 10_000 });
  // The Files page and its other folders are not theirs, so nothing offers them.
  expect(screen.queryByRole('region', { name: 'Upload Newsletter' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'Delete Files' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Delete this event: Summer Outing' }));
  const question = screen.getByRole('group', { name: 'Delete the event "Summer Outing"? Its file, date, time and place go with it. This cannot be undone.' });
  expect(within(question).getByRole('button', { name: 'No, keep it' })).toHaveFocus();
  await user.click(within(question).getByRole('button', { name: 'Yes, delete' }));
  expect((await screen.findByText('"Summer Outing" was deleted.')).closest('[role="status"]')).toHaveFocus();
  expect(state.files.some((file) => file.name === event.name)).toBe(false);

  await user.upload(within(form).getByLabelText('Choose a file'), pdfFile('Coffee Morning.pdf'));
  await user.click(within(form).getByRole('button', { name: 'Upload' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload Successful!' });
  expect(dialog).toHaveTextContent(/Coffee Morning.pdf. now appears on your branch's page and the 'Upcoming Events' page/);
  expect(state.files.find((file) => file.name === 'Coffee Morning.pdf')?.branch).toEqual(NORTH);
}, 30_000);

test("a branch officer keeps their branch's page up to date: where and when it meets, its contact and description, not what the branch is", async () => {
  const state = officerApi();
  const { user } = renderSite('/admin/branch');

  expect(await findAdminPage('Branch page')).toBeInTheDocument();
  const form = await screen.findByRole('form', { name: 'Details of Sample Branch North' });
  expect(within(form).queryByLabelText(/^Name/)).toBeNull();
  expect(within(form).queryByLabelText(/^Web address/)).toBeNull();
  expect(within(form).queryByRole('group', { name: 'Counties it covers' })).toBeNull();
  expect(within(form).queryByRole('checkbox')).toBeNull();

  await user.type(within(form).getByLabelText(/^Where and when it meets/), 'First Tuesday, 11am, the Parish Hall');
  await user.click(within(form).getByRole('button', { name: 'Save the details' }));

  await expect.poll(() => state.branches.find((branch) => branch.id === NORTH.id)?.meets).toBe('First Tuesday, 11am, the Parish Hall');
  expect(state.branches.find((branch) => branch.id === NORTH.id)).toMatchObject({ name: 'Sample Branch North', counties: ['Donegal', 'Leitrim', 'Sligo'], active: true });
});

test('the Branch page is a branch officer\'s only: an administrator changes every branch under Members', async () => {
  useApi(server, { signedInAs: 'admin@example.org' });
  renderSite('/admin/branch');

  expect(await findAdminPage('Branch page')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('This page is not part of your role (administrator).');
  expect(navLinks()).not.toContain('Branch page');
});
