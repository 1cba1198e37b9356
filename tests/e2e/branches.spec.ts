// axe needs script in the page, so the sweep in accessibility.spec.ts checks these pages; this journey checks them without it.
import { expectPhoneLayout } from './support/checks';
import { expect, test } from './support/fixtures';

test('with JavaScript off, a visitor chooses their county, reaches its branch page and then the branch’s next event', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/branches');

  await page.getByLabel('Your county').selectOption('Cork');
  await page.getByRole('button', { name: 'Show branches' }).click();

  await expect(page).toHaveURL(/\/branches\?county=Cork$/);
  const answer = page.getByRole('list', { name: 'Branches in County Cork' });
  await expect(answer.getByRole('listitem')).toHaveCount(1);
  await expectPhoneLayout(page);
  await answer.getByRole('link', { name: 'Sample Branch South' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Sample Branch South' })).toBeVisible();
  await expect(page.getByText('Second Tuesday of the month, 11am, in the sample parish centre.')).toBeVisible();
  const events = page.getByRole('region', { name: 'Upcoming events' });
  await events.getByRole('link').first().click();

  await expect(page.getByRole('heading', { level: 1, name: 'Sample Event - Christmas Lunch' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sample Branch South' })).toHaveAttribute('href', '/branches/sample-branch-south');
  await context.close();
});
