import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { chooseDisplay } from './support/display';
import { mainNav, openPage } from './support/site-map';

const BLACK = 'rgb(0, 0, 0)';

/** What printing shows: the computed look of the page's frame under print media. */
async function printed(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => {
      const element = document.querySelector(selector);
      return element === null ? null : getComputedStyle(element);
    };
    return {
      name: style('.site-header__name')?.color,
      header: style('.site-header')?.backgroundColor,
      footer: style('.site-footer__note')?.color,
      body: style('body')?.backgroundColor,
    };
  });
}

for (const path of ['/article/1', '/events', '/about', '/links', '/privacy-policy', '/accessibility']) {
  test(`${path} prints black on white, with the name and footer, without the menu`, { tag: '@desktop-only' }, async ({ page, context }) => {
    // Even a reader who chose dark colours on screen gets black on white paper.
    await chooseDisplay(context, 'standard', 'dark');
    await openPage(page, path);

    await page.emulateMedia({ media: 'print' });

    await expect(mainNav(page)).toBeHidden();
    await expect(page.getByRole('link', { name: 'Display settings', exact: true })).toBeHidden();
    await expect(page.locator('.site-header__name')).toBeVisible();
    await expect(page.locator('.site-footer__note')).toBeVisible();
    expect(await printed(page)).toEqual({ name: BLACK, header: 'rgb(255, 255, 255)', footer: BLACK, body: 'rgb(255, 255, 255)' });
  });
}

test('printed, links to other sites and to files have their addresses written out', { tag: '@desktop-only' }, async ({ page }) => {
  for (const path of ['/links', '/events']) {
    await openPage(page, path);
    await page.emulateMedia({ media: 'print' });

    const written = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="http"], main a[href^="/files/"]')].map((link) => ({
        href: link.getAttribute('href') ?? '',
        after: getComputedStyle(link, '::after').content,
      })),
    );
    expect(written.length, path).toBeGreaterThan(0);
    for (const link of written) expect(link.after, path).toBe(`" (${link.href})"`);
    await page.emulateMedia({ media: 'screen' });
  }
});
