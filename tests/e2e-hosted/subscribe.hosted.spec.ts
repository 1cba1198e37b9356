import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../e2e/support/checks';
import { openPage } from '../e2e/support/site-map';
import { expect, test } from './support/hosted-fixtures';

const THANK_YOU = 'Thank you: please check your e-mail for a link to confirm.';

/**
 * Opens an address in the running app, as following a link in it does: the fakes live in the page
 * (mocks/hosted-browser.ts), so loading it afresh would start them afresh.
 */
async function followLink(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

// The request and its confirmation mail go to the Firestore fake, which accepts them by the shapes
// firestore.rules accept (mocks/firebase-firestore.ts); the confirmation mail's token is read there.
test('a visitor subscribes on the home page and confirms with the button on the page the mail links to', async ({ page, fakes, console }) => {
  const email = 'nuala@example.org';
  // The hosted pages are drawn in the browser, so the form is there only once its code runs.
  await openPage(page, '/');
  const form = page.getByRole('region', { name: 'Get our news by e-mail' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel(/Name/).fill('Nuala Example');

  await form.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page.getByRole('status').filter({ hasText: THANK_YOU })).toBeVisible();
  const [token] = await fakes.confirmationTokens(email);
  expect(token).toMatch(/^[0-9a-f]{64}\.[\w-]{32}$/);
  await followLink(page, `/subscribe/confirm?token=${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status')).toContainText('You are subscribed');
  await expectNoAxeViolations(page, 'subscribed on the hosted site');

  // The same link a second time: used, as the self-hosted site says. Firestore refuses it (the browser reports the refusal).
  console.expectMessage('error', /^Failed to load resource: .*status of 403\b.*\(https:\/\/firestore\.googleapis\.com\//);
  await followLink(page, '/');
  await followLink(page, `/subscribe/confirm?token=${token}`);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('alert')).toContainText('This confirmation link has expired or was already used.');
});
