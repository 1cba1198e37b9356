import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { sampleMember } from '../../../mocks/membership-api';
import { settingsSavedText } from '../../../src-core/machines/membership-settings.machine';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

function region(name: string) {
  return screen.getByRole('region', { name });
}

test('the membership year, fee, how to pay and reminders are shown, a mistake is put right beside its field, and they are saved', async () => {
  const state = useSignedInApi(server);
  const { user } = renderSite('/admin/renewals');
  await findAdminPage('Renewals');
  const form = await within(region('The membership year')).findByRole('form', { name: 'The membership year' });

  expect(within(form).getByRole('combobox', { name: 'Day' })).toHaveValue('1');
  expect(within(form).getByRole('combobox', { name: 'Month' })).toHaveValue('1');
  const fee = within(form).getByRole('textbox', { name: /Yearly fee in euro/ });
  expect(fee).toHaveValue('25');
  const reminders = within(form).getByRole('checkbox', { name: /Send reminder e-mails/ });
  expect(reminders).toBeChecked();

  await user.selectOptions(within(form).getByRole('combobox', { name: 'Day' }), '31');
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Month' }), 'April');
  await user.clear(fee);
  await user.type(fee, 'twenty');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  const day = within(form).getByRole('combobox', { name: 'Day' });
  expect(day).toHaveFocus();
  expect(day).toHaveAccessibleDescription(/Please choose a real day and month/);
  expect(fee).toHaveAccessibleDescription(/Please enter the fee in euro/);

  await user.selectOptions(day, '1');
  await user.clear(fee);
  await user.type(fee, '30');
  await user.click(reminders);
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  const saved = { yearStartsOn: '04-01', feeCents: 3000, howToPay: state.membershipSettings.howToPay, remindersOn: false };
  const notice = await within(region('The membership year')).findByText(settingsSavedText(saved));
  expect(notice).toHaveTextContent('Saved. The membership year starts on 1 April. Reminder e-mails are off.');
  expect(notice.closest('[tabindex="-1"]')).toHaveFocus();
  expect(state.membershipSettings).toEqual(saved);
});

test('members without e-mail whose renewal is due are listed for letters, with the CSV of their addresses', async () => {
  useSignedInApi(server, {
    members: [
      sampleMember({ number: 101, name: 'Mary Byrne', renewalDue: true }),
      sampleMember({ number: 102, name: 'Tom Walsh', email: null, renewalDue: true, paidUntil: '2025-12-31' }),
      sampleMember({ number: 103, name: 'Anne Ahern', email: null, renewalDue: false }),
    ],
  });
  renderSite('/admin/renewals');
  await findAdminPage('Renewals');
  const letters = region('Renewal letters to post');

  expect(await within(letters).findByText('1 letter to post.')).toBeInTheDocument();
  const names = within(within(letters).getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent);
  expect(names).toEqual(['Tom Walsh']);
  expect(within(letters).getByRole('row', { name: /Tom Walsh/ })).toHaveTextContent('31 December 2025');
  expect(within(letters).getByRole('link', { name: /Download as CSV/ })).toHaveAttribute('href', '/api/members/export?renewal=due&hasEmail=false');
  expect(within(letters).getByRole('button', { name: 'Print this list' })).toBeInTheDocument();
});
