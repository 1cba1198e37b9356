import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PUBLIC_PAGES } from './support/site-map';

/**
 * Server-rendered pages come to life in the browser without React throwing the server's
 * markup away: the very elements the server sent get React's handlers, nothing is reported
 * about a mismatch, and the data the page came with is not fetched again.
 */

async function firstArticlePath(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/posts`);
  const { posts } = (await response.json()) as { posts: { id: string }[] };
  const first = posts[0];
  if (first === undefined) throw new Error('The main site has no sample post.');
  return `/article/${first.id}`;
}

function problemsOn(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/**
 * Holds the app's script back until the server's markup is on screen and marked, then lets it
 * run and waits until React has taken over the page's main heading.
 */
async function openAndHydrate(page: Page, path: string): Promise<{ keptServerHeading: boolean; apiRequests: string[] }> {
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url());
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto(path, { waitUntil: 'commit' });
  const heading = page.locator('h1');
  await expect(heading).toBeVisible();
  // An expando property, invisible to React: it survives only if React keeps the server's element.
  await heading.evaluate((element) => Object.assign(element, { fromServer: true }));
  release();

  await expect
    .poll(() => heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))), {
      message: `React takes over ${path}`,
    })
    .toBe(true);
  await page.waitForLoadState('networkidle');
  const keptServerHeading = await heading.evaluate((element) => (element as HTMLElement & { fromServer?: boolean }).fromServer === true);
  return { keptServerHeading, apiRequests };
}

for (const publicPage of PUBLIC_PAGES) {
  test(`${publicPage.path} hydrates the server's markup without a warning and fetches nothing again`, async ({ page }) => {
    const problems = problemsOn(page);

    const { keptServerHeading, apiRequests } = await openAndHydrate(page, publicPage.path);

    expect(problems).toEqual([]);
    expect(keptServerHeading).toBe(true);
    expect(apiRequests).toEqual([]);
    await expect(page.locator('h1')).toHaveText(publicPage.heading);
    await expect(page).toHaveTitle(publicPage.title);
  });
}

test('an article hydrates without a warning and keeps its title', async ({ page, baseURL }) => {
  const problems = problemsOn(page);
  const path = await firstArticlePath(baseURL ?? '');

  const { keptServerHeading, apiRequests } = await openAndHydrate(page, path);

  expect(problems).toEqual([]);
  expect(keptServerHeading).toBe(true);
  expect(apiRequests).toEqual([]);
  await expect(page).toHaveTitle(/ \| News \| Retired Nurses Association Of Ireland$/);
});

test('the not-found page hydrates without a warning', async ({ page }) => {
  const problems = problemsOn(page);
  const response = await page.request.get('/no/such/page');

  const { keptServerHeading } = await openAndHydrate(page, '/no/such/page');

  expect(response.status()).toBe(404);
  // The browser reports the page's own 404 response; that is the point here, not a problem.
  expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
  expect(keptServerHeading).toBe(true);
  await expect(page.locator('h1')).toHaveText('Page not found');
});

test('after hydration the page is a working single-page app: the menu leads to News without reloading', async ({ page, isPhone }) => {
  const problems = problemsOn(page);
  await openAndHydrate(page, '/about');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  if (isPhone) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click();

  await expect(page.locator('h1')).toHaveText('News');
  await expect(page.getByRole('heading', { name: 'Latest News' })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(problems).toEqual([]);
});

test("the app's script is fetched only once the page is on screen: the first paint waits for nothing but the page", async ({ page }) => {
  const problems = problemsOn(page);
  await page.goto('/events');
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/')))).toBe(true);

  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/assets/'))
      .map((entry) => entry.startTime),
  }));

  expect(timing.firstPaint).toBeGreaterThan(0);
  for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.firstPaint ?? Number.POSITIVE_INFINITY);
  // And the page still comes to life: the heading belongs to React.
  await expect
    .poll(() => page.locator('h1').evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))))
    .toBe(true);
  expect(problems).toEqual([]);
});

test('the News page names both feeds in its head and explains them after hydration; the feed is Atom with whole addresses from the server', async ({ page, baseURL }) => {
  const problems = problemsOn(page);

  await openAndHydrate(page, '/news');
  const alternates = await page
    .locator('head link[rel="alternate"][type="application/atom+xml"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  const feed = await page.request.get('/feeds/news.atom');

  expect(alternates).toEqual(['/feeds/news.atom', '/feeds/newsletters.atom']);
  await page.getByText('Follow news in a feed reader').click();
  await expect(page.getByText(`${baseURL}/feeds/news.atom`, { exact: true })).toBeVisible();
  await page.getByText('Follow new newsletters in a feed reader').click();
  await expect(page.getByText(`${baseURL}/feeds/newsletters.atom`, { exact: true })).toBeVisible();
  expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  // The site runs with PORT=0 and no PUBLIC_URL: its own address is the port it really listens on.
  expect(await feed.text()).toContain(`<link rel="alternate" type="text/html" href="${baseURL}/article/`);
  expect(problems).toEqual([]);
});

test("the home page keeps the server's share tags through hydration, and Chromium shows the share picture they name at 1200 x 630", async ({ page, baseURL }) => {
  const problems = problemsOn(page);

  await openAndHydrate(page, '/');
  const head = page.locator('head');
  const picture = (await head.locator('meta[property="og:image"]').getAttribute('content')) ?? '';
  // Decoded by the browser itself, not only its header read: what a visitor's browser would show.
  const size = await page.evaluate(async (source) => {
    const image = new Image();
    image.src = source;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  }, picture);

  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
  await expect(head.locator('meta[name="description"]')).toHaveCount(1);
  await expect(head.locator('script[type="application/ld+json"]')).toHaveCount(1);
  expect(picture.startsWith(`${baseURL}/assets/share-image-`)).toBe(true);
  expect(size).toEqual({ width: 1200, height: 630 });
  expect(problems).toEqual([]);
});
