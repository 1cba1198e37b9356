import { expectNoAxeViolations, expectPhoneLayout } from './support/checks';
import { COLOUR_SCHEMES, TEXT_SIZES, chooseDisplay } from './support/display';
import { expect, test } from './support/fixtures';
import { PUBLIC_PAGES, openPage, waitForContent } from './support/site-map';

/**
 * The accessibility gate in every display setting: axe (WCAG 2.0-2.2 A and AA, plus 7:1
 * contrast) on every public route in each combination of text size and colours, at both widths;
 * at 375 px no sideways scrolling and 44 px targets too.
 */
const ROUTES = [...PUBLIC_PAGES.map((entry) => entry.path), '/article/1', '/accessibility', '/display-settings', '/no/such/page'];

for (const colours of COLOUR_SCHEMES) {
  for (const textSize of TEXT_SIZES) {
    test(`every public route passes axe with ${textSize} text and ${colours} colours`, async ({ page, context, isPhone }) => {
      test.setTimeout(180_000);
      await chooseDisplay(context, textSize, colours);

      for (const path of ROUTES) {
        await openPage(page, path);
        // The setting is on the page as the server sent it, so axe checks the colours the reader sees.
        expect(await page.locator('html').getAttribute('data-colours'), path).toBe(colours === 'standard' ? null : colours);
        expect(await page.locator('html').getAttribute('data-text-size'), path).toBe(textSize === 'standard' ? null : textSize);
        await waitForContent(page);
        await expectNoAxeViolations(page, `${textSize} text, ${colours} colours`);
        if (isPhone) await expectPhoneLayout(page);
      }
    });
  }
}
