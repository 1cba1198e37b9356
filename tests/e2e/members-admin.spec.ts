import { openAdminPage, signInAsAdministrator } from './support/admin';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/checks';
import { expect, test } from './support/fixtures';

test('an application sent as the join form sends it is approved by the administrator, who sees the membership number and finds the member', async ({
  page,
  request,
}, testInfo) => {
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
  await expect(page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: /^Members \(\d+ new\)$/ })).toBeVisible();
  await openAdminPage(page, 'Members');
  const fresh = page.getByRole('region', { name: 'New applications' }).getByRole('listitem', { name });
  await expect(fresh).toContainText('4 Quay Street');
  await expect(fresh).toContainText(email);
  await expect(fresh).toContainText('Not sure');
  await expectNoAxeViolations(page, 'page opened');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('members-375.png'), fullPage: true });

  await fresh.getByRole('button', { name: `Approve ${name}` }).click();
  const notice = page.getByRole('status').filter({ hasText: `${name} is now a member. Their membership number is` });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`A welcome e-mail is on its way to ${email}.`);
  await expect(page.locator('#membership-notice')).toBeFocused();
  const number = (await notice.textContent())?.match(/membership number is (\d+)/)?.[1] ?? '';
  expect(number).not.toBe('');
  await expectNoAxeViolations(page, 'approved');

  const member = page.getByRole('region', { name: 'All members' }).getByRole('listitem', { name: `${name}, member number ${number}` });
  await expect(member).toContainText(email);
  await expect(member.getByRole('link', { name: /Download their data/ })).toHaveAttribute('href', `/api/members/${number}/data`);

  const earlier = page.getByRole('region', { name: 'Earlier applications' });
  await earlier.getByRole('button', { name: /^Approved \(\d+\)$/ }).click();
  await expect(earlier.getByRole('listitem', { name })).toContainText(`Membership number${number}`);
  await expectNoAxeViolations(page, 'approved list shown');
  await page.screenshot({ path: testInfo.outputPath('members-approved-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('members-approved-1280.png'), fullPage: true });
});
