import { expect, type FileChooser, type Page } from '@playwright/test';
import { ADMIN } from './e2e-env';
import { openPage } from './site-map';

/** Fills the login form and presses 'Login'. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Waits until an admin page has checked the sign-in and loaded what it shows. */
async function waitForAdminPage(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('navigation', { name: 'Admin area' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Preparing|Checking)/ })).toHaveCount(0);
}

/** Waits until /admin (the upload forms and 'Delete Files') has checked the sign-in and loaded. */
export async function waitForAdminArea(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/admin$/);
  await waitForAdminPage(page, 'Admin');
  await expect(page.getByRole('region', { name: 'Upload Newsletter' })).toBeVisible();
}

/** Opens one of the admin area's pages by its link in the admin navigation, as a volunteer would. */
export async function openAdminPage(page: Page, name: 'Files' | 'News' | 'Events' | 'Inbox' | 'Applications' | 'Members' | 'Renewals' | 'E-mail to members' | 'Association details' | 'Visits' | 'Account' | 'Activity'): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: new RegExp(`^${name}\\b`) }).click();
  await waitForAdminPage(page, name === 'Files' ? 'Admin' : name);
}

/** Signs the administrator in from the login page (of another site when given) and waits for the admin area. */
export async function signInAsAdministrator(page: Page, siteUrl = ''): Promise<void> {
  await openPage(page, `${siteUrl}/login`);
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await waitForAdminArea(page);
}

/**
 * A real, small PDF (one page with a line of text), padded inside a stream to the size asked
 * for, so an upload takes long enough to show progress and the bytes can be compared after.
 */
export function pdfBytes(text: string, size = 4_096): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const head = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
    `4 0 obj << /Length ${content.length} >> stream`,
    content,
    'endstream endobj',
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
  ].join('\n');
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  const padding = Math.max(0, size - head.length - tail.length - 2);
  // A comment line may be as long as needed; readers skip it.
  return Buffer.from(`${head}\n%${'x'.repeat(padding)}${tail}`, 'latin1');
}

/**
 * The next file chooser the page opens. Playwright starts intercepting choosers when the first
 * listener is added, but does not wait for the browser to agree: with `Promise.all([waitForEvent,
 * press])` a busy machine let the key open the chooser first, and the test waited for an event that
 * never came. Call this well before the key press, so interception is on by then.
 */
export function nextFileChooser(page: Page): Promise<FileChooser> {
  return new Promise((resolve) => page.once('filechooser', resolve));
}

/** The admin section of one folder's upload form, found by its fixed heading. */
export function uploadForm(page: Page, heading: string) {
  return page.getByRole('region', { name: heading });
}

/** The 'Delete Files' list of one folder, by its heading. */
export function deleteList(page: Page, heading: string) {
  return page.getByRole('region', { name: 'Delete Files' }).getByRole('region', { name: heading });
}
