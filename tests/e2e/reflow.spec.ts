import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoSidewaysScroll, expectTargetsAtLeast44 } from './support/checks';
import { BROWSER_TEXT_200_CSS, TEXT_SPACING_CSS, brokenWords, chooseDisplay, type TextSize } from './support/display';
import { expect, test } from './support/fixtures';
import { PUBLIC_PAGES } from './support/site-map';

/**
 * Reflow (WCAG 1.4.10), text size (1.4.4) and text spacing (1.4.12) on a 320 CSS px wide
 * screen: 1280 px at 400% zoom, 640 px at 200%, or a phone with the browser's text at 200%.
 * Nothing may scroll sideways, no word may break inside the header or a heading, the skip link
 * stays out of sight until focused, and every control stays at least 44 px. Run once (desktop
 * project): the width is set here.
 */
const ROUTES = [...PUBLIC_PAGES.map((entry) => entry.path), '/article/1', '/accessibility', '/display-settings', '/login', '/join'];

interface Condition {
  readonly name: string;
  readonly deviceScaleFactor: number;
  readonly css?: string;
  readonly textSize?: TextSize;
}

const CONDITIONS: readonly Condition[] = [
  { name: '200% zoom', deviceScaleFactor: 2 },
  { name: '400% zoom', deviceScaleFactor: 4 },
  { name: "the browser's text at 200%", deviceScaleFactor: 1, css: BROWSER_TEXT_200_CSS },
  { name: 'Largest text chosen here', deviceScaleFactor: 1, textSize: 'largest' },
  { name: 'the WCAG text spacing', deviceScaleFactor: 1, css: TEXT_SPACING_CSS },
];

async function narrowPage(browser: Browser, condition: Condition): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, deviceScaleFactor: condition.deviceScaleFactor });
  if (condition.textSize !== undefined) await chooseDisplay(context, condition.textSize, 'standard');
  const page = await context.newPage();
  if (condition.css !== undefined) {
    const css = condition.css;
    // Before any of the page's own styles are applied, as a browser setting or a reader's style sheet would be.
    await page.addInitScript((text) => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = text;
        document.head.append(style);
      });
    }, css);
  }
  return page;
}

for (const condition of CONDITIONS) {
  test(`at 320 px with ${condition.name}, every page reflows without breaking a word`, { tag: '@desktop-only' }, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await narrowPage(browser, condition);

    for (const path of ROUTES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();

      await expectNoSidewaysScroll(page);
      expect(await brokenWords(page), `${path}: words broken across lines`).toEqual([]);
      await expectTargetsAtLeast44(page);
      const skip = await page.getByRole('link', { name: 'Skip to main content' }).boundingBox();
      expect(skip === null || skip.y + skip.height <= 0, `${path}: the skip link is out of sight until focused`).toBe(true);
    }
    await page.context().close();
  });
}

test('at 320 px with the text at 200%, the admin sign-in form and the phone menu pass axe', { tag: '@desktop-only' }, async ({ browser }) => {
  const page = await narrowPage(browser, CONDITIONS[2] as Condition);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectNoAxeViolations(page, 'login at 200% text');
  await page.goto('/');
  await page.getByText('Menu', { exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Useful Links' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'menu open at 200% text');
  await page.context().close();
});
