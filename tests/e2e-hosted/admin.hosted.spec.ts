import type { Page } from '@playwright/test';
import { TWO_STEP_ADMIN } from '../../mocks/hosted';
import { MOCK_ADMIN } from '../../mocks/self-hosted-api';
import { pdfBytes, submitLogin, uploadForm } from '../e2e/support/admin';
import { expectNoAxeViolations, expectPhoneLayout } from '../e2e/support/checks';
import { chooseNavLink, openPage, waitForContent } from '../e2e/support/site-map';
import { expect, test } from './support/hosted-fixtures';

// .env.hosted-fakes: where the hosted admin area sends volunteers to write news posts.
const CONTENT_SITE = 'https://app.contentful.com/spaces/demospace';

async function checkPage(page: Page, isPhone: boolean, state: string): Promise<void> {
  await expectNoAxeViolations(page, state);
  if (isPhone) await expectPhoneLayout(page);
}

/** Signs in through the Firebase Auth fake and waits until every section of the admin area has loaded. */
async function signIn(page: Page): Promise<void> {
  await openPage(page, '/login');
  await submitLogin(page, MOCK_ADMIN.email, MOCK_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin');
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Preparing|Checking)/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Delete Files' }).getByRole('button', { name: /^Delete / }).first()).toBeVisible();
}

test('the hosted admin area sends news posts to the content site instead of editing them', async ({ page, isPhone }) => {
  await signIn(page);

  const posts = page.getByRole('region', { name: 'News Posts' });
  await expect(posts.getByRole('link', { name: /Open the content management site/ })).toHaveAttribute('href', CONTENT_SITE);
  await expect(posts.getByRole('textbox')).toHaveCount(0);
  await expect(posts.getByRole('button')).toHaveCount(0);
  // Contact messages go to EmailJS's mailbox, not to a screen here; the page says where each missing part lives.
  await expect(page.getByRole('region', { name: 'Contact Messages' })).toHaveCount(0);
  const elsewhere = page.getByRole('region', { name: 'Kept elsewhere on this website' });
  await expect(elsewhere.getByRole('link', { name: /dashboard/ })).toHaveAttribute('href', 'https://dashboard.emailjs.com/');
  await expect(elsewhere).toContainText('VITE_ASSOCIATION_ settings');
  await expect(elsewhere.getByRole('link', { name: /Firebase console/ })).toHaveAttribute('href', 'https://console.firebase.google.com/');
  await expect(elsewhere).toContainText('There is no activity record here.');
  await checkPage(page, isPhone, 'hosted admin area');
});

test('a PDF uploaded to Storage can be paused and resumed, the popup shows, OK signs out, and the file is on /events', async ({
  page,
  fakes,
  isPhone,
}, testInfo) => {
  const title = `Hosted outing ${testInfo.project.name}`;
  // Past the SDK's 256 KiB threshold, so it is sent as a resumable upload in chunks.
  const bytes = pdfBytes(title, 1024 * 1024);
  await signIn(page);
  const form = uploadForm(page, 'Upload Events');
  await form.getByLabel('Choose a file').setInputFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: bytes });
  await expect(form).toContainText(`Ready to upload: ${title}.pdf`);

  // The first chunk waits at the Storage fake, so Pause lands while the upload is under way.
  await fakes.holdUploadChunks();
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect.poll(() => fakes.heldUploadChunks(), { message: 'the first chunk reaches the Storage fake' }).toBe(1);
  await expect(form.getByRole('group', { name: `Uploading ${title}.pdf` })).toBeVisible();
  await form.getByRole('button', { name: 'Pause' }).click();
  await expect(form.getByRole('group', { name: `Paused ${title}.pdf` })).toBeVisible();
  await checkPage(page, isPhone, 'upload paused');

  // The chunk the SDK gave up on when pausing still arrives; resuming asks the fake how much it
  // holds and goes on from there, so the file is whole and nothing is sent twice.
  await fakes.releaseUploadChunks();
  await expect.poll(() => fakes.acceptedUploadChunks()).toBe(1);
  await expect(form.getByRole('button', { name: 'Resume' })).toBeVisible();
  await form.getByRole('button', { name: 'Resume' }).click();

  const popup = page.getByRole('dialog', { name: 'Upload Successful!' });
  await expect(popup).toBeVisible({ timeout: 20_000 });
  expect(await fakes.acceptedUploadChunks()).toBeGreaterThan(1);
  await expect(popup.getByRole('button', { name: 'OK' })).toBeFocused();
  await checkPage(page, isPhone, 'upload popup');
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been signed out.')).toBeVisible();
  await checkPage(page, isPhone, 'signed out after the upload');

  // Through the app's own links: a reload would start the fakes afresh, without the file.
  await chooseNavLink(page, 'Events', isPhone);
  await waitForContent(page);
  const link = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) })
    .getByRole('link', { name: /^Click to view PDF/ });
  const address = await fakes.downloadUrl(`events/${title}.pdf`);
  await expect(link).toHaveAttribute('href', address ?? 'the fake has no such file');
  const stored = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), address ?? '');
  expect(Buffer.from(stored).equals(bytes), 'the stored file is the uploaded one, byte for byte').toBe(true);
  await checkPage(page, isPhone, 'uploaded file on /events');
});

test("a sign-in is kept in the tab's session storage, not the browser's lasting storage, so closing the browser ends it", async ({ page }) => {
  await signIn(page);

  const kept = await page.evaluate(async () => {
    const inSession = Object.keys(sessionStorage).filter((key) => key.startsWith('firebase:authUser:'));
    const inLocal = Object.keys(localStorage).filter((key) => key.startsWith('firebase:authUser:'));
    // getAuth's default place: Firebase's own IndexedDB database.
    const databases = await indexedDB.databases();
    return { inSession: inSession.length, inLocal: inLocal.length, indexedDb: databases.map((database) => database.name) };
  });

  expect(kept.inSession).toBe(1);
  expect(kept.inLocal).toBe(0);
  expect(kept.indexedDb).not.toContain('firebaseLocalStorageDb');
});

test('npm run dev:hosted has an administrator with two-step sign-in: the password, then the code from the app', async ({ page }) => {
  await openPage(page, '/login');
  await submitLogin(page, TWO_STEP_ADMIN.email, TWO_STEP_ADMIN.password);

  const secondStep = page.getByRole('form', { name: 'Two-step sign-in' });
  await expect(secondStep).toBeVisible();
  await secondStep.getByLabel('Code').fill(TWO_STEP_ADMIN.totpCode);
  await secondStep.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(`Signed in as ${TWO_STEP_ADMIN.email}`)).toBeVisible();
});
