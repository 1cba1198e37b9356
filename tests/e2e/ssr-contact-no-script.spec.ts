import { expect, test } from './support/fixtures';
import { PUBLIC_PAGES } from './support/site-map';

const CONFIRMATION = 'Thank you. Your message has been received and we will reply as soon as we can.';

// The server accepts five messages an hour from one address and the suite browses from
// 127.0.0.1, so the message that is really sent goes at one width only (see contact-mail.spec.ts).

test('@desktop-only the contact form sends with JavaScript turned off, and the message arrives by e-mail', async ({ browser, baseURL, mailbox }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const token = `no-script-${Date.now()}`;
  await page.goto('/contact');

  await page.getByLabel('Your Name:').fill('Nora NoScript');
  await page.getByLabel('Your Email:').fill('nora.noscript@example.org');
  await page.getByLabel('Message:').fill(`Sent from a browser without script. ${token}`);
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page).toHaveURL(/\/contact\?outcome=[\w-]+$/);
  await expect(page.getByRole('status').filter({ hasText: CONFIRMATION })).toBeVisible();
  // The confirmation takes the form's place.
  await expect(page.getByLabel('Your Name:')).toHaveCount(0);
  // The response to the post was a redirect, so a reload asks for the page again and posts nothing.
  const reload = page.waitForRequest((request) => request.isNavigationRequest());
  await page.reload();
  expect((await reload).method()).toBe('GET');
  await expect(page.getByRole('status').filter({ hasText: CONFIRMATION })).toBeVisible();
  const mail = await mailbox.waitForOne(token);
  expect(mail.replyTo).toContain('nora.noscript@example.org');
  expect(mail.text).toContain('Nora NoScript');
  await context.close();
});

test('without JavaScript an empty contact form comes back saying what is missing, and nothing is sent', async ({ browser, baseURL, mailbox }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const before = (await mailbox.messages()).length;
  await page.goto('/contact');

  await page.getByLabel('Your Name:').fill('Nora NoScript');
  await page.getByRole('button', { name: 'Send Message' }).click();

  // Beside the field, and in the summary at the top.
  await expect(page.getByText('Please enter a message.')).toHaveCount(2);
  await expect(page.getByLabel('Message:')).toHaveAccessibleDescription('Please enter a message.');
  await expect(page.getByLabel('Your Name:')).toHaveValue('Nora NoScript');
  await expect(page.getByRole('status').filter({ hasText: CONFIRMATION })).toHaveCount(0);
  expect((await mailbox.messages()).length).toBe(before);
  await context.close();
});

test('without JavaScript every public page shows its heading, its lists and a menu that opens', async ({ browser, baseURL, isPhone }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();

  for (const publicPage of PUBLIC_PAGES) {
    await page.goto(publicPage.path);

    await expect(page.locator('h1'), publicPage.path).toHaveText(publicPage.heading);
    for (const text of publicPage.texts) await expect(page.getByText(text).first(), publicPage.path).toBeVisible();
    await expect(page.getByText(/^Loading/), publicPage.path).toHaveCount(0);
    // On a phone the menu starts closed, as the spec says, and its button opens it with no script at all.
    if (isPhone) await page.getByRole('navigation', { name: 'Main' }).getByText('Menu', { exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Useful Links' }), publicPage.path).toBeVisible();
  }
  await context.close();
});
