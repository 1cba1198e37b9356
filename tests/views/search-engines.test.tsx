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
