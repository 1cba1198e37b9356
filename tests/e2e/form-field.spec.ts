import { expect, test } from './support/fixtures';
import { openPage } from './support/site-map';

// The view tests run without styles: only a browser shows the error sign, and only it leaves the
// sign out of what a screen reader reads, which the description must then be to the letter.
const FORMS = [
  { path: '/contact', button: 'Send Message', label: 'Your Name:', error: 'Please enter your name.' },
  { path: '/login', button: 'Login', label: 'E-mail', error: 'Please enter your e-mail address.' },
] as const;

for (const form of FORMS) {
  test(`${form.path}: a field's error shows a warning sign that screen readers do not read out`, async ({ page }) => {
    await openPage(page, form.path);

    await page.getByRole('button', { name: form.button }).click();

    await expect(page.getByLabel(form.label)).toHaveAccessibleDescription(form.error);
    // The field's own message (the contact form's error summary links to it with the same words).
    const message = page.locator('.field-error', { hasText: form.error });
    const sign = await message.evaluate((element) => getComputedStyle(element, '::before').content);
    expect(sign).toContain('⚠');
  });
}
