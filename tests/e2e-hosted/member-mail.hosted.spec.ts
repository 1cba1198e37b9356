import { MOCK_ADMIN } from '../../mocks/self-hosted-api';
import { openAdminPage, submitLogin } from '../e2e/support/admin';
import { expectNoAxeViolations } from '../e2e/support/checks';
import { openPage } from '../e2e/support/site-map';
import { expect, test } from './support/hosted-fixtures';

// The subscriber list and the mailing in Firestore (its fake in the page); the test plays the
// Trigger Email extension, which marks each mail document delivered.
test('the administrator adds a subscriber, sends a news post to the list, and sees it delivered', async ({ page, fakes }) => {
  const reader = 'reader@example.org';
  await openPage(page, '/login');
  await submitLogin(page, MOCK_ADMIN.email, MOCK_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await openAdminPage(page, 'E-mail to members');
  const subscribers = page.getByRole('region', { name: 'Subscribers' });
  const mailing = page.getByRole('region', { name: 'Send our news by e-mail' });

  await subscribers.getByRole('textbox', { name: 'E-mail' }).fill(reader);
  await subscribers.getByRole('textbox', { name: /How did they agree/ }).fill('paper form at the AGM, 12 March');
  await subscribers.getByRole('button', { name: 'Add to the list' }).click();
  await expect(subscribers.getByRole('status').filter({ hasText: `${reader} was added to the list.` })).toBeVisible();
  await expect(subscribers.getByText(/^1 person gets our news by e-mail/)).toBeVisible();

  await mailing.getByRole('combobox', { name: 'What to send' }).selectOption({ index: 1 });
  await mailing.getByRole('button', { name: 'Show the e-mail' }).click();
  await expect(mailing.getByRole('heading', { name: 'The e-mail as readers will see it' })).toBeFocused();
  const subject = ((await mailing.locator('p', { hasText: /^Subject:/ }).textContent()) ?? '').replace(/^Subject:\s*/, '');
  await mailing.getByRole('button', { name: 'Send to every subscriber' }).click();
  await mailing.getByRole('button', { name: 'Yes, send it' }).click();
  await expect(mailing.getByText('Sent to 0. Could not send: 0. Waiting: 1.')).toBeVisible();

  expect(await fakes.deliverMail()).toEqual([{ to: reader, subject }]);
  await expect(mailing.getByRole('heading', { name: `Finished: ${subject}`, exact: true })).toBeVisible();
  await expect(mailing.getByText('Sent to 1. Could not send: 0. Waiting: 0.')).toBeVisible();
  await expectNoAxeViolations(page, 'hosted mailing delivered');
});
