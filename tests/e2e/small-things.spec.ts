import { expectNoAxeViolations } from './support/checks';
import { chooseDisplay } from './support/display';
import { expect, test } from './support/fixtures';
import { openPage } from './support/site-map';

test('a phone number is never split across two lines, even with the largest text on a narrow phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  await chooseDisplay(context, 'largest', 'standard');
  const page = await context.newPage();
  for (const path of ['/contact', '/about']) {
    await openPage(page, path);
    const numbers = page.locator('a[href^="tel:"]');
    expect(await numbers.count(), `${path} shows the phone number`).toBeGreaterThan(0);
    const lines = await numbers.evaluateAll((links) =>
      links.map((link) => {
        const range = document.createRange();
        range.selectNodeContents(link);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
    expect(lines, `${path}: lines each phone number takes`).toEqual(lines.map(() => 1));
  }
  await context.close();
});

test('the pages changed for visitors pass axe, with the feed explanation open', { tag: '@phone-only' }, async ({ page }) => {
  for (const path of ['/contact', '/documents', '/events', '/article/1', '/search?q=join']) {
    await openPage(page, path);
    await expectNoAxeViolations(page, path);
  }
  await openPage(page, '/news');
  await page.getByText('Follow news in a feed reader').click();
  await expect(page.getByText(/A feed reader is an app/).first()).toBeVisible();
  await expectNoAxeViolations(page, 'the news feed explained');
  await openPage(page, '/about');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expectNoAxeViolations(page, 'the phone menu open');
});
