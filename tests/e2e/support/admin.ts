import zlib from 'node:zlib';
import { expect, type FileChooser, type Page } from '@playwright/test';
import { ADMIN } from './e2e-env';
import { openPage } from './site-map';

/** Fills the login form and presses 'Login'. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Waits until the admin area has checked the sign-in and loaded every section. */
export async function waitForAdminArea(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin');
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Preparing|Checking)/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Check for new messages' })).toBeVisible();
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

/** One file of a ZIP archive stored without compression: header, then the bytes as they are. */
function zipEntries(files: readonly { name: string; text: string }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = Buffer.from(file.text, 'utf8');
    const crc = zlib.crc32(data);
    // Version 2.0, no flags, stored, 1 January 1980 (the format's earliest date).
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A real, small Word document (.docx): the three parts Word needs, with one paragraph of text. */
export function docxBytes(text: string): Buffer {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return zipEntries([
    {
      name: '[Content_Types].xml',
      text:
        `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      text:
        `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      text:
        `${xml}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
        `<w:body><w:p><w:r><w:t>${escaped}</w:t></w:r></w:p></w:body></w:document>`,
    },
  ]);
}
