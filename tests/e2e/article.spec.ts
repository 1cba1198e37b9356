import { expectNoAxeViolations } from './support/checks';
import { expect, test } from './support/fixtures';
import { openPage } from './support/site-map';

test("an article's lines read as paragraphs: no bullets, no indent, a paragraph's spacing", async ({ page }) => {
  await openPage(page, '/article/1');
  const lines = page.getByRole('main').getByRole('article').getByRole('listitem');
  expect(await lines.count()).toBeGreaterThan(1);

  const looks = await lines.evaluateAll((items) =>
    items.map((item) => {
      const style = getComputedStyle(item);
      const paragraph = getComputedStyle(item.closest('article')?.querySelector('p') ?? document.body);
      return {
        marker: style.listStyleType,
        spacing: style.marginBottom === paragraph.marginBottom,
        left: Math.round(item.getBoundingClientRect().left),
      };
    }),
  );
  const headingLeft = Math.round((await page.getByRole('main').getByRole('heading', { level: 1 }).boundingBox())?.x ?? -1);
  for (const look of looks) expect(look).toEqual({ marker: 'none', spacing: true, left: headingLeft });
  await expectNoAxeViolations(page, 'an article');
});
