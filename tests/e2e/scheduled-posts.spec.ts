import { openAdminPage, signInAsAdministrator } from './support/admin';
import { expectNoAxeViolations, expectPhoneLayout, tabPast, tabTo } from './support/checks';
import { expect, test } from './support/fixtures';
import { openPage } from './support/site-map';

test('a post scheduled by keyboard is listed as scheduled in Irish time, stays off /news, and its versions can be opened', async ({ page }, testInfo) => {
  const title = `Scheduled ${testInfo.project.name} ${Date.now()}`;
  await signInAsAdministrator(page);
  await openAdminPage(page, 'News');
  const posts = page.getByRole('region', { name: 'News' });

  await tabTo(page, posts.getByLabel('Title'));
  await page.keyboard.type(title);
  await tabTo(page, posts.getByLabel('Text of the post'));
  await page.keyboard.type('The Christmas lunch is on 12 December.');
  await tabTo(page, posts.getByRole('radio', { name: 'Publish now' }));
  await page.keyboard.press('ArrowDown');
  await expect(posts.getByRole('radio', { name: 'Publish at a date and time' })).toBeChecked();
  // Chromium's date box takes month, day and year here, and its time box hours and minutes.
  await tabTo(page, posts.getByLabel('Date', { exact: true }));
  await page.keyboard.type('12012030');
  await tabPast(page, posts.getByLabel('Date', { exact: true }));
  await expect(posts.getByLabel('Time (Irish time)')).toBeFocused();
  await page.keyboard.type('1430');
  await tabPast(page, posts.getByLabel('Time (Irish time)'));
  await expect(posts.getByLabel('Date', { exact: true })).toHaveValue('2030-12-01');
  await expect(posts.getByLabel('Time (Irish time)')).toHaveValue('14:30');
  await expectNoAxeViolations(page, 'a post being scheduled');
  await expectPhoneLayout(page);
  await expect(posts.getByRole('button', { name: 'Schedule post' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(posts.getByRole('status').filter({ hasText: `"${title}" is scheduled. It appears on the News page at the time chosen.` })).toBeVisible();
  const listed = page.getByRole('region', { name: 'All posts' }).getByRole('listitem').filter({ hasText: title });
  await expect(listed).toContainText('Scheduled for Sunday 1 December 2030, 2.30pm');
  await expectNoAxeViolations(page, 'a scheduled post in the list');

  await tabTo(page, listed.getByRole('button', { name: `Edit ${title}` }));
  await page.keyboard.press('Enter');
  await expect(posts.getByLabel('Date', { exact: true })).toHaveValue('2030-12-01');
  await posts.getByRole('button', { name: 'Show earlier versions' }).focus();
  await page.keyboard.press('Enter');
  await expect(posts.getByRole('button', { name: 'Show the text of version 1' })).toBeVisible();
  await expectNoAxeViolations(page, "a post's versions");

  await openPage(page, '/news');
  await expect(page.getByRole('heading', { name: 'Latest News' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  // Leave the shared site as it was.
  await openPage(page, '/admin/news');
  await posts.getByRole('button', { name: `Delete ${title}` }).click();
  await posts.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(posts.getByRole('status').filter({ hasText: `The post "${title}" was deleted.` })).toBeVisible();
});
