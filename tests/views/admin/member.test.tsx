import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { sampleMember } from '../../../mocks/membership-api';
import { DECEASED_WARNING } from '../../../src-core/domain/member-records';
import { memberSavedText } from '../../../src-core/machines/member-edit.machine';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

const mary = sampleMember({ notes: 'Prefers phone calls.' });

function region(name: string) {
  return screen.getByRole('region', { name });
}

async function openMary() {
  const rendered = renderSite('/admin/members/101');
  await findAdminPage('Member details');
  await screen.findByRole('region', { name: 'Mary Byrne' });
  return rendered;
}

test("a member's page shows every detail, and a form holding them", async () => {
  useSignedInApi(server, { members: [mary] });
  await openMary();

  const summary = region('Mary Byrne');
  for (const text of ['Membership number101', 'StatusActive', 'Paid until31 December 2026', 'Joined31 March 2019', 'BranchSample Branch North', 'P31 XY12', '021 555 0101', 'mary@example.org', 'Prefers phone calls.']) {
    expect(summary).toHaveTextContent(text);
  }
  const form = region('Change their details');
  expect(within(form).getByRole('textbox', { name: 'Full name' })).toHaveValue('Mary Byrne');
  expect(within(form).getByRole('combobox', { name: /Status/ })).toHaveValue('active');
  expect(within(form).getByRole('combobox', { name: 'Branch' })).toHaveValue('1');
  expect(within(region('Their data')).getByRole('link', { name: /Download their data/ })).toHaveAttribute('href', '/api/members/101/data');
});

test('an edit with mistakes keeps what was typed, says why beside each field and focuses the first', async () => {
  const state = useSignedInApi(server, { members: [mary] });
  const { user } = await openMary();
  const form = region('Change their details');

  const email = within(form).getByRole('textbox', { name: /E-mail/ });
  await user.clear(email);
  await user.type(email, 'mary at example');
  const phone = within(form).getByRole('textbox', { name: /Phone/ });
  await user.clear(phone);
  await user.type(phone, 'call the office');
  await user.click(within(form).getByRole('button', { name: 'Save the details' }));

  expect(phone).toHaveFocus();
  expect(phone).toHaveAccessibleDescription(/Please enter a phone number using numbers, spaces and \+ only/);
  expect(email).toHaveAccessibleDescription(/Please enter a valid e-mail address/);
  expect(email).toHaveValue('mary at example');
  expect(state.members[0]?.email).toBe('mary@example.org');

  await user.clear(phone);
  await user.type(phone, '021 555 0102');
  await user.clear(email);
  await user.type(email, 'mary.byrne@example.org');
  await user.click(within(form).getByRole('button', { name: 'Save the details' }));
  expect(await within(form).findByText(memberSavedText('Mary Byrne'))).toBeInTheDocument();
  expect(state.members[0]).toMatchObject({ phone: '021 555 0102', email: 'mary.byrne@example.org', notes: 'Prefers phone calls.' });
  expect(await within(region('Mary Byrne')).findByText('mary.byrne@example.org')).toBeInTheDocument();
});

test('a refusal by the server is shown beside the field it names, with focus on it', async () => {
  const state = useSignedInApi(server, { members: [mary] });
  const { user } = await openMary();
  const form = region('Change their details');
  // Someone removes the branch while this page is open.
  state.branches = state.branches.filter((branch) => branch.id !== '2');

  const branch = within(form).getByRole('combobox', { name: 'Branch' });
  await user.selectOptions(branch, 'Sample Branch South');
  await user.click(within(form).getByRole('button', { name: 'Save the details' }));

  await within(form).findByText(/The details were not saved/);
  expect(branch).toHaveFocus();
  expect(branch).toHaveAccessibleDescription(/Please choose your nearest branch from the list/);
  expect(state.members[0]?.branch?.id).toBe('1');
});

test('marking a member deceased asks first, saying every e-mail and reminder stops; going back loses nothing', async () => {
  const state = useSignedInApi(server, { members: [mary] });
  const { user } = await openMary();
  const form = region('Change their details');
  const status = within(form).getByRole('combobox', { name: /Status/ });

  await user.selectOptions(status, 'Deceased');
  await user.click(within(form).getByRole('button', { name: 'Save the details' }));
  const question = within(form).getByRole('group', { name: /Mark Mary Byrne as deceased\?/ });
  expect(question).toHaveTextContent(DECEASED_WARNING);
  expect(within(question).getByRole('button', { name: 'No, go back' })).toHaveFocus();
  expect(state.members[0]?.status).toBe('active');

  await user.click(within(question).getByRole('button', { name: 'No, go back' }));
  expect(status).toHaveFocus();
  expect(status).toHaveValue('deceased');

  await user.click(within(form).getByRole('button', { name: 'Save the details' }));
  await user.click(within(form).getByRole('button', { name: 'Yes, mark as deceased' }));
  await within(form).findByText(memberSavedText('Mary Byrne'));
  expect(state.members[0]?.status).toBe('deceased');
  expect(await within(region('Mary Byrne')).findByText('Deceased')).toBeInTheDocument();
});

test('a payment is recorded with its method and note and moves paid until; one recorded by mistake is removed after the question', async () => {
  const state = useSignedInApi(server, { members: [{ ...mary, paidUntil: '2025-12-31', renewalDue: true }] });
  const { user } = await openMary();
  const payments = region('Payments');
  expect(payments).toHaveTextContent('No payments are recorded yet.');
  const form = within(payments).getByRole('form', { name: 'Record a payment' });

  await user.type(within(form).getByLabelText(/Amount in euro/), 'twenty');
  await user.click(within(form).getByRole('button', { name: 'Record the payment' }));
  expect(within(form).getByLabelText(/Paid on/)).toHaveFocus();
  expect(within(form).getByLabelText(/Amount in euro/)).toHaveAccessibleDescription(/Please enter the amount in euro/);
  expect(within(form).getByRole('combobox', { name: 'How they paid' })).toHaveAccessibleDescription(/Please choose how they paid/);

  await user.type(within(form).getByLabelText(/Paid on/), '2026-03-02');
  const amount = within(form).getByLabelText(/Amount in euro/);
  await user.clear(amount);
  await user.type(amount, '25');
  await user.selectOptions(within(form).getByRole('combobox', { name: 'How they paid' }), 'Cheque');
  await user.type(within(form).getByRole('textbox', { name: /Note/ }), 'Cheque 0042');
  await user.type(within(form).getByLabelText(/This payment covers the year ending/), '2026-12-31');
  await user.click(within(form).getByRole('button', { name: 'Record the payment' }));

  const notice = await within(payments).findByText('The payment of €25 by cheque on 2 March 2026 was recorded. They are now paid until 31 December 2026.');
  expect(notice.closest('[tabindex="-1"]')).toHaveFocus();
  expect(state.members[0]?.paidUntil).toBe('2026-12-31');
  const row = await within(payments).findByRole('row', { name: /2 March 2026/ });
  expect(row).toHaveTextContent('€25');
  expect(row).toHaveTextContent('Cheque 0042');
  expect(within(region('Mary Byrne')).getByText('31 December 2026')).toBeInTheDocument();
  expect(within(region('Change their details')).getByLabelText(/Paid until/)).toHaveValue('2026-12-31');

  const remove = within(row).getByRole('button', { name: 'Remove the payment of €25 by cheque on 2 March 2026' });
  await user.click(remove);
  await user.click(within(payments).getByRole('button', { name: 'No, keep it' }));
  expect(within(payments).getByRole('button', { name: /Remove the payment of €25/ })).toHaveFocus();
  expect(state.payments[101]).toHaveLength(1);

  await user.click(within(payments).getByRole('button', { name: /Remove the payment of €25/ }));
  await user.click(within(payments).getByRole('button', { name: 'Yes, remove it' }));
  await within(payments).findByText('The payment of €25 by cheque on 2 March 2026 was removed.');
  expect(state.payments[101]).toEqual([]);
  expect(await within(payments).findByText('No payments are recorded yet.')).toBeInTheDocument();
});

test('an address with no member says so, with the way back to the list', async () => {
  useSignedInApi(server, { members: [mary] });
  renderSite('/admin/members/999');
  await findAdminPage('Member details');
  expect(await screen.findByText(/This member could not be loaded. This member could not be found/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the member list' })).toHaveAttribute('href', '/admin/members');
});
