import type { Page } from '@playwright/test';
import { MEMBERSHIP_MESSAGES } from '../../src-core/domain/joining';
import { MOCK_ADMIN } from '../../mocks/self-hosted-api';
import { openAdminPage } from '../e2e/support/admin';
import { expectNoAxeViolations } from '../e2e/support/checks';
import { openPage } from '../e2e/support/site-map';
import { expect, test } from './support/hosted-fixtures';

/** Opens an address in the running app, as a link in it does: the fakes live in the page, so a fresh load would start them afresh. */
async function followLink(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

// The application goes to the Firestore fake, which accepts it by the shape firestore.rules accept
// (mocks/firebase-firestore.ts); the approval's transaction and its welcome mail are written there,
// and the test plays the Trigger Email extension, which delivers the mail.
test('a visitor applies on the join page, and the administrator approves: a member with a number, and the welcome e-mail', async ({ page, fakes }) => {
  await openPage(page, '/join');
  const form = page.locator('form.join-form');
  await form.getByLabel('Full name').fill('Mary Byrne');
  await form.getByLabel(/Postal address/).fill('1 Main Street\nSligo');
  await form.getByLabel(/E-mail/).fill('mary@example.org');
  await form.getByLabel('Your nursing background').fill('Trained in Sligo, worked in Galway until 2019.');
  // The hosted backend has no branches: 'Not sure' is the one choice.
  await form.getByLabel('Your nearest branch').selectOption('not-sure');
  await form.getByRole('checkbox', { name: /I have read/ }).check();
  await form.getByRole('button', { name: 'Send my application' }).click();
  await expect(page.getByRole('status')).toContainText(MEMBERSHIP_MESSAGES.thankYou);

  await followLink(page, '/login');
  // The footer's news form stays on a page reached by a link, so the login form is found by its button.
  const login = page.locator('form').filter({ has: page.getByRole('button', { name: 'Login' }) });
  await login.getByRole('textbox', { name: 'E-mail' }).fill(MOCK_ADMIN.email);
  await login.getByLabel('Password').fill(MOCK_ADMIN.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await openAdminPage(page, 'Applications');
  await page.getByRole('button', { name: 'Approve Mary Byrne' }).click();

  await expect(page.getByText(/Mary Byrne is now a member\. Their membership number is 1\. A welcome e-mail is on its way to mary@example\.org\./)).toBeVisible();
  expect(await fakes.deliverMail()).toEqual([{ to: 'mary@example.org', subject: 'Welcome to the Retired Nurses Association of Ireland' }]);
  await expectNoAxeViolations(page, 'hosted application approved');
});
