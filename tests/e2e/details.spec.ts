import type { Page } from '@playwright/test';
import { openAdminPage, signInAsAdministrator, pdfBytes, uploadForm } from './support/admin';
import { expectNoAxeViolations, expectPhoneLayout } from './support/checks';
import { expect, test } from './support/fixtures';
import { mainNav, menuButton, openPage, waitForContent } from './support/site-map';

const SAMPLE_PHONE = '01 555 0123';

async function expectAccessible(page: Page, state: string, isPhone: boolean): Promise<void> {
  await expectNoAxeViolations(page, state);
  if (isPhone) await expectPhoneLayout(page);
}

function detailsForm(page: Page) {
  return page.getByRole('region', { name: 'Association details' });
}

async function setPhone(page: Page, phone: string): Promise<void> {
  const field = detailsForm(page).getByLabel(/^Phone number/);
  await field.fill(phone);
  await detailsForm(page).getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText("The association's details were saved.")).toBeVisible();
}

test('an administrator changes the phone number and every page shows it in the footer (the contact page in its own section)', async ({ page, isPhone }) => {
  const phone = isPhone ? '01 375 0375' : '01 128 0128';
  await signInAsAdministrator(page);
  await openAdminPage(page, 'Association details');
  await expect(detailsForm(page).getByLabel(/^Phone number/)).toHaveValue(/\d/);
  await expectAccessible(page, 'admin area with the details form', isPhone);
  try {
    await setPhone(page, phone);
    for (const path of ['/', '/contact', '/documents', '/privacy-policy', '/about']) {
      await openPage(page, path);
      const shown = path === '/contact' ? page.getByRole('region', { name: 'Other ways to reach us' }) : page.getByRole('contentinfo');
      await expect(shown.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/\s/g, '')}`);
      await expect(shown.getByRole('link', { name: phone })).toBeVisible();
      if (path === '/contact') await expect(page.getByRole('contentinfo').getByRole('link', { name: phone })).toHaveCount(0);
    }
  } finally {
    await openPage(page, '/admin/details');
    await setPhone(page, SAMPLE_PHONE);
  }
});

test('a refused phone number is explained beside the field and nothing is saved', async ({ page, isPhone }) => {
  await signInAsAdministrator(page);
  await openAdminPage(page, 'Association details');
  await detailsForm(page).getByLabel(/^Phone number/).fill('ring the office');
  await detailsForm(page).getByRole('button', { name: 'Save details' }).click();

  await expect(detailsForm(page).getByLabel(/^Phone number/)).toBeFocused();
  await expect(detailsForm(page).getByText(/digits and spaces only/)).toBeVisible();
  await expectAccessible(page, 'details form with an error', isPhone);
});

test('a visitor on the same connection as five earlier senders can still send', async ({ page, request, isPhone }) => {
  const run = `${isPhone ? 'phone' : 'desktop'}-${Date.now()}`;
  for (let index = 0; index < 5; index += 1) {
    const response = await request.post('/api/contact', {
      data: { name: `Resident ${index}`, email: `resident${index}.${run}@example.org`, message: `Hello from the care home ${run}` },
    });
    expect(response.status()).toBe(202);
  }

  await openPage(page, '/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'There are 3 problems' })).toBeVisible();
  await expectAccessible(page, 'contact error summary', isPhone);

  await page.getByLabel('Your Name:').fill('New Resident');
  await page.getByLabel('Your Email:').fill(`new.${run}@example.org`);
  await page.getByLabel('Message:').fill('My first message.');
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Thank you. Your message has been received' })).toBeVisible();
  await expect(page.getByText('We usually reply within three working days.')).toBeVisible();
  await expect(page.getByLabel('Your Name:')).toHaveCount(0);
  await expectAccessible(page, 'contact confirmation', isPhone);
});

test('a volunteer who clicks a menu link during an upload is asked first, and staying keeps the upload', async ({ page, isPhone }) => {
  await signInAsAdministrator(page);
  // The upload is held on its way to the server until the test lets it go.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/files**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await released;
    return route.abort('aborted');
  });
  const form = uploadForm(page, 'Upload Events');
  await form.getByLabel('Choose a file').setInputFiles({ name: 'Held Upload.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Held', 200_000) });
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(form.getByLabel('Choose a file')).toBeDisabled();

  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    });
  });
  if (isPhone) {
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  }
  await mainNav(page).getByRole('link', { name: 'News', exact: true }).click();

  expect(await asked).toContain('A file is still uploading');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(form.getByLabel('Choose a file')).toBeDisabled();
  release();
});

test('the inbox is worked by keyboard: mark handled, reply link, delete after confirming', async ({ page, request, isPhone }) => {
  const sender = `keyboard.${isPhone ? 'phone' : 'desktop'}.${Date.now()}@example.org`;
  expect((await request.post('/api/contact', { data: { name: 'Keyboard Sender', email: sender, message: 'Please reply.' } })).status()).toBe(202);
  await signInAsAdministrator(page);
  await openAdminPage(page, 'Inbox');
  const inbox = page.getByRole('region', { name: 'Inbox' });
  const message = inbox.getByRole('listitem').filter({ hasText: sender });
  await expect(message).toBeVisible();

  await expect(message.getByRole('link', { name: /Reply by e-mail/ })).toHaveAttribute('href', new RegExp(`^mailto:${sender.replace(/\./g, '\\.')}\\?subject=`));
  await message.getByRole('button', { name: /Mark as handled/ }).focus();
  await page.keyboard.press('Enter');
  await expect(message.getByText('Handled', { exact: true })).toBeVisible();

  await message.getByRole('button', { name: /^Delete/ }).focus();
  await page.keyboard.press('Enter');
  await expect(message.getByRole('button', { name: 'No, keep it' })).toBeFocused();
  await expectAccessible(page, 'inbox delete confirmation', isPhone);
  await page.keyboard.press('Shift+Tab');
  await expect(message.getByRole('button', { name: 'Yes, delete' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByText('The message from Keyboard Sender was deleted.')).toBeVisible();
  await expect(inbox.getByRole('listitem').filter({ hasText: sender })).toHaveCount(0);
});

for (const path of ['/', '/documents', '/contact', '/privacy-policy']) {
  test(`${path} with the association's details: no axe violations`, async ({ page, isPhone }) => {
    await openPage(page, path);
    await waitForContent(page);
    const details = path === '/contact' ? 'Other ways to reach us' : 'Contact the association';
    await expect(page.getByRole('region', { name: details })).toBeVisible();
    await expectAccessible(page, 'with details', isPhone);
  });
}
