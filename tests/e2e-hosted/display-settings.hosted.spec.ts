import { expectNoAxeViolations } from '../e2e/support/checks';
import { SCHEME_COLOURS, TEXT_SCALE, shownDisplay } from '../e2e/support/display';
import { chooseNavLink, openPage } from '../e2e/support/site-map';
import { expect, test } from './support/hosted-fixtures';

// The dev server compiles the app on the first request to each page, which on a busy 2-core machine can
// take longer than the suite's usual 15 seconds.
test.use({ navigationTimeout: 60_000 });
test.setTimeout(120_000);

declare global {
  interface Window {
    /** What <html> carried when the body began, recorded by the test before any paint. */
    rnaiSettingsAtBody?: { textSize: string | null; colours: string | null };
  }
}

test('on the hosted build the settings script puts a saved choice on the page before the body, so before the first paint', async ({
  page,
  context,
  baseURL,
}) => {
  await openPage(page, '/about');
  const standard = await shownDisplay(page);
  await context.addCookies([{ name: 'rnai_display', value: 'large.dark', url: baseURL ?? '' }]);
  // Nothing can paint before the body exists: whatever <html> says then is what the first paint uses.
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      if (document.body === null) return;
      const root = document.documentElement;
      window.rnaiSettingsAtBody = { textSize: root.getAttribute('data-text-size'), colours: root.getAttribute('data-colours') };
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });

  await openPage(page, '/about');

  expect(await page.evaluate(() => window.rnaiSettingsAtBody)).toEqual({ textSize: 'large', colours: 'dark' });
  const shown = await shownDisplay(page);
  expect(shown.fontSize).toBeCloseTo(standard.fontSize * TEXT_SCALE.large, 1);
  expect(shown).toMatchObject(SCHEME_COLOURS.dark);
  await expectNoAxeViolations(page, 'hosted, large dark');
});

test('on the hosted build a reader saves largest text and high contrast, and every page keeps it', async ({ page, isPhone }) => {
  await openPage(page, '/links');
  const standard = await shownDisplay(page);

  await page.getByRole('link', { name: 'Display settings', exact: true }).click();
  await page.getByRole('group', { name: 'Text size' }).getByRole('radio', { name: 'Largest' }).check();
  await page.getByRole('group', { name: 'Colours' }).getByRole('radio', { name: /^High contrast/ }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();

  await expect(page.getByRole('status')).toContainText('Your display settings are saved.');
  const saved = await shownDisplay(page);
  expect(saved.fontSize).toBeCloseTo(standard.fontSize * TEXT_SCALE.largest, 1);
  expect(saved).toMatchObject(SCHEME_COLOURS['high-contrast']);
  await chooseNavLink(page, 'About', isPhone);
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  expect(await shownDisplay(page)).toEqual(saved);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'largest');
  await expect(page.locator('html')).toHaveAttribute('data-colours', 'high-contrast');
});
