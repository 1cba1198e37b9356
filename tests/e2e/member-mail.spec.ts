import { openAdminPage, signInAsAdministrator } from './support/admin';
import { ADMIN } from './support/e2e-env';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/checks';
import { expect, test } from './support/fixtures';

test('the administrator adds a subscriber by hand, previews a news post as an e-mail, sends a test to themself, sends it and sees it sent', async ({ page, mailbox }) => {
  const reader = `reader.${Date.now()}@example.org`;
  await signInAsAdministrator(page);
  await openAdminPage(page, 'E-mail to members');
  const subscribers = page.getByRole('region', { name: 'Subscribers' });
  const mailing = page.getByRole('region', { name: 'Send our news by e-mail' });
  await expect(subscribers.getByText(/^\d+ (person gets|people get) our news by e-mail/)).toBeVisible();
  await expectNoAxeViolations(page, 'page opened');

  await subscribers.getByRole('textbox', { name: 'E-mail' }).fill(reader);
  await subscribers.getByRole('textbox', { name: /How did they agree/ }).fill('paper form at the AGM, 12 March');
  await subscribers.getByRole('button', { name: 'Add to the list' }).click();
  await expect(subscribers.getByRole('status').filter({ hasText: `${reader} was added to the list.` })).toBeVisible();
  await expect(subscribers.getByRole('heading', { name: reader })).toBeVisible();
  // Other journeys on this site may have confirmed addresses too: the mailing goes to each of them.
  const count = Number((await subscribers.getByText(/^\d+ (person gets|people get) our news by e-mail/).textContent())?.match(/^\d+/)?.[0]);
  expect(count).toBeGreaterThan(0);

  await mailing.getByRole('combobox', { name: 'What to send' }).selectOption({ index: 1 });
  await mailing.getByRole('button', { name: 'Show the e-mail' }).click();
  await expect(mailing.getByRole('heading', { name: 'The e-mail as readers will see it' })).toBeFocused();
  const subject = ((await mailing.locator('p', { hasText: /^Subject:/ }).textContent()) ?? '').replace(/^Subject:\s*/, '');
  expect(subject).not.toBe('');
  const frame = mailing.getByTitle(`The e-mail: ${subject}`);
  await expect(frame).toBeVisible();
  await expectNoSidewaysScroll(page);
  // axe cannot run inside a frame that may run no scripts, so the e-mail is checked as a page of its own.
  const html = (await frame.getAttribute('srcdoc')) ?? '';
  const preview = await page.context().newPage();
  await preview.setViewportSize({ width: 375, height: 740 });
  await preview.setContent(html);
  await expectNoAxeViolations(preview, 'the e-mail as readers see it');
  await preview.close();

  await mailing.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(mailing.getByRole('status').filter({ hasText: 'A test e-mail is on its way to you.' })).toBeFocused();
  // The test goes to the administrator alone, marked as a test; no subscriber gets it.
  await expect.poll(async () => (await mailbox.messages()).filter((mail) => mail.to.includes(ADMIN.email)).map((mail) => mail.subject)).toContain(`[Test] ${subject}`);
  expect((await mailbox.messages()).filter((mail) => mail.to.includes(reader))).toEqual([]);

  await mailing.getByRole('button', { name: 'Send to every subscriber' }).click();
  await mailing.getByRole('button', { name: 'Yes, send it' }).click();

  await expect(mailing.getByRole('heading', { name: `Finished: ${subject}`, exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(mailing.getByText(`Sent to ${count}. Could not send: 0. Waiting: 0.`)).toBeVisible();
  await expectNoAxeViolations(page, 'mailing sent');
  // Exactly one copy reached the new subscriber, with the post's title as its subject.
  await expect.poll(async () => (await mailbox.messages()).filter((mail) => mail.to.includes(reader)).map((mail) => mail.subject)).toEqual([subject]);
});
