import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/checks';
import { expect, test } from './support/fixtures';
import type { Mailbox } from './support/fixtures';
import { openPage } from './support/site-map';

const THANK_YOU = 'Thank you: please check your e-mail for a link to confirm.';

/** The confirmation page's address from the one confirmation e-mail sent to this address. */
async function confirmationLink(mailbox: Mailbox, email: string): Promise<string> {
  await expect.poll(async () => (await mailbox.messages()).filter((mail) => mail.to.includes(email)).length, { timeout: 30_000 }).toBe(1);
  const mail = (await mailbox.messages()).find((mail) => mail.to.includes(email));
  const link = /https?:\/\/\S+(\/subscribe\/confirm\?token=[\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (link === undefined) throw new Error(`No confirmation link in the e-mail to ${email}:\n${mail?.text ?? ''}`);
  return link;
}

async function subscribeOn(page: Page, email: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Get our news by e-mail' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel(/Name/).fill('Nuala Example');
  await form.getByRole('button', { name: 'Subscribe' }).click();
}

// One address per run and width: the server accepts three requests an hour for one address.
test('@phone-only with JavaScript: subscribe on the home page, confirm with the page’s button', async ({ page, mailbox }) => {
  const email = `nuala.script.${Date.now()}@example.org`;
  // The form comes to life once its own code has arrived (src/components/subscription-form.part.tsx).
  const formCode = page.waitForResponse((response) => /subscription-form-[\w-]+\.js$/.test(response.url()));
  await openPage(page, '/');
  await formCode;
  await expectNoAxeViolations(page, 'home page with the subscription form');

  await subscribeOn(page, email);

  await expect(page.getByRole('status').filter({ hasText: THANK_YOU })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectNoAxeViolations(page, 'subscription requested');

  const link = await confirmationLink(mailbox, email);
  await openPage(page, link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await expectNoAxeViolations(page, 'confirmation page');
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status')).toContainText('You are subscribed');
  await expectNoAxeViolations(page, 'subscribed');
});

test('@phone-only without JavaScript: subscribe from the News page, confirm with the page’s button', async ({ browser, baseURL, mailbox }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const email = `nuala.noscript.${Date.now()}@example.org`;
  await page.goto('/news');

  await subscribeOn(page, email);

  await expect(page).toHaveURL(/\/subscribe\?result=sent&form=news$/);
  await expect(page.getByRole('status').filter({ hasText: THANK_YOU })).toBeVisible();
  // The answer to the post was a redirect, so a reload asks for the page again and posts nothing.
  const reload = page.waitForRequest((request) => request.isNavigationRequest());
  await page.reload();
  expect((await reload).method()).toBe('GET');

  const link = await confirmationLink(mailbox, email);
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page).toHaveURL(/\/subscribe\/confirm\?result=confirmed$/);
  await expect(page.getByRole('status')).toContainText('You are subscribed');

  await page.goto('/unsubscribe?token=not-a-real-one');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText('You are unsubscribed');
  await context.close();
});

test('@phone-only an address that is not one is refused beside the field, and the unsubscribe page passes axe', async ({ page }) => {
  const formCode = page.waitForResponse((response) => /subscription-form-[\w-]+\.js$/.test(response.url()));
  await openPage(page, '/about');
  await formCode;

  await subscribeOn(page, 'not an address');

  const field = page.getByRole('region', { name: 'Get our news by e-mail' }).getByLabel('E-mail');
  await expect(field).toHaveAccessibleDescription('Please enter a valid e-mail address, like name@example.org.');
  await expect(field).toBeFocused();
  await expectNoAxeViolations(page, 'subscription form with an error');

  await openPage(page, '/unsubscribe?token=abc');
  await expectNoAxeViolations(page, 'unsubscribe page');
});
