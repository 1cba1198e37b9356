import type { Page } from '@playwright/test';
import { SAMPLE_DETAILS } from '../../src-core/domain/sample-details';
import { CONTACT_CONFIRMATION } from '../../src-core/machines/contact.machine';
import { expectNoAxeViolations, expectPhoneLayout } from '../e2e/support/checks';
import { openPage } from '../e2e/support/site-map';
import { expect, test } from './support/hosted-fixtures';

const MESSAGE = { name: 'Mary Byrne', email: 'mary@example.org', message: 'Is there a branch in Sligo?\nI moved there last year.' };

async function fillIn(page: Page): Promise<void> {
  await page.getByLabel('Your Name:').fill(MESSAGE.name);
  await page.getByLabel('Your Email:').fill(MESSAGE.email);
  await page.getByLabel('Message:').fill(MESSAGE.message);
}

test('a contact message goes to EmailJS and the visitor is thanked', async ({ page, fakes, isPhone }) => {
  await openPage(page, '/contact');
  await fillIn(page);

  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('status').filter({ hasText: CONTACT_CONFIRMATION })).toBeVisible();
  expect(await fakes.sentEmails()).toEqual([MESSAGE]);
  await expectNoAxeViolations(page, 'contact message sent');
  if (isPhone) await expectPhoneLayout(page);
});

// Two of the error statuses EmailJS responds with, each with what the visitor reads:
// the error table's sentence (adapters/hosted/error-table.ts), or the contact machine's own for a
// refusal of too many messages.
const REFUSALS = [
  {
    status: 451,
    text:
      'Your message was not sent. The e-mail service does not accept messages from this browser. ' +
      'Please try another browser, or contact us another way.',
  },
  { status: 429, text: 'Your message was not sent because too many messages were sent in a short time. Please try again later.' },
] as const;

test('each EmailJS refusal tells the visitor why and keeps the message, and sending again goes through', async ({
  page,
  fakes,
  console,
  isPhone,
}) => {
  await openPage(page, '/contact');
  await fillIn(page);

  for (const { status, text } of REFUSALS) {
    // The browser reports the refused request, and the contact machine logs it, as docs/behaviour.md#failures says.
    console.expectMessage('error', new RegExp(`^Failed to load resource: .*status of ${status}\\b.*\\(https://api\\.emailjs\\.com/`));
    console.expectMessage('warning', /Contact message not sent/);
    await fakes.failNextSend(status);

    await page.getByRole('button', { name: 'Send Message' }).click();

    // The refusal, then the other ways to reach the association (.env.hosted-fakes sets them).
    await expect(page.getByRole('alert')).toHaveText(`${text}You can also phone us on ${SAMPLE_DETAILS.phone} (${SAMPLE_DETAILS.openingHours}) or e-mail ${SAMPLE_DETAILS.email}.`);
    expect(await fakes.sentEmails()).toEqual([]);
    await expect(page.getByLabel('Message:')).toHaveValue(MESSAGE.message);
    await expectNoAxeViolations(page, `contact refused with ${status}`);
    if (isPhone) await expectPhoneLayout(page);
  }

  // Each refusal was EmailJS's response to one request.
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: CONTACT_CONFIRMATION })).toBeVisible();
  expect(await fakes.sentEmails()).toEqual([MESSAGE]);
});
