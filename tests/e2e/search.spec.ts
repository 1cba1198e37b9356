import type { Page } from '@playwright/test';
import { expectNoAxeViolations, expectPhoneLayout, tabTo } from './support/checks';
import { expect, test } from './support/fixtures';
import { openPage } from './support/site-map';

/** 'soda' is only inside the sample newsletter's PDF: no post, event or file name has it. */
const WORD_INSIDE_THE_NEWSLETTER = 'soda';
const NEWSLETTER = 'Sample Newsletter - Spring';

function headerSearchBox(page: Page) {
  return page.getByRole('banner').getByRole('searchbox', { name: 'Search this website' });
}

/**
 * The server reads the sample files' text in the background after start-up: waits until it has
 * read the newsletter's, asking seldom, as every search counts against the visitor's limit.
 */
test.beforeEach(async ({ request }) => {
  await expect
    .poll(async () => ((await (await request.get(`/api/search?q=${WORD_INSIDE_THE_NEWSLETTER}`)).json()) as { results: unknown[] }).results.length, {
      message: 'the server has read the sample newsletter',
      intervals: [250, 500, 1_000, 2_000, 4_000],
      timeout: 60_000,
    })
    .toBe(1);
});

async function expectFound(page: Page): Promise<void> {
  await expect(page.getByText(/^1 result for ‘soda’$/)).toBeVisible();
  await expect(page.getByRole('main').getByText('soda', { exact: true })).toHaveJSProperty('tagName', 'MARK');
}

async function searchByKeyboardAndOpen(page: Page): Promise<void> {
  await tabTo(page, headerSearchBox(page));
  await page.keyboard.type(WORD_INSIDE_THE_NEWSLETTER);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page).toHaveURL(/\/search\?q=soda$/);
  await expectFound(page);

  const result = page.getByRole('main').getByRole('link', { name: new RegExp(`^${NEWSLETTER}`) });
  await tabTo(page, result);
  const opened = page.context().waitForEvent('page');
  await page.keyboard.press('Enter');
  const file = await opened;
  await expect.poll(() => file.url()).toMatch(/\/files\/newsletters\/Sample%20Newsletter%20-%20Spring\.pdf$/);
  await file.close();
}

test('a visitor finds a word that is only inside a newsletter PDF and opens it, by keyboard', { tag: '@phone-only' }, async ({ page }) => {
  await openPage(page, '/');
  await searchByKeyboardAndOpen(page);
});

test('with JavaScript off the header search works the same, by keyboard', { tag: '@phone-only' }, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/news');
  await searchByKeyboardAndOpen(page);
  await context.close();
});

test('the results page passes axe and fits the screen; a search with no results suggests what to do', async ({ page, isPhone }) => {
  await openPage(page, '/search?q=soda');
  await expectFound(page);
  await expectNoAxeViolations(page, 'search results');
  if (isPhone) await expectPhoneLayout(page);

  await openPage(page, '/search?q=zanzibar');
  await expect(page.getByText('Nothing was found for ‘zanzibar’.')).toBeVisible();
  await expectNoAxeViolations(page, 'search without results');
});

test('the search page asks search engines to leave it out and is never cached', async ({ request }) => {
  const response = await request.get('/search?q=pension');
  expect(response.status()).toBe(200);
  expect(response.headers()['x-robots-tag']).toBe('noindex');
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(await response.text()).toContain('class="search-results"');
});

test("a visitor finds the site's own pages: 'join' leads to Join Us Today, 'nurse' to the home page", async ({ page }) => {
  for (const [word, title, address] of [
    ['join', 'Join Us Today', /\/documents$/],
    ['nurse', 'Retired Nurses Association Of Ireland', /\/$/],
  ] as const) {
    await openPage(page, '/about');
    await headerSearchBox(page).fill(word);
    await headerSearchBox(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    const first = page.getByRole('main').getByRole('listitem').first();
    await expect(first.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(first.getByText('Page', { exact: true })).toBeVisible();
    await first.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(address);
  }
});
