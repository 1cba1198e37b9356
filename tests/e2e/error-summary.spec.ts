import { chooseDisplay } from './support/display';
import { expect, test } from './support/fixtures';
import { openPage } from './support/site-map';

test("each bullet of the contact form's error summary is level with the first line of its message, also where the message wraps", async ({ browser }) => {
  // 'Largest' text on a phone, so that the messages wrap onto a second line.
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await chooseDisplay(context, 'largest', 'standard');
  const page = await context.newPage();
  await openPage(page, '/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const items = page.getByRole('heading', { name: /problems?/ }).locator('xpath=..').getByRole('listitem');
  await expect(items).toHaveCount(3);

  const placed = await items.evaluateAll((elements) =>
    elements.map((item) => {
      const link = item.querySelector('a');
      const range = document.createRange();
      range.selectNodeContents(link ?? item);
      const lines = [...range.getClientRects()].map((rect) => Math.round(rect.top)).filter((top, index, all) => all.indexOf(top) === index);
      const bullet = getComputedStyle(item, '::before');
      const bulletTop = item.getBoundingClientRect().top + Number.parseFloat(bullet.top);
      const first = range.getClientRects()[0];
      return {
        lines: lines.length,
        bullet: bullet.content,
        level: first !== undefined && Math.abs(bulletTop - first.top) < first.height / 2,
      };
    }),
  );
  expect(placed.some((item) => item.lines > 1), 'a message wraps').toBe(true);
  for (const item of placed) expect(item).toMatchObject({ bullet: '"•"', level: true });
  await context.close();
});
