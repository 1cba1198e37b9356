import { expectNoAxeViolations, expectPhoneLayout } from './support/checks';
import { COLOUR_SCHEMES, SCHEME_COLOURS, TEXT_SCALE, TEXT_SIZES, chooseDisplay, shownDisplay } from './support/display';
import { expect, test } from './support/fixtures';
import { openPage, waitForContent } from './support/site-map';

/**
 * The accessibility gate in every display setting: axe (WCAG 2.0-2.2 A and AA, plus 7:1
 * contrast), and at 375 px no sideways scrolling and 44 px targets too. The pages this sweep adds
 * to tests/e2e/accessibility.spec.ts are checked once in the standard setting; every other
 * combination of text size and colours runs on a few pages that hold every kind of part the site
 * has (the header and menu, cards and lists, an article, a form, the settings' own controls).
 * On the settings page each run also checks what the reader sees: the text at its size against
 * the standard one, the scheme's colours, and the chosen size marked in the form.
 */
const EXTRA_ROUTES = ['/accessibility', '/display-settings'];
const REPRESENTATIVE_ROUTES = ['/', '/news', '/article/1', '/contact', '/display-settings'];

for (const colours of COLOUR_SCHEMES) {
  for (const textSize of TEXT_SIZES) {
    const standard = colours === 'standard' && textSize === 'standard';
    const routes = standard ? EXTRA_ROUTES : REPRESENTATIVE_ROUTES;
    test(`${routes.join(', ')} pass axe with ${textSize} text and ${colours} colours`, async ({ page, context, isPhone }) => {
      await openPage(page, '/links');
      const standardDisplay = await shownDisplay(page);
      await chooseDisplay(context, textSize, colours);

      for (const path of routes) {
        await openPage(page, path);
        // The setting is on the page as the server sent it, so axe checks the colours the reader sees.
        expect(await page.locator('html').getAttribute('data-colours'), path).toBe(colours === 'standard' ? null : colours);
        expect(await page.locator('html').getAttribute('data-text-size'), path).toBe(textSize === 'standard' ? null : textSize);
        await waitForContent(page);
        if (path === '/display-settings') {
          const shown = await shownDisplay(page);
          expect(shown.fontSize).toBeCloseTo(standardDisplay.fontSize * TEXT_SCALE[textSize], 1);
          expect(shown).toMatchObject(SCHEME_COLOURS[colours]);
          await expect(page.getByRole('group', { name: 'Text size' }).getByRole('radio', { checked: true })).toHaveAccessibleName(
            textSize === 'standard' ? 'Standard' : textSize === 'large' ? 'Large' : 'Largest',
          );
        }
        await expectNoAxeViolations(page, `${textSize} text, ${colours} colours`);
        if (isPhone) await expectPhoneLayout(page);
      }
    });
  }
}
