import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { createBackend } from '../../../src/app/backend';
import { sampleApplication } from '../../../mocks/membership-api';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

const mary = sampleApplication();
const tom = sampleApplication({ id: '2', name: 'Tom Walsh', email: null, phone: null, branch: null, newsletter: false, nmbiPin: null, eircode: null });

function region(name: string) {
  return screen.getByRole('region', { name });
}

async function application(name: string) {
  return within(region('New applications')).findByRole('listitem', { name });
}

test('a new application shows every field the applicant gave, and the link counts the new ones', async () => {
  useSignedInApi(server, { applications: [mary, tom] });
  renderSite('/admin/applications');
  await findAdminPage('Applications');

  const item = await application('Mary Byrne');
  for (const text of ['12 Main Street', 'P31 XY12', '021 555 0101', 'mary@example.org', 'Staff nurse, Cork University Hospital', '123456', 'Sample Branch North', 'Yes, asked for it']) {
    expect(item).toHaveTextContent(text);
  }
  expect(within(item).getByRole('link', { name: /Download their data/ })).toHaveAttribute('href', '/api/applications/1/data');
  const other = await application('Tom Walsh');
  expect(other).toHaveTextContent('BranchNot sure');
  expect(other).toHaveTextContent('They gave no e-mail address, so nothing is sent');
  expect(item).toHaveTextContent('They get a kind e-mail saying so, with your note. The application is deleted 90 days after the decision.');
  const nav = screen.getByRole('navigation', { name: 'Admin area' });
  expect(await within(nav).findByRole('link', { name: 'Applications (2 new)' })).toHaveAttribute('aria-current', 'page');
});

test('approving gives the membership number and says a welcome e-mail goes; the member is in the list', async () => {
  const state = useSignedInApi(server, { applications: [mary] });
  const { user } = renderSite('/admin/applications');
  await findAdminPage('Applications');

  await user.click(within(await application('Mary Byrne')).getByRole('button', { name: 'Approve Mary Byrne' }));

  const notice = await screen.findByText(/Mary Byrne is now a member. Their membership number is 101. A welcome e-mail is on its way to mary@example.org./);
  expect(notice.closest('[tabindex="-1"]')).toHaveFocus();
  expect(state.applications[0]?.state).toBe('approved');
  expect(await within(region('New applications')).findByText('There are no new applications.')).toBeInTheDocument();
  await user.click(within(screen.getByRole('navigation', { name: 'Admin area' })).getByRole('link', { name: 'Members' }));
  await findAdminPage('Members');
  expect(await within(region('All members')).findByRole('link', { name: 'Mary Byrne' })).toHaveAttribute('href', '/admin/members/101');
});

test('approving someone without e-mail asks for a welcome letter, which can be marked as posted', async () => {
  const state = useSignedInApi(server, { applications: [tom] });
  const { user } = renderSite('/admin/applications');
  await findAdminPage('Applications');

  await user.click(within(await application('Tom Walsh')).getByRole('button', { name: 'Approve Tom Walsh' }));
  await screen.findByText(/please post them a welcome letter/);

  const letters = region('Welcome letters to post');
  await user.click(await within(letters).findByRole('button', { name: "Mark as posted: Tom Walsh's welcome letter" }));
  await screen.findByText("Tom Walsh's welcome letter is marked as posted.");
  expect(state.members[0]?.welcomeLetterToPost).toBe(false);
  expect(await within(letters).findByText('No welcome letters are waiting to be posted.')).toBeInTheDocument();
});

test('declining without a note says so beside the note and sends nothing; with one, it is declined', async () => {
  const state = useSignedInApi(server, { applications: [mary] });
  const { user } = renderSite('/admin/applications');
  await findAdminPage('Applications');
  const item = await application('Mary Byrne');

  await user.click(within(item).getByRole('button', { name: 'Decline Mary Byrne' }));
  const note = within(item).getByRole('textbox', { name: /Note to go with a decline/ });
  expect(note).toHaveAccessibleDescription(/Please write a short note to go with this decision./);
  expect(note).toHaveFocus();
  expect(state.applications[0]?.state).toBe('new');

  await user.type(note, 'We can only take retired nurses.');
  await user.click(within(item).getByRole('button', { name: 'Decline Mary Byrne' }));
  await screen.findByText("Mary Byrne's application was declined.");
  expect(state.applications[0]).toMatchObject({ state: 'declined', note: 'We can only take retired nurses.' });

  await user.click(within(region('Earlier applications')).getByRole('button', { name: 'Declined (1)' }));
  expect(await within(region('Earlier applications')).findByRole('listitem', { name: 'Mary Byrne' })).toHaveTextContent('We can only take retired nurses.');
});

test('asking for more information moves the application to its own list', async () => {
  useSignedInApi(server, { applications: [mary] });
  const { user } = renderSite('/admin/applications');
  await findAdminPage('Applications');
  const item = await application('Mary Byrne');

  await user.type(within(item).getByRole('textbox', { name: /Note to go with/ }), 'Which hospital did you work in last?');
  await user.click(within(item).getByRole('button', { name: 'Ask for more information from Mary Byrne' }));
  await screen.findByText(/Mary Byrne was asked for more information/);

  await user.click(within(region('Earlier applications')).getByRole('button', { name: 'Waiting for more information (1)' }));
  const waiting = await within(region('Earlier applications')).findByRole('listitem', { name: 'Mary Byrne' });
  expect(within(waiting).getByRole('button', { name: 'Approve Mary Byrne' })).toBeEnabled();
});

test('erasing asks first; keeping it returns to the button, and yes erases the applicant', async () => {
  const state = useSignedInApi(server, { applications: [mary] });
  const { user } = renderSite('/admin/applications');
  await findAdminPage('Applications');
  const item = await application('Mary Byrne');

  await user.click(within(item).getByRole('button', { name: 'Erase everything about them: Mary Byrne' }));
  await user.click(within(item).getByRole('button', { name: 'No, keep it' }));
  expect(within(item).getByRole('button', { name: 'Erase everything about them: Mary Byrne' })).toHaveFocus();

  await user.click(within(item).getByRole('button', { name: 'Erase everything about them: Mary Byrne' }));
  await user.click(within(within(item).getByRole('group', { name: /Erase everything about Mary Byrne\?/ })).getByRole('button', { name: 'Yes, erase' }));
  await screen.findByText('Everything we kept about Mary Byrne was erased.');
  expect(state.applications).toEqual([]);
});

test('branches are added and renamed on the Members page, and one in use shows the refusal beside it', async () => {
  const state = useSignedInApi(server, { applications: [mary] });
  const { user } = renderSite('/admin/members');
  await findAdminPage('Members');
  const branches = region('Branches');

  await user.type(within(branches).getByRole('textbox', { name: /New branch/ }), 'Galway Branch');
  await user.click(within(branches).getByRole('button', { name: 'Add the branch' }));
  await screen.findByText('Galway Branch was added.');
  expect(state.branches.map((branch) => branch.name)).toContain('Galway Branch');

  await user.click(await within(branches).findByRole('button', { name: 'Rename Sample Branch South' }));
  const name = within(branches).getByRole('textbox', { name: 'New name for Sample Branch South' });
  await user.clear(name);
  await user.type(name, 'Dublin North Branch');
  await user.click(within(branches).getByRole('button', { name: 'Save the name' }));
  await screen.findByText('Sample Branch South is now called Dublin North Branch.');

  await user.click(within(branches).getByRole('button', { name: 'Remove Sample Branch North' }));
  await user.click(within(branches).getByRole('button', { name: 'Yes, remove' }));
  const refusal = await within(branches).findByRole('alert');
  expect(refusal).toHaveTextContent('This branch cannot be removed: 0 members and 1 application belong to it.');
  expect(refusal).toHaveFocus();
});

test("a branch's details are edited on the Members page: a refusal is named beside its field and nothing is sent; a save says so", async () => {
  const state = useSignedInApi(server, { applications: [mary] });
  const { user } = renderSite('/admin/members');
  await findAdminPage('Members');
  const branches = region('Branches');

  await user.click(await within(branches).findByRole('button', { name: 'Edit details of Sample Branch South' }));
  const form = within(branches).getByRole('form', { name: 'Details of Sample Branch South' });
  await user.click(within(form).getByRole('checkbox', { name: 'Cork' }));
  await user.click(within(form).getByRole('checkbox', { name: 'Kerry' }));
  await user.click(within(form).getByRole('button', { name: 'Save the details' }));

  expect(await within(form).findByText('Please choose at least one county this branch covers.')).toBeInTheDocument();
  expect(state.branches.find((branch) => branch.id === '2')?.counties).toEqual(['Cork', 'Kerry']);

  await user.click(within(form).getByRole('checkbox', { name: 'Wexford' }));
  await user.type(within(form).getByRole('textbox', { name: /Contact phone/ }), '053 555 0104');
  await user.click(within(form).getByRole('button', { name: 'Save the details' }));

  expect(await screen.findByText("Saved. Sample Branch South's page shows these details now.")).toBeInTheDocument();
  expect(state.branches.find((branch) => branch.id === '2')).toMatchObject({ counties: ['Wexford'], contactPhone: '053 555 0104' });
});

test('on a backend without the membership administration the page is not offered and the admin area says so', async () => {
  useSignedInApi(server);
  renderSite('/admin', { ...createBackend(), membershipAdmin: undefined });
  await findAdminPage();

  const nav = screen.getByRole('navigation', { name: 'Admin area' });
  expect(within(nav).queryByRole('link', { name: /^Members/ })).not.toBeInTheDocument();
  expect(within(nav).queryByRole('link', { name: /^Applications/ })).not.toBeInTheDocument();
  expect(within(nav).queryByRole('link', { name: /^Renewals/ })).not.toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Kept elsewhere on this website' })).toHaveTextContent(
    /Applications to join and the list of members .* need the website's own server, the self-hosted version/,
  );
});

test('on a backend that keeps only applications and members, the other membership pages are not offered and the admin area says where they are', async () => {
  useSignedInApi(server);
  renderSite('/admin', { ...createBackend(), membershipAdminPages: ['applications', 'members', 'member'] });
  await findAdminPage();

  const nav = screen.getByRole('navigation', { name: 'Admin area' });
  expect(within(nav).getByRole('link', { name: /^Applications/ })).toBeInTheDocument();
  expect(within(nav).getByRole('link', { name: /^Members/ })).toBeInTheDocument();
  expect(within(nav).queryByRole('link', { name: /^Renewals/ })).not.toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Kept elsewhere on this website' })).toHaveTextContent(
    /Payments, renewals, importing a member list and branches need the website's own server/,
  );
});

test('a decision someone else already took is refused beside that application, with focus on the refusal', async () => {
  const state = useSignedInApi(server, { applications: [mary] });
  const { user } = renderSite('/admin/applications');
  await findAdminPage('Applications');
  const item = await application('Mary Byrne');
  state.applications = [{ ...mary, state: 'approved', memberNumber: 7 }];

  await user.click(within(item).getByRole('button', { name: 'Approve Mary Byrne' }));

  const refusal = await within(item).findByRole('alert');
  expect(refusal).toHaveTextContent('This application was already approved, so nothing was changed.');
  expect(refusal).toHaveFocus();
});

test('an approved member is found in the list by name, and on their page erased after the question', async () => {
  const state = useSignedInApi(server, { applications: [mary] });
  const { user } = renderSite('/admin/applications');
  await findAdminPage('Applications');
  await user.click(within(await application('Mary Byrne')).getByRole('button', { name: 'Approve Mary Byrne' }));
  await screen.findByText(/Mary Byrne is now a member/);

  await user.click(within(screen.getByRole('navigation', { name: 'Admin area' })).getByRole('link', { name: 'Members' }));
  await findAdminPage('Members');
  await user.type(screen.getByRole('searchbox', { name: 'Search the member list' }), 'byrne');
  await user.click(screen.getByRole('button', { name: 'Show members' }));
  await user.click(await within(region('Members found')).findByRole('link', { name: 'Mary Byrne' }));
  await findAdminPage('Member details');
  expect(screen.getByRole('link', { name: 'Back to the member list' })).toHaveAttribute('href', '/admin/members?q=byrne');
  const data = region('Their data');
  expect(within(data).getByRole('link', { name: /Download their data/ })).toHaveAttribute('href', '/api/members/101/data');

  await user.click(within(data).getByRole('button', { name: 'Erase everything about them: Mary Byrne' }));
  await user.click(within(data).getByRole('button', { name: 'Yes, erase' }));
  await screen.findByText('Everything we kept about Mary Byrne was erased.');
  expect(state.members).toEqual([]);
  expect(screen.queryByRole('region', { name: 'Their data' })).not.toBeInTheDocument();
});

test("where the backend keeps only applications and members, a member's page offers no editing or payments and says why", async () => {
  useSignedInApi(server, { applications: [mary] });
  const { user } = renderSite('/admin/applications', { ...createBackend(), membershipAdminPages: ['applications', 'members', 'member'] });
  await findAdminPage('Applications');
  await user.click(within(await application('Mary Byrne')).getByRole('button', { name: 'Approve Mary Byrne' }));
  await screen.findByText(/Mary Byrne is now a member/);

  await user.click(within(screen.getByRole('navigation', { name: 'Admin area' })).getByRole('link', { name: 'Members' }));
  await findAdminPage('Members');
  expect(screen.queryByRole('link', { name: 'Import members from a spreadsheet' })).not.toBeInTheDocument();
  await user.click(await within(region('All members')).findByRole('link', { name: 'Mary Byrne' }));
  await findAdminPage('Member details');

  expect(screen.getByText(/Changing a member's details and recording payments need the website's own server/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
  expect(within(region('Their data')).getByRole('button', { name: 'Erase everything about them: Mary Byrne' })).toBeInTheDocument();
});
