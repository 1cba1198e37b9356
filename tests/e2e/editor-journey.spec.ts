import sharp from 'sharp';
import { nextFileChooser, openAdminPage, signInAsAdministrator, submitLogin, waitForAdminArea } from './support/admin';
import { expectNoAxeViolations, tabPast, tabTo } from './support/checks';
import { expect, test } from './support/fixtures';
import { openPage } from './support/site-map';

test('an invited editor accepts, signs in, sees only their pages, schedules a post with a described picture, then publishes it now onto /news, the post by keyboard', async ({ page, mailbox }, testInfo) => {
  const editor = `news.editor.${Date.now()}@example.org`;
  const password = 'a long passphrase for the news editor';
  const title = `Garden party ${testInfo.project.name} ${Date.now()}`;
  const alt = 'Members on the lawn at the summer garden party';
  // A plainly synthetic picture: a green lawn under a blue sky.
  const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#4a8f5c' } })
    .composite([{ input: await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#8ec5e8' } }).png().toBuffer(), top: 0, left: 0 }])
    .jpeg()
    .toBuffer();

  // The administrator invites the editor.
  await signInAsAdministrator(page);
  await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team');
  await page.getByLabel('Their e-mail address').fill(editor);
  await expect(page.getByRole('radio', { name: /^Editor:/ })).toBeChecked();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${editor}.` })).toBeVisible();
  const mail = await mailbox.waitForOne(editor);
  const link = new URL(/https?:\/\/\S+\/login\?invitation=[\w-]+/.exec(mail.text)?.[0] ?? 'http://missing/');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The editor opens the link, chooses a password, and is signed in; then signs in again with it.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the website team');
  await page.getByLabel(/^Choose a password/).fill(password);
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await waitForAdminArea(page);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, editor, password);
  await waitForAdminArea(page);
  await expect(page.getByText(`Signed in as ${editor}`)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin area' });
  await expect(nav.getByRole('link')).toHaveText(['Files', /^News \(\d+\)$/, /^Events \(\d+\)$/, 'Account']);

  // A post with a described picture, scheduled for later, by keyboard.
  await openAdminPage(page, 'News');
  const posts = page.getByRole('region', { name: 'News' });
  await tabTo(page, posts.getByLabel('Title'));
  await page.keyboard.type(title);
  await tabTo(page, posts.getByLabel('Text of the post'));
  await page.keyboard.type('The garden party was a great day.');
  const chooserOpened = nextFileChooser(page);
  await tabTo(page, posts.getByLabel('Choose a picture'));
  await page.keyboard.press('Space');
  await (await chooserOpened).setFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: picture });
  const description = posts.getByLabel('Describe the picture');
  await expect(description).toBeVisible({ timeout: 30_000 });
  await tabTo(page, description);
  await page.keyboard.type(alt);
  await tabTo(page, posts.getByRole('radio', { name: 'Publish now' }));
  await page.keyboard.press('ArrowDown');
  await expect(posts.getByRole('radio', { name: 'Publish at a date and time' })).toBeChecked();
  // Chromium's date box takes month, day and year here, and its time box hours and minutes.
  await tabTo(page, posts.getByLabel('Date', { exact: true }));
  await page.keyboard.type('12012030');
  await tabPast(page, posts.getByLabel('Date', { exact: true }));
  await page.keyboard.type('1430');
  await tabPast(page, posts.getByLabel('Time (Irish time)'));
  await expect(posts.getByRole('button', { name: 'Schedule post' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(posts.getByRole('status').filter({ hasText: `"${title}" is scheduled. It appears on the News page at the time chosen.` })).toBeVisible();
  const listed = page.getByRole('region', { name: 'All posts' }).getByRole('listitem').filter({ hasText: title });
  await expect(listed).toContainText('Scheduled for Sunday 1 December 2030, 2.30pm');
  await expectNoAxeViolations(page, "the editor's scheduled post");

  await openPage(page, '/news');
  await expect(page.getByRole('heading', { name: 'Latest News' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  // Published now instead: it is on /news with its picture, its place held by its width and height.
  await openPage(page, '/admin/news');
  await tabTo(page, listed.getByRole('button', { name: `Edit ${title}` }));
  await page.keyboard.press('Enter');
  await expect(posts.getByRole('radio', { name: 'Publish at a date and time' })).toBeChecked();
  await tabTo(page, posts.getByRole('radio', { name: 'Publish at a date and time' }));
  await page.keyboard.press('ArrowUp');
  await expect(posts.getByRole('radio', { name: 'Publish now' })).toBeChecked();
  await tabTo(page, posts.getByRole('button', { name: 'Save changes' }));
  await page.keyboard.press('Enter');
  await expect(posts.getByRole('status').filter({ hasText: `"${title}" was published on the News page.` })).toBeVisible();

  await openPage(page, '/news');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const shown = page.getByRole('main').getByRole('img', { name: alt });
  await expect(shown).toHaveAttribute('width', '1200');
  await expect(shown).toHaveAttribute('height', '800');
  await expect(shown).toHaveAttribute('srcset', /-480\.jpg 480w, .*-960\.jpg 960w, .*-1200\.jpg 1200w/);
  await shown.scrollIntoViewIfNeeded();
  await expect.poll(() => shown.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  await expectNoAxeViolations(page, 'the news list with the editor’s picture');

  // Leave the shared site as it was.
  await openPage(page, '/admin/news');
  await posts.getByRole('button', { name: `Delete ${title}` }).click();
  await posts.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(posts.getByRole('status').filter({ hasText: `The post "${title}" was deleted.` })).toBeVisible();
});
