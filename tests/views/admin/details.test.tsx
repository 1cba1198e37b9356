import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { EMPTY_DETAILS } from '../../../src-core/domain/association-details';
import { DETAILS_SAVED } from '../../../src-core/machines/details.machine';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

function detailsSection() {
  return screen.getByRole('region', { name: 'Association details' });
}

async function openAdmin() {
  const state = useSignedInApi(server, { details: { ...EMPTY_DETAILS, phone: '01 234 5678' } });
  const view = renderSite('/admin/details');
  await findAdminPage('Association details');
  await within(detailsSection()).findByDisplayValue('01 234 5678');
  return { state, ...view };
}

test('an administrator changes the phone number; it is saved, said so, and the footer shows it at once', async () => {
  const { user, state } = await openAdmin();
  const phone = within(detailsSection()).getByLabelText(/^Phone number/);

  await user.clear(phone);
  await user.type(phone, '01 765 4321');
  await user.click(within(detailsSection()).getByRole('button', { name: 'Save details' }));

  expect(await screen.findByText(DETAILS_SAVED)).toBeInTheDocument();
  expect(state.details.phone).toBe('01 765 4321');
  expect(await within(screen.getByRole('contentinfo')).findByRole('link', { name: '01 765 4321' })).toHaveAttribute('href', 'tel:017654321');
});

test('bad details are refused with a message beside each field, focus goes to the first, and nothing is sent', async () => {
  const { user, state } = await openAdmin();
  const section = detailsSection();

  await user.clear(within(section).getByLabelText(/^Phone number/));
  await user.type(within(section).getByLabelText(/^Phone number/), 'ring Mary');
  await user.type(within(section).getByLabelText(/^E-mail address/), 'office at example');
  await user.click(within(section).getByRole('button', { name: 'Save details' }));

  expect(within(section).getByLabelText(/^Phone number/)).toHaveAccessibleDescription(/digits and spaces only/);
  expect(within(section).getByLabelText(/^E-mail address/)).toHaveAccessibleDescription(/valid e-mail address/);
  expect(within(section).getByLabelText(/^Phone number/)).toHaveFocus();
  expect(state.details.phone).toBe('01 234 5678');
});

test('every field says it may be left empty', async () => {
  await openAdmin();
  for (const label of ['Who to contact', 'Postal address', 'Phone number', 'Registered charity number', 'Social media pages']) {
    expect(within(detailsSection()).getByLabelText(new RegExp(`^${label}`))).not.toBeRequired();
  }
});
