import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { appCode } from '../server/helpers/authenticator-app';
import { expectNoAxeViolations, expectPhoneLayout } from './support/checks';
import { E2E_ENV, e2eValue } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { addAdministrator, startSite, type SiteServer } from './support/site-server';
import { openPage } from './support/site-map';
import { openAdminPage } from './support/admin';

/*
 * Two-step sign-in, signed-in devices and the activity list, by keyboard at the phone's width,
 * on a site of their own that requires two-step sign-in (ADMIN_REQUIRE_2FA=1), so the shared
 * administrator of the other journeys keeps signing in with a password alone.
 */
const ADMINISTRATOR = { email: 'two-step@example.org', password: 'a long and lonely passphrase 7' } as const;
const STEP_MS = 30_000;

let site: SiteServer;

test.beforeAll(async () => {
  const workDir = e2eValue(E2E_ENV.workDir);
  const dataDir = fs.mkdtempSync(path.join(workDir, 'two-step-data-'));
  const env = {
    ADMIN_EMAILS: `keeper@example.org,${ADMINISTRATOR.email}`,
    PASSWORD_HASH_COST: '10',
    SAMPLE_CONTENT: '0',
    ADMIN_REQUIRE_2FA: '1',
    // The build global setup froze for the other sites.
    CLIENT_DIR: path.join(workDir, 'dist', 'client'),
    SKIP_BUILD: '1',
  };
  site = await startSite({ dataDir, env, logFile: path.join(workDir, 'two-step-server.log') });
  addAdministrator(ADMINISTRATOR.email, ADMINISTRATOR.password, { ...env, DATA_DIR: dataDir });
});

test.afterAll(async () => {
  await site.stop();
});

async function expectAccessible(page: Page, state: string, isPhone: boolean): Promise<void> {
  await expectNoAxeViolations(page, state);
  if (isPhone) await expectPhoneLayout(page);
}

/** Types into a field after moving to it, as a keyboard user does. */
async function typeInto(field: Locator, text: string): Promise<void> {
  await field.focus();
  await field.page().keyboard.type(text);
}

/** As a keyboard user does: waits until the button can be used (a list being checked again disables its buttons), then Enter. */
async function press(button: Locator): Promise<void> {
  await expect(button).toBeEnabled();
  await button.focus();
  await button.press('Enter');
}

async function signInWithPassword(page: Page): Promise<void> {
  await openPage(page, `${site.url}/login`);
  await typeInto(page.getByLabel('E-mail'), ADMINISTRATOR.email);
  await typeInto(page.getByLabel('Password'), ADMINISTRATOR.password);
  await page.keyboard.press('Enter');
}

function activityList(page: Page): Locator {
  return page.getByRole('region', { name: 'Activity' }).getByRole('list', { name: 'Activity, newest first' });
}

/** The app's code for a time step. */
function codeAt(key: string, step: number): string {
  return appCode(key, step * STEP_MS);
}

test('two-step sign-in is set up and used by keyboard; ending another device signs it out at its next request', async ({
  page,
  browser,
  isPhone,
}) => {
  test.setTimeout(180_000);

  // The site requires two-step sign-in: after the password, only setting it up is offered.
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin');
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
  // The section may still say it is loading beside the notice, so the notice is found by its words.
  await expect(twoStep.getByRole('status').filter({ hasText: 'This website requires two-step sign-in for administrators' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Signed-in devices' })).toHaveCount(0);
  await expect(twoStep.getByRole('button', { name: 'Set up two-step sign-in' })).toBeVisible();
  await expectAccessible(page, 'two-step sign-in required', isPhone);

  // Enrolment: the QR code and the key; the code is the test's own RFC 6238 calculation.
  await press(twoStep.getByRole('button', { name: 'Set up two-step sign-in' }));
  await expect(twoStep.getByRole('heading', { name: 'Add this website to your authenticator app' })).toBeFocused();
  await expect(twoStep.getByRole('img', { name: 'QR code holding the key for your authenticator app' })).toBeVisible();
  await expectAccessible(page, 'two-step enrolment', isPhone);
  const key = (await twoStep.locator('.admin-two-step__key').innerText()).trim();
  await typeInto(twoStep.getByLabel('Code from the app'), '000000');
  await page.keyboard.press('Enter');
  await expect(twoStep.getByRole('alert')).toHaveText('That code is not right. Please type the 6 numbers your app shows now for this website.');
  await expectAccessible(page, 'two-step enrolment, wrong code', isPhone);
  const enrolledStep = Math.floor(Date.now() / STEP_MS);
  await typeInto(twoStep.getByLabel('Code from the app'), codeAt(key, enrolledStep));
  await page.keyboard.press('Enter');

  // Ten recovery codes, shown once; then the whole admin area opens.
  await expect(twoStep.getByRole('heading', { name: 'Two-step sign-in is on: your recovery codes' })).toBeFocused();
  const recoveryCodes = await twoStep.getByRole('listitem').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  await expectAccessible(page, 'recovery codes', isPhone);
  await press(twoStep.getByRole('button', { name: 'I have saved my recovery codes' }));
  await expect(twoStep.getByText('Two-step sign-in is on. You have 10 unused recovery codes.')).toBeFocused();
  await openAdminPage(page, 'Account');
  await expect(page.getByRole('region', { name: 'Signed-in devices' }).getByText('(this device)')).toBeVisible();
  await expectAccessible(page, 'the Account page', isPhone);
  await openAdminPage(page, 'Activity');
  await expect(activityList(page).getByText('Two-step sign-in turned on')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Checking)/ })).toHaveCount(0);
  await expectAccessible(page, 'the Activity page', isPhone);

  // A two-step sign-in: the code already used is refused, a fresh one signs in.
  await press(page.getByRole('button', { name: 'Sign out', exact: true }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administrator Login');
  await signInWithPassword(page);
  const code = page.getByLabel('Code');
  await expect(code).toBeFocused();
  await expectAccessible(page, 'second step of signing in', isPhone);
  await page.keyboard.type(codeAt(key, enrolledStep));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Please type the 6 numbers your app shows now, or one of your recovery codes.',
  );
  await expect(page.getByRole('alert')).toBeFocused();
  await expectAccessible(page, 'second step, wrong code', isPhone);
  // The next step's code (the server allows one step of drift), or the current one once time has moved on.
  await typeInto(code, codeAt(key, Math.max(enrolledStep + 1, Math.floor(Date.now() / STEP_MS))));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin');

  // A second browser signs in with a recovery code.
  const other = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'en-IE', timezoneId: 'Europe/Dublin' });
  try {
    const otherPage = await other.newPage();
    await signInWithPassword(otherPage);
    await expect(otherPage.getByLabel('Code')).toBeFocused();
    await otherPage.keyboard.type(recoveryCodes[0] ?? '');
    await otherPage.keyboard.press('Enter');
    await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Admin');
    await openAdminPage(otherPage, 'Account');
    const otherDevices = otherPage.getByRole('region', { name: 'Signed-in devices' });
    await expect(otherDevices.getByText('(this device)')).toBeVisible();

    // The first browser sees it and signs it out.
    await openAdminPage(page, 'Account');
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await press(devices.getByRole('button', { name: 'Check the list again' }));
    const endOther = devices.getByRole('button', { name: /^Sign out .*, 127\.0\.0\.1$/ });
    await expect(endOther).toHaveCount(1);
    await press(endOther);
    const ended = devices.getByRole('status').filter({ hasText: 'That device has been signed out.' });
    await expect(ended).toHaveText('That device has been signed out. It will be asked to sign in again.');
    await expect(ended).toBeFocused();
    await expect(endOther).toHaveCount(0);
    await expectAccessible(page, 'a device signed out', isPhone);

    // The other browser's next request finds its session gone, and it is on the login page.
    await press(otherDevices.getByRole('button', { name: 'Check the list again' }));
    await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Administrator Login');
    await expect(otherPage.getByRole('status').filter({ hasText: 'You have been signed out.' })).toHaveText(
      'You have been signed out. Sign in again to make more changes.',
    );
  } finally {
    await other.close();
  }

  // The activity shows it all, and filters by kind.
  await openAdminPage(page, 'Activity');
  const activity = page.getByRole('region', { name: 'Activity' });
  await press(activity.getByRole('button', { name: 'Check for new activity' }));
  await expect(activityList(page).getByText('Recovery code used')).toBeVisible();
  await expect(activityList(page).getByText('Signed out a device')).toBeVisible();
  await activity.getByLabel('Kind').focus();
  await activity.getByLabel('Kind').selectOption('second-step-failed');
  await expect(activity.getByRole('listitem')).toHaveCount(1);
  await expect(activity.getByRole('listitem')).toContainText('Wrong two-step code');
  await expectAccessible(page, 'activity filtered', isPhone);
});
