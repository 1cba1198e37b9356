import type { Locator, Page } from '@playwright/test';
import { defaultSeed } from '../../mocks/self-hosted-api';
import { formatBytes, fullPathFor } from '../../src-core/domain/files';
import type { Folder } from '../../src-core/domain/stored-file';
import { expectNoAxeViolations, expectPhoneLayout } from '../e2e/support/checks';
import { SITE_TITLE, chooseNavLink, openPage, waitForContent } from '../e2e/support/site-map';
import { expect, test } from './support/hosted-fixtures';

// What the fakes are seeded with (mocks/hosted.ts), so the expectations follow the sample content.
const SEED = defaultSeed();
const NEWEST_FIRST = [...SEED.posts].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
const withoutExtension = (name: string) => name.replace(/\.[^.]+$/, '');

async function checkPage(page: Page, isPhone: boolean, state: string): Promise<void> {
  await expectNoAxeViolations(page, state);
  if (isPhone) await expectPhoneLayout(page);
}

test('/news lists the Contentful posts newest first and the newsletters, and a post opens its article', async ({ page, isPhone }) => {
  await openPage(page, '/news');
  await waitForContent(page);

  const latest = page.getByRole('region', { name: 'Latest News' });
  await expect(latest.getByRole('heading', { level: 3 })).toHaveText(NEWEST_FIRST.map((post) => post.title));
  const newsletters = page.getByRole('region', { name: 'Newsletters' }).getByRole('link');
  await expect(newsletters).toHaveText(
    SEED.files.filter((file) => file.folder === 'newsletters').map((file) => new RegExp(withoutExtension(file.name))),
  );
  await checkPage(page, isPhone, 'news from Contentful');

  const [newest] = NEWEST_FIRST;
  if (newest === undefined) throw new Error('the sample content has no posts');
  await latest.getByRole('listitem').filter({ has: page.getByRole('heading', { name: newest.title }) }).click();

  await expect(page).toHaveURL(new RegExp(`/article/${newest.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest.title);
  await expect(page).toHaveTitle(`${newest.title} | News | ${SITE_TITLE}`);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText(newest.body.split('\n').filter((line) => line.trim() !== ''));
  await checkPage(page, isPhone, 'article from Contentful');
});

// Each folder's page, reached through the app's menu, and how it links one of its files.
const FILE_PAGES: readonly { nav: string; folder: Folder; link: (page: Page, name: string) => Locator }[] = [
  { nav: 'News', folder: 'newsletters', link: (page, name) => page.getByRole('link', { name: withoutExtension(name) }) },
  { nav: 'Join Now', folder: 'root', link: (page, name) => page.getByRole('link', { name: withoutExtension(name) }) },
  {
    nav: 'Events',
    folder: 'events',
    link: (page, name) =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: withoutExtension(name) }) })
        .getByRole('link', { name: /^Click to view PDF/ }),
  },
];

test('the newsletters, documents and events link each Storage file to the fake\'s download address, which serves it', async ({
  page,
  context,
  fakes,
  isPhone,
}) => {
  // A new tab on Google's address is outside the fakes' reach (the service worker serves only
  // this site's pages), and nothing outside is reachable here: the tab gets a stand-in.
  await context.route(/^https:\/\/firebasestorage\.googleapis\.com\//, (route) =>
    route.fulfill({ contentType: 'text/plain', body: 'Firebase Storage stand-in' }),
  );
  await openPage(page, '/');

  for (const { nav, folder, link: linkTo } of FILE_PAGES) {
    const files = SEED.files.filter((file) => file.folder === folder);
    expect(files.length, `the sample content has a file in ${folder}`).toBeGreaterThan(0);
    // Through the app's links: the fakes live in the page, and a reload would start them afresh.
    await chooseNavLink(page, nav, isPhone);
    await waitForContent(page);
    await checkPage(page, isPhone, `${folder} files from Storage`);

    for (const file of files) {
      const link = linkTo(page, file.name);
      const address = await fakes.downloadUrl(fullPathFor(folder, file.name));
      expect(address, `the Storage fake holds ${file.name}`).not.toBeNull();
      await expect(link).toHaveAttribute('href', address ?? '');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toContainText(`(PDF, ${formatBytes(file.bytes.length)})`);

      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await expect.poll(() => tab.url()).toBe(address);
      await tab.close();

      // Fetched from the page, the address reaches the Storage fake through the service worker.
      const download = await page.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
      }, address ?? '');
      expect(download).toEqual({ status: 200, type: 'application/pdf', text: new TextDecoder().decode(file.bytes) });
    }
  }
});
