import { openAdminPage, signInAsAdministrator } from './support/admin';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/checks';
import { expect, test } from './support/fixtures';

test('the Visits page shows each chart with a table of the same figures, readable at 375 and 1280 px', async ({ page }, testInfo) => {
  await signInAsAdministrator(page);
  await openAdminPage(page, 'Visits');

  const days = page.getByRole('figure', { name: 'Page views and downloads on each of the last 30 days' });
  await expect(days.locator('svg')).toHaveAttribute('aria-hidden', 'true');
  await expect(days.getByRole('table', { name: /as a table$/ }).getByRole('row')).toHaveCount(31);
  await expect(days.locator('svg .visits-chart__views')).toHaveCount(30);
  const months = page.getByRole('figure', { name: 'Page views and downloads in each of the last 12 months' });
  await expect(months.getByRole('table').getByRole('row')).toHaveCount(13);
  await expect(page.getByRole('heading', { level: 2, name: 'Searches that found nothing' })).toBeVisible();
  await expectNoAxeViolations(page, 'Visits at 375 px');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('visits-375.png'), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page, 'Visits at 1280 px');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('visits-1280.png'), fullPage: true });
});

test('an administrator asks for the monthly summary, and the choice is there when the page opens again', async ({ page }) => {
  await signInAsAdministrator(page);
  await openAdminPage(page, 'Visits');
  const summary = page.getByRole('checkbox', { name: 'E-mail me a summary of the visits on the 1st of each month' });
  const wanted = !(await summary.isChecked());

  await summary.setChecked(wanted);
  await expect(page.getByRole('status').filter({ hasText: /^Saved\./ })).toBeVisible();
  await page.reload();

  await expect(page.getByRole('checkbox', { name: 'E-mail me a summary of the visits on the 1st of each month' })).toBeChecked({ checked: wanted });
});
