import { PDF_PROBLEM_MESSAGES } from '../../src-core/domain/pdf-accessibility';
import { PDF_SAMPLES } from '../support/pdf-samples';
import { deleteList, nextFileChooser, signInAsAdministrator, uploadForm } from './support/admin';
import { expectNoAxeViolations, expectPhoneLayout, tabTo } from './support/checks';
import { expect, test } from './support/fixtures';

test('by keyboard at 375 px: a scanned PDF is read on choosing, the warning says why and how to fix it, and it still uploads', { tag: '@phone-only' }, async ({ page }, testInfo) => {
  const title = `E2E scan ${testInfo.project.name} ${Date.now()}`;
  await signInAsAdministrator(page);
  const form = uploadForm(page, 'Upload Events');

  // Listening well before the key press, so the browser intercepts the chooser by then (nextFileChooser).
  const chooserOpened = nextFileChooser(page);
  await tabTo(page, form.getByLabel('Choose a file'), { maxStops: 100 });
  await page.keyboard.press('Space');
  const chooser = await chooserOpened;
  await chooser.setFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(PDF_SAMPLES.scan()) });

  const advice = form.getByRole('status').filter({ hasText: 'hard to use for visitors who use a screen reader' });
  await expect(advice.getByRole('listitem')).toHaveText([PDF_PROBLEM_MESSAGES['no-text'], PDF_PROBLEM_MESSAGES['no-title']]);
  await expect(form.getByLabel('Choose a file')).toBeFocused();
  await expect(form.getByLabel('Choose a file')).toHaveAccessibleDescription(/it looks like a scan/);
  await expectNoAxeViolations(page, 'PDF warning shown');
  await expectPhoneLayout(page);

  // It warns and never refuses: the upload goes ahead.
  await tabTo(page, form.getByRole('button', { name: 'Upload' }));
  await page.keyboard.press('Enter');
  const popup = page.getByRole('dialog', { name: 'Upload Successful!' });
  await expect(popup.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  await signInAsAdministrator(page);
  const files = deleteList(page, 'Events');
  await files.getByRole('button', { name: `Delete ${title}` }).click();
  await files.getByRole('group', { name: `Delete "${title}"? This cannot be undone.` }).getByRole('button', { name: 'Yes, delete' }).click();
  await expect(files.getByText(title)).toHaveCount(0);
});

test('an accessible PDF is said to be fine, an untitled one is told to get a title', async ({ page }) => {
  await signInAsAdministrator(page);
  const form = uploadForm(page, 'Upload Important Documents');
  const picker = form.getByLabel('Choose a file');

  await picker.setInputFiles({ name: 'agm.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF_SAMPLES.accessible()) });
  await expect(form.getByRole('status').filter({ hasText: 'This PDF has text, a title and tags, so screen readers can read it.' })).toBeVisible();
  await picker.setInputFiles({ name: 'outing.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF_SAMPLES.untitled()) });

  await expect(form.getByRole('listitem').filter({ hasText: PDF_PROBLEM_MESSAGES['no-title'] })).toBeVisible();
  await expect(form.getByText(PDF_PROBLEM_MESSAGES['not-tagged'])).toHaveCount(0);
});
