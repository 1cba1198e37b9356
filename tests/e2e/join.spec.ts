import { MEMBERSHIP_MESSAGES } from '../../src-core/domain/joining';
import { expectNoAxeViolations } from './support/checks';
import { expect, test } from './support/fixtures';
import { openPage } from './support/site-map';

const THANKS_HEADING = 'Thank you for applying';

test('@phone-only with JavaScript: applying by keyboard alone, the refused form first, then the thanks page', async ({ page }) => {
  // The form comes to life once its own code has arrived (src/app/routes.tsx, hydratesLater).
  const joinCode = page.waitForResponse((response) => /join\.view-[\w-]+\.js$/.test(response.url()));
  await openPage(page, '/join');
  await joinCode;
  await expect(page.getByRole('heading', { level: 1, name: 'Join online' })).toBeVisible();
  await expectNoAxeViolations(page, 'join page');

  const form = page.locator('form[action="/join"]');
  await form.getByRole('button', { name: 'Send my application' }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Full name')).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'There are 5 problems' })).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveAccessibleDescription(MEMBERSHIP_MESSAGES.name);
  await expectNoAxeViolations(page, 'join form with its errors');

  await page.keyboard.type('Mary Byrne');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1 Main Street');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Sligo');
  await page.keyboard.press('Tab');
  await page.keyboard.type('F91 X2Y3');
  await page.keyboard.press('Tab'); // phone, left empty
  await page.keyboard.press('Tab'); // e-mail, left empty: the association writes or phones
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Your nursing background')).toBeFocused();
  await page.keyboard.type('Trained in Sligo, worked in Galway until 2019.');
  await page.keyboard.press('Tab'); // NMBI PIN, left empty
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Your nearest branch')).toBeFocused();
  await page.keyboard.press('End');
  await expect(form.getByLabel('Your nearest branch')).toHaveValue('not-sure');
  await page.keyboard.press('Tab'); // the news box, left unticked
  await page.keyboard.press('Tab'); // the privacy policy link in the consent box's hint
  await page.keyboard.press('Tab');
  await expect(form.getByRole('checkbox', { name: /I have read/ })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send my application' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/join\/thanks$/);
  await expect(page.getByRole('heading', { level: 1, name: THANKS_HEADING })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(MEMBERSHIP_MESSAGES.thankYou);
  await expectNoAxeViolations(page, 'join thanks page');
});

test('@phone-only without JavaScript: the form posts, comes back refused with what was typed, then goes on to the thanks page', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/join');
  const form = page.locator('form[action="/join"]');
  await form.getByLabel('Full name').fill('Seán Example');
  await form.getByLabel(/^Eircode/).fill('not one');
  await form.getByRole('button', { name: 'Send my application' }).click();

  await expect(page).toHaveURL(/\/join\?outcome=/);
  await expect(page.getByRole('alert')).toHaveText(MEMBERSHIP_MESSAGES.checkFields);
  await expect(form.getByLabel('Full name')).toHaveValue('Seán Example');
  await expect(form.getByLabel(/^Eircode/)).toHaveAccessibleDescription(new RegExp(MEMBERSHIP_MESSAGES.eircode.slice(0, 30)));
  // The answer to the post was a redirect, so a reload asks for the page again and posts nothing.
  const reload = page.waitForRequest((request) => request.isNavigationRequest());
  await page.reload();
  expect((await reload).method()).toBe('GET');

  await form.getByLabel(/^Eircode/).fill('');
  await form.getByLabel('Postal address').fill('2 Quay Street\nGalway');
  await form.getByLabel('Your nursing background').fill('Midwife in Galway for thirty years.');
  await form.getByLabel('Your nearest branch').selectOption('not-sure');
  await form.getByRole('checkbox', { name: /I have read/ }).check();
  await form.getByRole('button', { name: 'Send my application' }).click();

  await expect(page).toHaveURL(/\/join\/thanks$/);
  await expect(page.getByRole('heading', { level: 1, name: THANKS_HEADING })).toBeVisible();
  await context.close();
});
