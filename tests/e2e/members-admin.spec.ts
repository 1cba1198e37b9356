import { openAdminPage, signInAsAdministrator } from './support/admin';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/checks';
import { expect, test } from './support/fixtures';

test('an administrator approves an application, finds the member by name in the list and records their payment', async ({ page, request }, testInfo) => {
  const name = `Nora Keane ${Date.now()}`;
  const email = `nora.${Date.now()}@example.org`;
  const sent = await request.post('/api/applications', {
    data: {
      name,
      address: '4 Quay Street\nGalway',
      email,
      background: 'Midwife, University Hospital Galway, 1980 to 2018.',
      branch: 'not-sure',
      consent: true,
    },
  });
  expect(sent.status()).toBe(202);

  await signInAsAdministrator(page);
  await expect(page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: /^Applications \(\d+ new\)$/ })).toBeVisible();
  await openAdminPage(page, 'Applications');
  const fresh = page.getByRole('region', { name: 'New applications' }).getByRole('listitem', { name });
  await expect(fresh).toContainText('4 Quay Street');
  await expect(fresh).toContainText(email);
  await expect(fresh).toContainText('Not sure');
  await expectNoAxeViolations(page, 'applications');
  await expectNoSidewaysScroll(page);

  await fresh.getByRole('button', { name: `Approve ${name}` }).click();
  const notice = page.getByRole('status').filter({ hasText: `${name} is now a member. Their membership number is` });
  await expect(notice).toContainText(`A welcome e-mail is on its way to ${email}.`);
  await expect(page.locator('#membership-notice')).toBeFocused();
  const number = (await notice.textContent())?.match(/membership number is (\d+)/)?.[1] ?? '';
  expect(number).not.toBe('');
  await expectNoAxeViolations(page, 'approved');

  // The list: found by name, the search kept in the address so Back and reload show it again.
  await openAdminPage(page, 'Members');
  await expectNoAxeViolations(page, 'member list');
  await page.getByRole('searchbox', { name: 'Search the member list' }).fill(name);
  await page.getByRole('button', { name: 'Show members' }).click();
  await expect(page).toHaveURL(/\/admin\/members\?q=Nora/);
  const found = page.getByRole('region', { name: 'Members found' });
  await expect(found.getByText('Showing 1 member.')).toBeVisible();
  await expectNoAxeViolations(page, 'member found');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('member-list-375.png'), fullPage: true });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Members found' }).getByRole('link', { name })).toBeVisible();

  await page.getByRole('region', { name: 'Members found' }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/members/${number}$`));
  await expect(page.getByRole('region', { name })).toContainText(`Membership number${number}`);
  await expectNoAxeViolations(page, 'member page');

  // A payment by cheque for this year: 'paid until' moves to its end.
  const payments = page.getByRole('region', { name: 'Payments' });
  const form = payments.getByRole('form', { name: 'Record a payment' });
  await form.getByRole('button', { name: 'Record the payment' }).click();
  await expect(form.getByLabel(/Paid on/)).toBeFocused();
  await expectNoAxeViolations(page, 'payment with mistakes');
  await form.getByLabel(/Paid on/).fill('2026-03-02');
  await form.getByLabel(/Amount in euro/).fill('25');
  await form.getByRole('combobox', { name: 'How they paid' }).selectOption({ label: 'Cheque' });
  await form.getByLabel(/This payment covers the year ending/).fill('2026-12-31');
  await form.getByRole('button', { name: 'Record the payment' }).click();
  await expect(payments.getByRole('status').filter({ hasText: 'The payment of €25 by cheque on 2 March 2026 was recorded. They are now paid until 31 December 2026.' })).toBeFocused();
  await expect(payments.getByRole('row', { name: /2 March 2026/ })).toContainText('€25');
  await expectNoAxeViolations(page, 'payment recorded');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('member-375.png'), fullPage: true });

  // Marking deceased asks first; 'No, go back' keeps the member as they are.
  const details = page.getByRole('region', { name: 'Change their details' });
  await details.getByRole('combobox', { name: /Status/ }).selectOption({ label: 'Deceased' });
  await details.getByRole('button', { name: 'Save the details' }).click();
  await expect(details.getByRole('group', { name: /as deceased\?/ })).toContainText('Every e-mail and reminder to them stops at once');
  await expectNoAxeViolations(page, 'deceased question');
  await details.getByRole('button', { name: 'No, go back' }).click();
  await expect(details.getByRole('combobox', { name: /Status/ })).toBeFocused();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goBack();
  await expect(page.getByRole('region', { name: 'Members found' }).getByRole('link', { name })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('member-list-1280.png'), fullPage: true });
});

test('Renewals and Import members pass axe, and an import with a broken row names it and imports nothing', async ({ page }) => {
  await signInAsAdministrator(page);
  await openAdminPage(page, 'Renewals');
  await expect(page.getByRole('form', { name: 'The membership year' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Renewal letters to post' }).getByRole('status')).toHaveCount(0);
  await expectNoAxeViolations(page, 'renewals');
  await expectNoSidewaysScroll(page);

  await openAdminPage(page, 'Members');
  await page.getByRole('link', { name: 'Import members from a spreadsheet' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import members');
  await expectNoAxeViolations(page, 'import');
  await page.getByLabel('The CSV file').setInputFiles({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Name,Address,E-mail\nAnne Ahern,1 Quay Street,anne@example.org\n,2 Quay Street,\n'),
  });
  const preview = page.getByRole('region', { name: 'What members.csv holds' });
  await expect(preview).toContainText('so nothing will be imported');
  await expect(preview).toContainText('Line 3:');
  await expect(preview.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'import preview with problems');
  await expectNoSidewaysScroll(page);
});
