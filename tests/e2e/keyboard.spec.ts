import type { Page } from '@playwright/test';
import { deleteList, nextFileChooser, pdfBytes, uploadForm, waitForAdminArea } from './support/admin';
import { expectFocusVisible, tabTo } from './support/checks';
import { ADMIN } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { PUBLIC_PAGES, mainNav, menuButton, openPage, waitForContent } from './support/site-map';

const CONFIRMATION = 'Thank you. Your message has been received and we will reply as soon as we can.';

/** Signs in with the keyboard alone, from the login page. */
async function signInByKeyboard(page: Page): Promise<void> {
  await openPage(page, '/login');
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await waitForAdminArea(page);
}

/**
 * Tabs through the whole page once, from the top until focus leaves it or comes round again,
 * checking that every stop shows where focus is. Returns how many stops there were.
 */
async function tabThroughWholePage(page: Page, maxStops = 120): Promise<number> {
  const seen = new Set<string>();
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => {
      const element = document.activeElement;
      if (element === null || element === document.body) return null;
      const path: number[] = [];
      for (let node: Element | null = element; node?.parentElement; node = node.parentElement) {
        path.push([...node.parentElement.children].indexOf(node));
      }
      return path.join('.');
    });
    if (id === null || seen.has(id)) return seen.size;
    seen.add(id);
    await expectFocusVisible(page);
  }
  throw new Error('Tab never left the page: is focus trapped?');
}

const FOCUS_ROUTES = [...PUBLIC_PAGES.map((entry) => entry.path), '/article/1', '/no/such/page', '/login'];

for (const path of FOCUS_ROUTES) {
  test(`${path}: every Tab stop shows where focus is`, async ({ page }) => {
    await openPage(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForContent(page);

    expect(await tabThroughWholePage(page)).toBeGreaterThan(3);
  });
}

test('/admin: every Tab stop shows where focus is', async ({ page }) => {
  // By this point of the suite the admin page lists every earlier test's signed-in browser,
  // uploads and messages, each with its own buttons: hundreds of stops, a second or so each.
  test.setTimeout(240_000);
  await signInByKeyboard(page);

  expect(await tabThroughWholePage(page, 600)).toBeGreaterThan(10);
});

test('the skip link is the first Tab stop and takes focus to the main content', async ({ page }) => {
  await openPage(page, '/about');

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByRole('link').first()).toBeFocused();
});

test('by keyboard: the phone menu opens with Enter, and Escape closes it with focus back on the button', { tag: '@phone-only' }, async ({ page }) => {
  await openPage(page, '/');

  await tabTo(page, menuButton(page));
  await page.keyboard.press('Enter');
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(mainNav(page).getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Escape');

  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton(page)).toBeFocused();
});

test('by keyboard: the navigation to News, a news card to its article, and back', { tag: '@desktop' }, async ({ page, isPhone }) => {
  await openPage(page, '/');

  if (isPhone) {
    await tabTo(page, menuButton(page));
    await page.keyboard.press('Enter');
  }
  await tabTo(page, mainNav(page).getByRole('link', { name: 'News', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  if (isPhone) await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await waitForContent(page);

  await tabTo(page, page.getByRole('link', { name: /^See More/ }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/article\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Back to News' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/news$/);
});

test('by keyboard: a document and a useful link open in new tabs', async ({ page, context }) => {
  await context.route(/^https:\/\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Official page</title>' }));
  await openPage(page, '/documents');
  await waitForContent(page);
  // The first file in the list (the page's 'Join online' link, above it, stays in this tab).
  const document = page.getByRole('main').getByRole('link', { name: /\(opens in a new tab\)$/ }).first();

  await tabTo(page, document);
  const [fileTab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
  await expect.poll(() => fileTab.url()).toContain('/files/');

  await openPage(page, '/links');
  await tabTo(page, page.getByRole('link', { name: /^Citizens Information \(opens/ }));
  const [linkTab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
  await expect.poll(() => linkTab.url()).toBe('https://www.citizensinformation.ie/en/');
});

test('by keyboard: the not-found page leads home', async ({ page }) => {
  await openPage(page, '/nowhere');

  await tabTo(page, page.getByRole('link', { name: 'Go to the home page' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/$/);
});

test('by keyboard: the contact form shows its errors, then the message is sent and arrives', { tag: '@desktop-only' }, async ({ page, mailbox }) => {
  const token = `e2e-keyboard-${Date.now()}`;
  await openPage(page, '/contact');

  await tabTo(page, page.getByRole('button', { name: 'Send Message' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Your Name:')).toBeFocused();
  await page.keyboard.type('Kay Board');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Your Email:')).toBeFocused();
  await page.keyboard.type('kay.board@example.org');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Message:')).toBeFocused();
  await page.keyboard.type(`Typed without a mouse. ${token}`);
  await tabTo(page, page.getByRole('button', { name: 'Send Message' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: CONFIRMATION })).toBeVisible();
  expect((await mailbox.waitForOne(token)).replyTo).toContain('kay.board@example.org');
});

test('by keyboard: the contact form errors lead to each field in turn', { tag: '@phone-only' }, async ({ page }) => {
  await openPage(page, '/contact');

  await tabTo(page, page.getByRole('button', { name: 'Send Message' }));
  await page.keyboard.press('Enter');

  await expect(page.getByLabel('Your Name:')).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Your Email:')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Message:')).toBeFocused();
});

test('by keyboard: sign in, upload a newsletter, OK on the popup, sign in again and delete it', async ({ page }, testInfo) => {
  const title = `E2E keyboard ${testInfo.project.name} ${Date.now()}`;
  const chooser = nextFileChooser(page);
  await openPage(page, '/login');
  await tabTo(page, page.getByRole('button', { name: 'Login' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await signInByKeyboard(page);

  const form = uploadForm(page, 'Upload Newsletter');
  await tabTo(page, form.getByLabel('Choose a file'), { maxStops: 100 });
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes(title) });
  await tabTo(page, form.getByRole('button', { name: 'Upload' }));
  await page.keyboard.press('Enter');
  const popup = page.getByRole('dialog', { name: 'Upload Successful!' });
  await expect(popup.getByRole('button', { name: 'OK' })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  await signInByKeyboard(page);
  const files = deleteList(page, 'Newsletters');
  await tabTo(page, files.getByRole('button', { name: `Delete ${title}` }), { maxStops: 150 });
  await page.keyboard.press('Enter');
  await expect(files.getByRole('button', { name: 'No, keep it' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(files.getByRole('button', { name: 'Yes, delete' })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Delete Files' }).getByRole('status').filter({ hasText: `"${title}" was deleted.` })).toBeFocused();
});

test('by keyboard: write a news post, then delete it', async ({ page }, testInfo) => {
  const title = `E2E keyboard post ${testInfo.project.name} ${Date.now()}`;
  await signInByKeyboard(page);
  await tabTo(page, page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: /^News\b/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News');
  const posts = page.getByRole('main').getByRole('region', { name: 'News', exact: true });

  await tabTo(page, posts.getByLabel('Title'), { maxStops: 150 });
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await expect(posts.getByLabel('Text of the post')).toBeFocused();
  await page.keyboard.type('Written with the keyboard alone.');
  await tabTo(page, posts.getByRole('button', { name: 'Publish post' }));
  await page.keyboard.press('Enter');
  await expect(posts.getByRole('status').filter({ hasText: `"${title}" was published on the News page.` })).toBeFocused();

  await tabTo(page, posts.getByRole('button', { name: `Delete ${title}` }), { maxStops: 150 });
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  await expect(posts.getByRole('button', { name: 'Yes, delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(posts.getByRole('status').filter({ hasText: `The post "${title}" was deleted.` })).toBeFocused();
});
