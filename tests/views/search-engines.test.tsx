import { screen, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { INDEXED_PAGE_PATHS } from '../../src-core/domain/navigation';
import { APP_ROUTES } from '../../src/app/routes';
import { findLoginPage, renderSite } from './admin/admin-harness';
import { startSelfHostedApi } from './app-harness';

startSelfHostedApi();

test("the sitemap's fixed pages are exactly the route table's public pages without an id", () => {
  const publicPages = APP_ROUTES.filter((route) => route.clientOnly !== true && route.indexed !== false && route.path !== '*' && !route.path.includes(':')).map((route) => route.path);

  expect([...INDEXED_PAGE_PATHS].sort()).toEqual([...publicPages].sort());
  expect(INDEXED_PAGE_PATHS).not.toContain('/login');
  expect(INDEXED_PAGE_PATHS).not.toContain('/admin');
  expect(INDEXED_PAGE_PATHS).not.toContain('/search');
});

test('the sign-in page asks search engines not to list it, where the static host serves it as the shared app page', async () => {
  renderSite('/login');
  await findLoginPage();

  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('a missing article, a missing event and an unknown address ask search engines to leave them out once the browser knows', async () => {
  for (const [address, heading] of [
    ['/article/no-such-post', 'Article not found'],
    ['/events/no-such-event.pdf', 'Event not found'],
    ['/no-such-page', 'Page not found'],
  ] as const) {
    const { unmount } = renderSite(address);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex'));
    unmount();
    expect(document.head.querySelector('meta[name="robots"]'), `${address} after leaving`).toBeNull();
  }
});

test('an article that is there says nothing to search engines', async () => {
  renderSite('/article/1');
  expect(await screen.findByRole('heading', { level: 1, name: /./ })).toBeInTheDocument();
  await screen.findByText(/Back to News/);

  expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
});
