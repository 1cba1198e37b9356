import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { manyMembers, sampleMember } from '../../../mocks/membership-api';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

const tom = sampleMember({ number: 102, name: 'Tom Walsh', email: null, phone: '01 555 0199', eircode: 'D6W X2Y3', branch: null, status: 'lapsed', renewalDue: false });
const mary = sampleMember();

function results() {
  return screen.getByRole('region', { name: /^(All members|Members found)$/ });
}

function rowNames() {
  return within(within(results()).getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent);
}

test('the list shows each member with their number, branch, status and paid until, and the counts by status', async () => {
  useSignedInApi(server, { members: [tom, mary] });
  renderSite('/admin/members');
  await findAdminPage('Members');

  const table = await within(results()).findByRole('table');
  expect(rowNames()).toEqual(['Mary Byrne', 'Tom Walsh']);
  const maryRow = within(table).getByRole('row', { name: /Mary Byrne/ });
  for (const text of ['101', '12 Main Street', 'P31 XY12', 'Sample Branch North', 'Active', '31 December 2026', 'mary@example.org']) expect(maryRow).toHaveTextContent(text);
  expect(within(table).getByRole('link', { name: 'Tom Walsh' })).toHaveAttribute('href', '/admin/members/102');
  expect(within(results()).getByRole('list', { name: 'Members by status' })).toHaveTextContent('1 active1 lapsed0 resigned0 deceased');
  expect(within(results()).getByRole('status')).toHaveTextContent('Showing 1–2 of 2 members.');
  expect(within(results()).getByRole('link', { name: /Download as CSV/ })).toHaveAttribute('href', '/api/members/export');
});

test('searching by phone, number or Eircode finds the one member, and the filters make the CSV link', async () => {
  useSignedInApi(server, { members: [tom, mary] });
  const { user } = renderSite('/admin/members');
  await findAdminPage('Members');
  await within(results()).findByRole('table');

  // The form starts again from the address after each search, so its fields are found afresh.
  const search = () => screen.getByRole('searchbox', { name: 'Search the member list' });
  for (const words of ['01 555 0199', '102', 'd6wx2y3']) {
    await user.clear(search());
    await user.type(search(), words);
    await user.click(screen.getByRole('button', { name: 'Show members' }));
    await within(await screen.findByRole('region', { name: 'Members found' })).findByText('Showing 1 member.');
    expect(rowNames()).toEqual(['Tom Walsh']);
    // What changed is the list: focus is on its heading, to read on from there.
    expect(screen.getByRole('heading', { name: 'Members found' })).toHaveFocus();
  }

  await user.clear(search());
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active');
  await user.click(screen.getByRole('checkbox', { name: 'Only those without an e-mail address' }));
  await user.click(screen.getByRole('button', { name: 'Show members' }));
  expect(await within(results()).findByText('No members match. Try fewer words, or show everyone.')).toBeInTheDocument();

  await user.click(screen.getByRole('checkbox', { name: 'Only those without an e-mail address' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Branch' }), 'Sample Branch North');
  await user.click(screen.getByRole('button', { name: 'Show members' }));
  await within(results()).findByText('Showing 1 member.');
  expect(rowNames()).toEqual(['Mary Byrne']);
  expect(within(results()).getByRole('link', { name: /Download as CSV/ })).toHaveAttribute('href', '/api/members/export?branch=1&status=active');

  await user.click(screen.getByRole('link', { name: 'Show everyone' }));
  await within(results()).findByText('Showing 1–2 of 2 members.');
});

test('5,000 members come 50 to a page with Previous and Next, and the address keeps the page and the filters', async () => {
  const members = manyMembers(5_012);
  useSignedInApi(server, { members });
  const { user, unmount } = renderSite('/admin/members');
  await findAdminPage('Members');

  await within(results()).findByText('Showing 1–50 of 5,012 members.');
  const pages = within(results()).getByRole('navigation', { name: 'Pages of the list' });
  expect(pages).toHaveTextContent('Page 1 of 101');
  expect(within(pages).queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
  await user.click(within(pages).getByRole('link', { name: 'Next page' }));
  await within(results()).findByText('Showing 51–100 of 5,012 members.');
  expect(screen.getByRole('heading', { name: 'All members' })).toHaveFocus();
  expect(within(results()).getAllByRole('row')).toHaveLength(51);
  expect(within(results()).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/admin/members');
  unmount();

  // A reload (or Back) at the address shows the same list: the filters live in it.
  renderSite('/admin/members?status=lapsed&page=2');
  await findAdminPage('Members');
  const lapsed = members.filter((one) => one.status === 'lapsed').length;
  await within(await screen.findByRole('region', { name: 'Members found' })).findByText(`Showing 51–${Math.min(100, lapsed)} of ${lapsed} members.`);
  expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('lapsed');
  expect(within(results()).getByRole('link', { name: /Download as CSV/ })).toHaveAttribute('href', '/api/members/export?status=lapsed');
});

test('the counts by status each show just those members', async () => {
  useSignedInApi(server, { members: [tom, mary] });
  const { user } = renderSite('/admin/members');
  await findAdminPage('Members');
  await user.click(await within(results()).findByRole('link', { name: '1 lapsed' }));
  await within(await screen.findByRole('region', { name: 'Members found' })).findByText('Showing 1 member.');
  expect(rowNames()).toEqual(['Tom Walsh']);
});
