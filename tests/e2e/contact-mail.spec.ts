import { openAdminPage, signInAsAdministrator } from './support/admin';
import { expectNoAxeViolations } from './support/checks';
import { expect, test } from './support/fixtures';
import { openPage } from './support/site-map';

const CONFIRMATION = 'Thank you. Your message has been received and we will reply as soon as we can.';

// The server accepts five messages an hour from one address, and every test browses from
// 127.0.0.1: the whole suite sends four (this one at 375px, the same at 1280px by keyboard in
// keyboard.spec.ts, one with the mail server down, one without JavaScript in ssr-contact-no-script).

test('a message from the contact form reaches the association by e-mail, with Reply-To the visitor', { tag: '@phone-only' }, async ({ page, mailbox }, testInfo) => {
  const token = `e2e-${testInfo.project.name}-${Date.now()}`;
  const visitor = `mary.${testInfo.project.name}@example.org`;
  await openPage(page, '/contact');

  await page.getByLabel('Your Name:').fill('Mary Example');
  await page.getByLabel('Your Email:').fill(visitor);
  await page.getByLabel('Message:').fill(`Could you send me the membership form?\nReference ${token}`);
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('status').filter({ hasText: CONFIRMATION })).toBeVisible();
  // The confirmation takes the form's place; 'Write another message' brings back an empty one.
  await expect(page.getByLabel('Your Name:')).toHaveCount(0);
  await expectNoAxeViolations(page, 'message received');
  await page.getByRole('link', { name: 'Write another message' }).click();
  await expect(page.getByLabel('Your Name:')).toHaveValue('');
  await expect(page.getByLabel('Message:')).toHaveValue('');
  const mail = await mailbox.waitForOne(token);
  expect(mail.to).toContain('committee@example.org');
  expect(mail.replyTo).toContain(visitor);
  expect(mail.text).toContain('Mary Example');
  expect(mail.text).toContain('Could you send me the membership form?');
});

test('an empty contact form says what is missing next to each field and sends nothing', async ({ page, mailbox }) => {
  const before = (await mailbox.messages()).length;
  await openPage(page, '/contact');

  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByLabel('Your Name:')).toBeFocused();
  await expect(page.getByLabel('Your Name:')).toHaveAccessibleDescription(/Please enter your name\.$/);
  await expect(page.getByLabel('Your Email:')).toHaveAccessibleDescription(/Please enter your e-mail address\.$/);
  await expect(page.getByLabel('Message:')).toHaveAccessibleDescription(/Please enter a message\.$/);
  await expect(page.getByLabel('Your Email:')).toHaveAttribute('type', 'email');
  await expectNoAxeViolations(page, 'form errors shown');
  expect((await mailbox.messages()).length).toBe(before);
});

test(
  'with the mail server down the visitor is still told the message was received, the administrator sees it pending, and it is delivered once when the server is back',
  { tag: '@desktop-only' },
  async ({ page, mailbox }) => {
    const token = `e2e-outage-${Date.now()}`;
    await mailbox.stop();
    try {
      await openPage(page, '/contact');
      await page.getByLabel('Your Name:').fill('Seán Outage');
      await page.getByLabel('Your Email:').fill('sean.outage@example.org');
      await page.getByLabel('Message:').fill(`Sent while the mail server was down. ${token}`);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('status').filter({ hasText: CONFIRMATION })).toBeVisible();

      await signInAsAdministrator(page);
      await openAdminPage(page, 'Inbox');
      const inbox = page.getByRole('region', { name: 'Inbox' });
      const message = inbox.getByRole('listitem').filter({ hasText: token });
      await expect(message).toContainText('Seán Outage');
      await expect(message).toContainText('Waiting to be e-mailed');
      await expectNoAxeViolations(page, 'inbox with a pending message');
    } finally {
      await mailbox.start();
    }

    const mail = await mailbox.waitForOne(token);
    expect(mail.replyTo).toContain('sean.outage@example.org');
    const inbox = page.getByRole('region', { name: 'Inbox' });
    await expect(async () => {
      await inbox.getByRole('button', { name: 'Check for new messages' }).click();
      await expect(inbox.getByRole('listitem').filter({ hasText: token })).toContainText('E-mailed', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    expect((await mailbox.messages()).filter((received) => received.text.includes(token))).toHaveLength(1);
  },
);
