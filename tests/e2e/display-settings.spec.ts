import { expectNoAxeViolations, expectPhoneLayout } from './support/checks';
import { SCHEME_COLOURS, TEXT_SCALE, chooseDisplay, shownDisplay } from './support/display';
import { expect, test } from './support/fixtures';
import { chooseNavLink, openPage } from './support/site-map';

test('a reader chooses large text and high contrast: every page shows it at once, after a reload and from the server', async ({ page, isPhone }) => {
  await openPage(page, '/about');
  const before = await shownDisplay(page);

  await page.getByRole('link', { name: 'Display settings', exact: true }).click();
  await page.getByRole('group', { name: 'Text size' }).getByRole('radio', { name: 'Large', exact: true }).check();
  await page.getByRole('group', { name: 'Colours' }).getByRole('radio', { name: /^High contrast/ }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();

  await expect(page.getByRole('status')).toContainText('Your display settings are saved.');
  const saved = await shownDisplay(page);
  expect(saved.fontSize).toBeCloseTo(before.fontSize * TEXT_SCALE.large, 1);
  expect(saved).toMatchObject(SCHEME_COLOURS['high-contrast']);
  await expectNoAxeViolations(page, 'settings saved');

  await page.getByRole('link', { name: 'Go back to the page you were reading' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  expect(await shownDisplay(page)).toEqual(saved);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'large');
  expect(await shownDisplay(page)).toEqual(saved);
  await chooseNavLink(page, 'Events', isPhone);
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
  expect(await shownDisplay(page)).toEqual(saved);

  // The HTML the server sends already carries the choice: nothing paints at the old size first.
  const html = await (await page.request.get('/news')).text();
  expect(html).toMatch(/^<!doctype html>\s*<html lang="en-IE" data-text-size="large" data-colours="high-contrast">/i);
});

test('without JavaScript the settings form is handled by the server and the choice shows on every page', async ({ browser, isPhone }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: isPhone ? { width: 375, height: 740 } : { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/news');
  const before = await shownDisplay(page);

  await page.getByRole('link', { name: 'Display settings', exact: true }).click();
  await page.getByRole('group', { name: 'Text size' }).getByRole('radio', { name: 'Largest' }).check();
  await page.getByRole('group', { name: 'Colours' }).getByRole('radio', { name: /^Dark/ }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();

  await expect(page).toHaveURL(/\/display-settings\?saved=1&from=%2Fnews$/);
  await expect(page.getByRole('status')).toContainText('Your display settings are saved.');
  const saved = await shownDisplay(page);
  expect(saved.fontSize).toBeCloseTo(before.fontSize * TEXT_SCALE.largest, 1);
  expect(saved).toMatchObject(SCHEME_COLOURS.dark);
  await page.getByRole('link', { name: 'Go back to the page you were reading' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  expect(await shownDisplay(page)).toEqual(saved);
  // axe needs script to run; the same pages with script are checked in every setting above.
  if (isPhone) await expectPhoneLayout(page);
  await context.close();
});

test("where the reader chose nothing, the device's dark mode and high contrast decide; a choice made here wins", async ({ page, context }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openPage(page, '/about');
  expect(await shownDisplay(page)).toMatchObject(SCHEME_COLOURS.dark);
  await expectNoAxeViolations(page, 'device dark mode');

  await page.emulateMedia({ colorScheme: 'light', contrast: 'more' });
  expect(await shownDisplay(page)).toMatchObject(SCHEME_COLOURS['high-contrast']);

  await chooseDisplay(context, 'standard', 'dark');
  await page.reload();
  expect(await shownDisplay(page)).toMatchObject(SCHEME_COLOURS.dark);
});

test('forced colours keep the current page marked in the menu, and less motion means no transitions', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
  await openPage(page, '/about');

  // Measured whether or not the phone menu is open.
  const current = page.locator('.site-nav__link[aria-current="page"]');
  await expect(current).toHaveText('About');
  await expect(current).toHaveCSS('text-decoration-line', 'underline');
  // The site has no motion of its own; the rule keeps any that a later change adds from running.
  await expect(page.locator('body')).toHaveCSS('transition-duration', '1e-05s');
});
