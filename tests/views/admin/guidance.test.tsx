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

test('every admin page has the same short navigation, with the current page marked and counts as people read them', async () => {
  useSignedInApi(server, { contactMessages: [message('1', false), message('2', true), message('3', false)] });
  const { user } = renderSite('/admin');
  await findAdminPage();

  const nav = screen.getByRole('navigation', { name: 'Admin area' });
  const links = within(nav).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    '/admin',
    '/admin/news',
    '/admin/events',
    '/admin/inbox',
    '/admin/applications',
    '/admin/members',
    '/admin/renewals',
    '/admin/email',
    '/admin/details',
    '/admin/visits',
    '/admin/team',
    '/admin/account',
    '/admin/activity',
  ]);
  expect(within(nav).getByRole('link', { name: 'Files' })).toHaveAttribute('aria-current', 'page');
  // 'Inbox (2 new)', with its space, as a person writes it.
  expect(await within(nav).findByRole('link', { name: 'Inbox (2 new)' })).toBeInTheDocument();
  expect(await within(nav).findByRole('link', { name: 'News (2)' })).toBeInTheDocument();

  await user.click(within(nav).getByRole('link', { name: 'Inbox (2 new)' }));

  expect(await findAdminPage('Inbox')).toBeInTheDocument();
  expect(document.title).toBe('Inbox | Admin | Retired Nurses Association Of Ireland');
  expect(within(screen.getByRole('navigation', { name: 'Admin area' })).getByRole('link', { name: 'Inbox (2 new)' })).toHaveAttribute('aria-current', 'page');
  // /admin keeps only what the spec puts there; the inbox is on its own page.
  expect(screen.queryByRole('heading', { name: 'Delete Files' })).not.toBeInTheDocument();
});

test('/admin keeps exactly the upload forms and Delete Files, and the other parts are pages of their own', async () => {
  useSignedInApi(server);
  renderSite('/admin');
  await findAdminPage();

  await screen.findByRole('heading', { name: 'Upload Newsletter' }, { timeout: 10_000 });

  const headings = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
  expect(headings).toEqual(['Upload Important Documents', 'Upload Events', 'Upload Newsletter', 'Delete Files']);
});

test('an admin page is behind the same guard: a visitor who is not signed in goes to the login page', async () => {
  useApi(server);
  renderSite('/admin/inbox');

  expect(await findLoginPage()).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Admin area' })).not.toBeInTheDocument();
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
