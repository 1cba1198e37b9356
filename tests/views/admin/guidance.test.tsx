import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { EMPTY_DETAILS } from '../../../src-core/domain/association-details';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, findLoginPage, renderSite, useApi, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

const message = (id: string, handled: boolean) => ({
  id,
  name: `Sender ${id}`,
  email: `s${id}@example.org`,
  message: 'Hello',
  receivedAt: '2026-03-05T14:30:00.000Z',
  delivery: 'not-emailed' as const,
  attempts: 0,
  handled,
});

test('the admin page starts with a short table of contents, counting new messages', async () => {
  useSignedInApi(server, { contactMessages: [message('1', false), message('2', true), message('3', false)] });
  renderSite('/admin');
  await findAdminPage();

  const contents = screen.getByRole('navigation', { name: 'On this page' });
  const links = within(contents).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    '#admin-upload',
    '#admin-delete',
    '#admin-posts',
    '#admin-messages',
    '#admin-details',
    '#admin-account',
    '#admin-activity',
  ]);
  expect(await within(contents).findByRole('link', { name: /Messages\s*\(2 new\)/ })).toBeInTheDocument();
  for (const link of links) expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
});

test('the login page says who to ask after a lockout or a forgotten password, from the association details', async () => {
  useApi(server, { details: { ...EMPTY_DETAILS, contactName: 'The Secretary', phone: '01 234 5678' } });
  renderSite('/login');
  await findLoginPage();

  const help = screen.getByRole('region', { name: 'Cannot sign in?' });
  expect(help).toHaveTextContent('ask whoever looks after the website to set a new one');
  expect(await within(help).findByRole('link', { name: '01 234 5678' })).toHaveAttribute('href', 'tel:012345678');
  expect(help).toHaveTextContent('Ask the Secretary on 01 234 5678.');
});
