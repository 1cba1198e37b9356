import type { Page } from '@playwright/test';
import { signInAsAdministrator, submitLogin, openAdminPage } from './support/admin';
import { expectNoAxeViolations, expectPhoneLayout } from './support/checks';
import { expect, test } from './support/fixtures';
import { PUBLIC_PAGES, chooseNavLink, menuButton, openPage, waitForContent } from './support/site-map';

/**
 * The accessibility gate: axe (WCAG 2.0/2.1/2.2 A and AA, plus 7:1 contrast) finds nothing on
 * every route in each of its states, at both widths; at 375px nothing scrolls sideways and every
 * control is at least 44x44px. Journeys elsewhere check the states they pass through (popup
 * open, delete confirmation, message received, form errors) the same way.
 */
async function expectAccessible(page: Page, state: string, isPhone: boolean): Promise<void> {
  await expectNoAxeViolations(page, state);
  if (isPhone) await expectPhoneLayout(page);
}

/** Makes the site's API unreachable for this page, as a dropped connection would. */
async function cutTheApi(page: Page): Promise<void> {
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
}

/** Holds every API request unanswered, so the page stays in its loading state. */
async function holdTheApi(page: Page): Promise<void> {
  await page.route('**/api/**', () => undefined);
}

// The branches pages are the association's own additions to the spec's pages: the list, its answer for a county, and one branch.
const BRANCH_PAGES = ['/branches', '/branches?county=Cork', '/branches/sample-branch-south'];

const ROUTES = [...PUBLIC_PAGES.map((entry) => entry.path), ...BRANCH_PAGES, '/article/1', '/no/such/page', '/login'];

for (const path of ROUTES) {
  test(`${path}: no axe violations as it loads, nor with the phone menu open`, { tag: '@desktop' }, async ({ page, isPhone }) => {
    await openPage(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForContent(page);

    await expectAccessible(page, 'loaded', isPhone);
    if (!isPhone) return;
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, 'menu open', isPhone);
  });
}

/**
 * Pages come from the server with their data, so a list fails or waits only when the visitor
 * moves on inside the app: each of these opens a page, then follows a link to the list's page
 * while the API is cut off or held.
 */
const LIST_PAGES = [
  { path: '/news', from: '/about', go: (page: Page, isPhone: boolean) => chooseNavLink(page, 'News', isPhone) },
  { path: '/events', from: '/about', go: (page: Page, isPhone: boolean) => chooseNavLink(page, 'Events', isPhone) },
  { path: '/documents', from: '/about', go: (page: Page, isPhone: boolean) => chooseNavLink(page, 'Join Now', isPhone) },
  { path: '/article', from: '/news', go: (page: Page) => page.getByRole('link', { name: /^See More/ }).first().click() },
] as const;

for (const { path, from, go } of LIST_PAGES) {
  test(`${path}: the error state says what failed, offers Try again, and passes axe`, async ({ page, isPhone }) => {
    await openPage(page, from);
    await cutTheApi(page);

    await go(page, isPhone);

    const failure = page.getByRole('alert').first();
    await expect(failure).toBeVisible();
    await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectAccessible(page, 'error', isPhone);

    await page.unroute('**/api/**');
    // /news has two lists, each with its own failure and its own Try again.
    const retries = page.getByRole('button', { name: 'Try again' });
    for (let left = await retries.count(); left > 0; left -= 1) {
      await retries.first().click();
      await expect(retries).toHaveCount(left - 1);
    }
    await waitForContent(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test(`${path}: the loading state passes axe`, async ({ page, isPhone }) => {
    await openPage(page, from);
    await holdTheApi(page);

    await go(page, isPhone);

    await expect(page.getByRole('status').filter({ hasText: /^Loading (posts|files)\.\.\.$/ }).first()).toBeVisible();
    await expectAccessible(page, 'loading', isPhone);
  });
}

for (const path of ['/news', '/events', '/documents'] as const) {
  test(`${path}: the empty state says there is nothing yet and passes axe`, async ({ page, isPhone, emptySiteURL }) => {
    await openPage(page, emptySiteURL + path);
    await waitForContent(page);

    await expect(page.getByText(/^There (are|is) no .+ yet\. Please check back soon\.$/).first()).toBeVisible();
    await expectAccessible(page, 'empty', isPhone);
  });
}

test('/contact: a refused message keeps what was typed, says so, and passes axe', async ({ page, isPhone }) => {
  await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
  await openPage(page, '/contact');
  await page.getByLabel('Your Name:').fill('Nora Example');
  await page.getByLabel('Your Email:').fill('nora@example.org');
  await page.getByLabel('Message:').fill('Is the spring outing still on?');

  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Message:')).toHaveValue('Is the spring outing still on?');
  await expectAccessible(page, 'message refused', isPhone);
});

test('/login: missing fields and a refused sign-in both pass axe', async ({ page, isPhone }) => {
  await openPage(page, '/login');

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'form errors shown', isPhone);

  // A made-up account, so the administrator's own failed-attempt count is not used up here.
  await submitLogin(page, `someone.${Date.now()}@example.org`, 'a wrong password for sure');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'sign-in refused', isPhone);
});

test('/admin: signed in with content, and with post errors shown, passes axe', async ({ page, isPhone }) => {
  await signInAsAdministrator(page);
  await waitForContent(page);
  await expectAccessible(page, 'signed in', isPhone);
  if (isPhone) {
    await menuButton(page).click();
    await expectAccessible(page, 'signed in, menu open', isPhone);
    await menuButton(page).click();
  }

  await openAdminPage(page, 'Inbox');
  await expect(page.getByRole('region', { name: 'Inbox' }).getByRole('button', { name: 'Check for new messages' })).toBeVisible();
  await expectAccessible(page, 'inbox', isPhone);
  await openAdminPage(page, 'News');
  const posts = page.getByRole('region', { name: 'News' });
  await posts.getByRole('button', { name: 'Publish post' }).click();
  await expect(posts.getByLabel('Title')).toBeFocused();
  await expect(posts.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'post errors shown', isPhone);

  const [firstPost] = await posts.getByRole('button', { name: /^Delete / }).all();
  await firstPost?.click();
  await expect(posts.getByRole('button', { name: 'No, keep it' })).toBeFocused();
  await expectAccessible(page, 'post delete confirmation', isPhone);
  await posts.getByRole('button', { name: 'No, keep it' }).click();
});

test('/admin: empty lists and an empty inbox pass axe', async ({ page, isPhone, emptySiteURL }) => {
  await signInAsAdministrator(page, emptySiteURL);
  await waitForContent(page);

  await expect(page.getByText('There are no event files.')).toBeVisible();
  await expectAccessible(page, 'empty', isPhone);
  await openAdminPage(page, 'News');
  await expect(page.getByText('There are no posts yet.')).toBeVisible();
  await expectAccessible(page, 'no posts', isPhone);
  await openAdminPage(page, 'Events');
  await expect(page.getByText(/^There are no event files\. Upload one/)).toBeVisible();
  await expectAccessible(page, 'no events', isPhone);
  await openAdminPage(page, 'Inbox');
  await expect(page.getByText('No messages have been received yet.')).toBeVisible();
  await expectAccessible(page, 'empty inbox', isPhone);
});

test('/admin: lists that cannot be loaded say so and pass axe', async ({ page, isPhone }) => {
  await signInAsAdministrator(page);
  await page.route(/\/api\/(files|posts|contact-messages)/, (route) =>
    route.request().method() === 'GET' ? route.abort('connectionrefused') : route.continue(),
  );

  await page.reload();

  await expect(page.getByText('The files could not be loaded.', { exact: false }).first()).toBeVisible();
  await expectAccessible(page, 'lists failed', isPhone);
  await openPage(page, '/admin/inbox');
  await expect(page.getByText('The messages could not be loaded.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'inbox failed', isPhone);
});

test('/admin: an upload in progress passes axe, and Cancel stores nothing', async ({ page, context, isPhone }) => {
  await signInAsAdministrator(page);
  const form = page.getByRole('region', { name: 'Upload Important Documents' });
  const name = `E2E cancelled ${Date.now()}.pdf`;
  await form.getByLabel('Choose a file').setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.alloc(3_000_000, '%PDF-1.4\n') });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 200_000 });

  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(form.getByRole('progressbar')).toBeVisible();
  await expectAccessible(page, 'upload in progress', isPhone);
  await form.getByRole('button', { name: 'Cancel' }).click();

  await expect(form.getByRole('alert')).toHaveText('The upload was canceled. Nothing was stored.');
  await expectAccessible(page, 'upload canceled', isPhone);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const listed = await page.request.get('/api/files?folder=root');
  expect(JSON.stringify(await listed.json())).not.toContain(name.replace('.pdf', ''));
});
