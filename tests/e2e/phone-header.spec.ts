import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations, expectTargetsAtLeast44 } from './support/checks';
import { chooseDisplay } from './support/display';
import { expect, test } from './support/fixtures';
import { SITE_TITLE, openPage } from './support/site-map';

/**
 * On a phone the header keeps everything the site's frame names (logo, the association's name,
 * both mottos, the shield to the admin area, the menu button) and still leaves the page's own
 * heading on the first screen: a 375 x 812 px phone with the default text, with 'Largest' chosen
 * in the display settings, and at 200% zoom. 200% zoom is the same phone with every CSS pixel
 * two screen pixels: a 187 x 406 px viewport at deviceScaleFactor 2 (as the browser's zoom does,
 * the layout then has half the CSS pixels to work with).
 */
const SETTINGS = [
  { name: 'default text', viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, largest: false },
  { name: "'Largest' text", viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, largest: true },
  { name: '200% zoom', viewport: { width: 187, height: 406 }, deviceScaleFactor: 2, largest: false },
] as const;

const PAGES = [
  { path: '/about', heading: 'About Us' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/documents', heading: 'Join Us Today' },
] as const;

async function phonePage(browser: Browser, setting: (typeof SETTINGS)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: setting.viewport, deviceScaleFactor: setting.deviceScaleFactor });
  if (setting.largest) await chooseDisplay(context, 'largest', 'standard');
  return context.newPage();
}

for (const setting of SETTINGS) {
  test(`with ${setting.name} the page's heading is on the first screen below the whole header`, { tag: '@phone-only' }, async ({ browser }) => {
    const page = await phonePage(browser, setting);
    for (const { path, heading } of PAGES) {
      await openPage(page, path);
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: `${SITE_TITLE}, home page` }).locator('svg, img')).toBeVisible();
      await expect(banner.getByText(SITE_TITLE, { exact: true })).toBeVisible();
      await expect(banner.getByText('Strength in Unity')).toBeVisible();
      await expect(banner.getByText('Caring for the Carers')).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Administrator area' })).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Menu' })).toBeVisible();
      await expect(banner.getByRole('searchbox', { name: 'Search this website' })).toBeVisible();
      // The box's label is on the screen, not only read out.
      await expect(banner.getByText('Search this website', { exact: true })).toBeVisible();

      // Side by side, never one over the other.
      const menu = await banner.getByRole('button', { name: 'Menu' }).boundingBox();
      const display = await banner.getByRole('link', { name: 'Display settings' }).boundingBox();
      expect(menu !== null && display !== null && menu.x + menu.width <= display.x, `${path}: Menu and Display settings do not overlap`).toBe(true);

      const h1 = page.getByRole('main').getByRole('heading', { level: 1, name: heading });
      await expect(h1).toBeInViewport({ ratio: 1 });
      const box = await h1.boundingBox();
      expect(box, `${path}: the heading's box`).not.toBeNull();
      expect((box?.y ?? Infinity) + (box?.height ?? 0), `${path}: the heading ends within the first screen`).toBeLessThanOrEqual(setting.viewport.height);
    }
    await expectTargetsAtLeast44(page);
    await expectNoAxeViolations(page, `the phone header with ${setting.name}`);
    await page.context().close();
  });
}
