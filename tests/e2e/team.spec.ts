import { signInAsAdministrator } from './support/admin';
import { expectNoAxeViolations, tabTo } from './support/checks';
import { expect, test } from './support/fixtures';

test('an administrator invites an editor by keyboard; the editor accepts through the e-mailed link and lands on a page they can use', async ({ page, mailbox }) => {
  const editor = `editor.${Date.now()}@example.org`;
  await signInAsAdministrator(page);
  const nav = page.getByRole('navigation', { name: 'Admin area' });

  await tabTo(page, nav.getByRole('link', { name: 'Team' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team');
  await expect(page.getByRole('heading', { name: 'The team' })).toBeVisible();
  await expectNoAxeViolations(page, 'Team page');

  await tabTo(page, page.getByLabel('Their e-mail address'));
  await page.keyboard.type(editor);
  // 'Editor' is chosen already; Tab reaches the chosen radio button, then the button.
  await tabTo(page, page.getByRole('radio', { name: /^Editor:/ }));
  await expect(page.getByRole('radio', { name: /^Editor:/ })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Send invitation' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${editor}.` })).toBeFocused();
  await expect(page.getByRole('listitem').filter({ hasText: editor })).toContainText('Status: Invited, not yet accepted.');
  await expectNoAxeViolations(page, 'invitation sent');

  const mail = await mailbox.waitForOne(editor);
  expect(mail.subject).toBe('You are invited to help run the Retired Nurses Association of Ireland website');
  const link = /https?:\/\/\S+\/login\?invitation=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  const { pathname, search } = new URL(link ?? '');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(pathname + search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the website team');
  await expect(page.getByText('You are invited as editor: news, files, events and bookings.')).toBeVisible();
  await expectNoAxeViolations(page, 'invitation page');

  await tabTo(page, page.getByLabel(/^Choose a password/));
  await page.keyboard.type('a long enough passphrase for the editor');
  await tabTo(page, page.getByRole('button', { name: 'Accept and sign in' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin');
  await expect(page.getByText(`Signed in as ${editor}`)).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(['Files', /^News \(\d+\)$/, /^Events \(\d+\)$/, 'Account']);
  await expect(page.getByRole('region', { name: 'Upload Newsletter' })).toBeVisible();

  // The link worked once: opened again, it says so plainly.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.goto(pathname + search);
  await expect(page.getByRole('alert')).toContainText('This invitation link has already been used or has expired.');
  await expectNoAxeViolations(page, 'invitation used');
});
