import type { Route } from '@playwright/test';
import { expectNoAxeViolations, expectPhoneLayout } from './support/checks';
import { expect, test } from './support/fixtures';
import { mainNav, menuButton, openPage } from './support/site-map';

const APP_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

test('with the script held back, the phone menu opens, passes axe and leads to a page', { tag: '@phone-only' }, async ({ page }) => {
  await page.route(APP_SCRIPT, () => undefined);
  await page.goto('/');
  const usefulLinks = mainNav(page).getByRole('link', { name: 'Useful Links' });
  await expect(usefulLinks).toBeHidden();

  await mainNav(page).getByText('Menu', { exact: true }).click();

  await expect(usefulLinks).toBeVisible();
  await expectNoAxeViolations(page, 'menu open before the script');
  await expectPhoneLayout(page);
  await usefulLinks.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Important Links' })).toBeVisible();
});

test('when the held script arrives, the app takes the menu over as the reader left it: open, with its button', { tag: '@phone-only' }, async ({ page }) => {
  const held: Route[] = [];
  await page.route(APP_SCRIPT, (route) => void held.push(route));
  await page.goto('/about');
  await mainNav(page).getByText('Menu', { exact: true }).click();
  await expect(mainNav(page).getByRole('link', { name: 'News' })).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);

  for (const route of held) await route.continue();
  await page.unroute(APP_SCRIPT);

  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(mainNav(page).getByRole('link', { name: 'News' })).toBeVisible();
  await menuButton(page).click();
  await expect(mainNav(page).getByRole('link', { name: 'News' })).toBeHidden();
});

test('with JavaScript off the menu still opens, and the admin pages say plainly that they need it', async ({ browser, isPhone }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: isPhone ? { width: 375, height: 740 } : { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/about');
  if (isPhone) await mainNav(page).getByText('Menu', { exact: true }).click();
  await mainNav(page).getByRole('link', { name: 'News' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();

  for (const path of ['/login', '/admin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'This page needs JavaScript' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('The admin area, where our volunteers sign in and update the website, only works with it.');
  }
  await context.close();
});

test('the message that the admin area needs JavaScript passes axe', async ({ page }) => {
  // axe runs as script, so it checks the message as a browser without script shows it: the
  // page's HTML with the noscript element's content in its place and nothing to run.
  const html = await (await page.request.get('/login')).text();
  const shown = html.replace(/<noscript id="needs-script">([\s\S]*?)<\/noscript>/, '$1').replace(/<script[\s\S]*?<\/script>/g, '');
  await page.route('**/login', (route) => route.fulfill({ contentType: 'text/html', body: shown }));

  await page.goto('/login');

  await expect(page.getByRole('heading', { level: 1, name: 'This page needs JavaScript' })).toBeVisible();
  await expectNoAxeViolations(page, 'the admin area without JavaScript');
});

test('with JavaScript on, the admin pages never show that message', async ({ page }) => {
  await openPage(page, '/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByText('This page needs JavaScript')).toBeHidden();
});
