import type { Page } from '@playwright/test';
import { expectPhoneLayout } from './support/checks';
import { expect, test } from './support/fixtures';
import { NAV_LINKS, PUBLIC_PAGES, SITE_TITLE, chooseNavLink, mainNav, menuButton, openPage, waitForContent } from './support/site-map';

interface ApiPost {
  id: string;
  title: string;
  body: string;
}
interface ApiFile {
  name: string;
  url: string;
  size: number;
}

async function apiPosts(page: Page): Promise<ApiPost[]> {
  const response = await page.request.get('/api/posts');
  return ((await response.json()) as { posts: ApiPost[] }).posts;
}

async function apiFiles(page: Page, folder: string): Promise<ApiFile[]> {
  const response = await page.request.get(`/api/files?folder=${folder}`);
  return ((await response.json()) as { files: ApiFile[] }).files;
}

const withoutExtension = (name: string) => name.replace(/\.[^.]+$/, '');

for (const { path, heading, title, texts } of PUBLIC_PAGES) {
  test(`${path} shows its heading, texts and title`, async ({ page, isPhone }) => {
    await openPage(page, path);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(title);
    for (const text of texts) await expect(page.getByText(text).first()).toBeVisible();
    await expect(page.getByRole('banner').getByText('Strength in Unity', { exact: true })).toBeVisible();
    await waitForContent(page);
    if (isPhone) await expectPhoneLayout(page);
  });
}

test('the home page has one Join Now button to the documents', async ({ page }) => {
  await openPage(page, '/');

  await page.getByRole('main').getByRole('link', { name: 'Join Now' }).click();

  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join Us Today');
});

test('the navigation lists its fixed links in order and each goes to its page', { tag: '@desktop' }, async ({ page, isPhone }) => {
  await openPage(page, '/');
  if (isPhone) await menuButton(page).click();
  await expect(mainNav(page).getByRole('link')).toHaveText(NAV_LINKS.map((link) => link.name));
  if (isPhone) await menuButton(page).click();

  for (const link of [...NAV_LINKS.slice(1), NAV_LINKS[0]]) {
    await chooseNavLink(page, link.name, isPhone);

    await expect(page).toHaveURL(new RegExp(`${link.path.replace('/', '\\/')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    if (isPhone) await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  }
});

test('the footer links the privacy policy and the disclaimer, and the shield leads to the admin area', async ({ page }) => {
  await openPage(page, '/');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Disclaimer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Disclaimer / Legal');

  await expect(page.getByRole('banner').getByRole('link', { name: 'Administrator area' })).toHaveAttribute('href', '/admin');
});

test('the phone menu starts closed, opens and closes with its button', { tag: '@phone-only' }, async ({ page }) => {
  await openPage(page, '/about');
  const links = mainNav(page).getByRole('link', { name: 'News' });
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(links).toBeHidden();

  await menuButton(page).click();
  await expect(links).toBeVisible();
  await menuButton(page).click();

  await expect(links).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
});

test('the phone menu closes on a click outside it', { tag: '@phone-only' }, async ({ page }) => {
  await openPage(page, '/about');
  await menuButton(page).click();
  await expect(mainNav(page).getByRole('link', { name: 'News' })).toBeVisible();

  await page.getByRole('heading', { level: 1 }).click();

  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(mainNav(page).getByRole('link', { name: 'News' })).toBeHidden();
  await expect(page).toHaveURL(/\/about$/);
});

test('the phone menu closes on Escape and gives focus back to its button', { tag: '@phone-only' }, async ({ page }) => {
  await openPage(page, '/about');
  await menuButton(page).click();
  await mainNav(page).getByRole('link', { name: 'News' }).focus();

  await page.keyboard.press('Escape');

  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton(page)).toBeFocused();
});

test('a news card leads to its article, and back to the news', async ({ page }) => {
  const [newest] = await apiPosts(page);
  if (newest === undefined) throw new Error('the sample content has no posts');
  await openPage(page, '/news');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: newest.title }) });
  await expect(card).toContainText(`${newest.body.slice(0, 100)}...`);

  // The whole card leads to the article: click its middle, not the 'See More' link itself.
  await card.click();

  await expect(page).toHaveURL(new RegExp(`/article/${newest.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest.title);
  await expect(page).toHaveTitle(`${newest.title} | News | ${SITE_TITLE}`);
  const lines = newest.body.split('\n').filter((line) => line.trim() !== '');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText(lines);

  await page.getByRole('link', { name: 'Back to News' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest.title);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Latest News' })).toBeVisible();
});

test('a missing article says so and leads back to the news', async ({ page }) => {
  await openPage(page, '/article/999999');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article not found');
  await page.getByRole('link', { name: 'See all the news' }).click();
  await expect(page).toHaveURL(/\/news$/);
});

const FILE_PAGES = [
  { path: '/news', folder: 'newsletters', fileLink: (page: Page, name: string) => page.getByRole('link', { name: withoutExtension(name) }) },
  { path: '/documents', folder: 'root', fileLink: (page: Page, name: string) => page.getByRole('link', { name: withoutExtension(name) }) },
  {
    path: '/events',
    folder: 'events',
    // An event's card may be titled from its details rather than its file name: found by its file's link.
    fileLink: (page: Page, name: string) =>
      page.getByRole('link', { name: /^Click to view PDF/ }).and(page.locator(`[href$="/${encodeURIComponent(name)}"]`)),
  },
] as const;

for (const { path, folder, fileLink } of FILE_PAGES) {
  test(`a file on ${path} opens in a new tab with the right bytes and type`, async ({ page, context }) => {
    const [file] = await apiFiles(page, folder);
    if (file === undefined) throw new Error(`the sample content has no file in ${folder}`);
    await openPage(page, path);
    const link = fileLink(page, file.name);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toContainText('(opens in a new tab)');
    await expect(link).toContainText('PDF');

    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);

    await expect.poll(() => tab.url()).toBe(new URL(file.url, page.url()).href);
    const download = await page.request.get(file.url);
    expect(download.headers()['content-type']).toBe('application/pdf');
    const bytes = await download.body();
    expect(bytes.length).toBe(file.size);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
}

test('the useful links open the official pages in new tabs that cannot reach back', async ({ page, context }) => {
  // The outside world is not reachable from CI: serve a stand-in page for the official sites.
  await context.route(/^https:\/\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Official page</title>' }));
  await openPage(page, '/links');
  const links = page.getByRole('main').getByRole('link');
  await expect(links).toHaveCount(4);

  for (const link of await links.all()) {
    const href = await link.getAttribute('href');
    await expect(link).toHaveAttribute('rel', /noopener/);

    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);

    await expect.poll(() => tab.url()).toBe(href);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
  }
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await openPage(page, '/no/such/page');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle(`Page Not Found | ${SITE_TITLE}`);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
