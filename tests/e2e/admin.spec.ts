import type { BrowserContext, Page } from '@playwright/test';
import { deleteList, openAdminPage, pdfBytes, signInAsAdministrator, submitLogin, uploadForm } from './support/admin';
import { docxBytes } from '../support/zip-archive';
import { expectNoAxeViolations } from './support/checks';
import { ADMIN } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { chooseNavLink, openPage } from './support/site-map';

/**
 * Chromium's own network throttling, so a loopback upload takes about two seconds and shows its
 * progress. The DevTools session stays attached for the rest of the test: detaching drops it.
 */
async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const set = (upload: number) =>
    cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: upload });
  await set(bytesPerSecond);
  return { stop: () => set(-1) };
}

/** Every value the page's progress bar takes, recorded in the page as it changes. */
async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { e2eProgress: seen });
    new MutationObserver(() => {
      const value = document.querySelector('progress')?.getAttribute('value');
      if (value != null && seen.at(-1) !== Number(value)) seen.push(Number(value));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
  });
  return () => page.evaluate(() => (window as unknown as { e2eProgress: number[] }).e2eProgress);
}

test('a wrong password is refused with a message that does not say whether the account exists', async ({ page }) => {
  await openPage(page, '/login');

  await submitLogin(page, ADMIN.email, 'not the right password at all');
  const wrongPassword = page.getByRole('alert');
  await expect(wrongPassword).toBeVisible();
  const forKnownAccount = await wrongPassword.innerText();
  await page.reload();
  await submitLogin(page, `nobody.${Date.now()}@example.org`, 'not the right password at all');
  await expect(page.getByRole('alert')).toBeVisible();

  expect(await page.getByRole('alert').innerText()).toBe(forKnownAccount);
  await expect(page).toHaveURL(/\/login$/);
});

test('the guard sends a signed-out visitor from the shield to the login page', async ({ page }) => {
  await openPage(page, '/');

  await page.getByRole('link', { name: 'Administrator area' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administrator Login');
  await openPage(page, '/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test("signing in opens /admin with exactly the spec's parts and the admin navigation, and Sign out leaves it", async ({ page }) => {
  await signInAsAdministrator(page);

  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Upload Important Documents', 'Upload Events', 'Upload Newsletter', 'Delete Files']);
  await expect(page.getByRole('navigation', { name: 'Admin area' }).getByRole('link')).toHaveText([
    'Files',
    /^News \(\d+\)$/,
    /^Events \(\d+\)$/,
    /^Inbox( \(\d+ new\))?$/,
    /^Applications( \(\d+ new\))?$/,
    'Members',
    'Renewals',
    /^E-mail to members( \(\d+\))?$/,
    'Association details',
    'Visits',
    'Team',
    'Account',
    'Activity',
  ]);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await openPage(page, '/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('a file of the wrong type is refused before anything is sent', async ({ page }) => {
  await signInAsAdministrator(page);
  const form = uploadForm(page, 'Upload Events');
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/files')) uploads.push(request.url());
  });

  await form.getByLabel('Choose a file').setInputFiles({ name: 'minutes.txt', mimeType: 'text/plain', buffer: Buffer.from('minutes') });
  await form.getByRole('button', { name: 'Upload' }).click();

  await expect(form.getByRole('alert')).toContainText('Only PDF files can be uploaded here.');
  await expectNoAxeViolations(page, 'upload refused before sending');
  expect(uploads).toEqual([]);
});

// Every folder at 1280px; at 375px one folder here and a newsletter in the keyboard journey,
// which keeps the suite's run time down without leaving a width untried.
const FOLDERS = [
  { folder: 'root', form: 'Upload Important Documents', list: 'Important Documents', publicPath: '/documents', tag: ['@desktop-only'] },
  { folder: 'events', form: 'Upload Events', list: 'Events', publicPath: '/events', tag: [] },
  { folder: 'newsletters', form: 'Upload Newsletter', list: 'Newsletters', publicPath: '/news', tag: ['@desktop-only'] },
] as const;

for (const { folder, form: formHeading, list, publicPath, tag } of FOLDERS) {
  test(`an upload to ${folder} shows real progress and the popup, OK signs out, the file is public, then it is deleted`, { tag: [...tag] }, async ({
    page,
    context,
  }, testInfo) => {
    const title = `E2E ${folder} ${testInfo.project.name} ${Date.now()}`;
    const bytes = pdfBytes(title, 2_000_000);
    await signInAsAdministrator(page);
    const form = uploadForm(page, formHeading);
    await form.getByLabel('Choose a file').setInputFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: bytes });
    await expect(form).toContainText(`Ready to upload: ${title}.pdf`);

    // Upload: the bar moves through real percentages while the bytes go to the server.
    const throttle = await throttleUploads(context, page, 1_000_000);
    const progress = await recordProgress(page);
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(form.getByRole('progressbar')).toBeVisible();
    await expect(form.getByText(/^\d+%$/)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Cancel' })).toBeVisible();
    // The popup: focus on OK, and OK signs the administrator out.
    const popup = page.getByRole('dialog', { name: 'Upload Successful!' });
    await expect(popup).toBeVisible({ timeout: 20_000 });
    await throttle.stop();
    const values = await progress();
    expect(values.filter((value) => value > 0 && value < 100).length, `progress seen: ${values.join(', ')}`).toBeGreaterThanOrEqual(3);
    expect(values, 'progress only goes up').toEqual([...values].sort((a, b) => a - b));
    await expect(popup).toContainText('Your file has been uploaded successfully.');
    await expect(popup.getByRole('button', { name: 'OK' })).toBeFocused();
    await expectNoAxeViolations(page, 'upload popup open');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // On the public page, opening in a new tab, with exactly the uploaded bytes.
    await openPage(page, publicPath);
    // The file's own link, which opens in a new tab (an event's title also links to its page).
    const link = page.getByRole('link', { name: new RegExp(title) }).and(page.locator('[target="_blank"]'));
    await expect(link).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    const href = (await link.getAttribute('href')) ?? '';
    await expect.poll(() => tab.url()).toBe(new URL(href, page.url()).href);
    const download = await page.request.get(href);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect((await download.body()).equals(bytes)).toBe(true);
    await tab.close();

    // Signed in again: delete it, confirming a question that names it.
    await signInAsAdministrator(page);
    const files = deleteList(page, list);
    await files.getByRole('button', { name: `Delete ${title}` }).click();
    const question = files.getByRole('group', { name: `Delete "${title}"? This cannot be undone.` });
    await expect(question.getByRole('button', { name: 'No, keep it' })).toBeFocused();
    await expectNoAxeViolations(page, 'delete confirmation open');
    await question.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByRole('region', { name: 'Delete Files' }).getByRole('status').filter({ hasText: `"${title}" was deleted.` })).toBeVisible();
    await expect(files.getByText(title)).toHaveCount(0);

    await openPage(page, publicPath);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  });
}

// At 375px, where the PDF journey above does not run for the root folder.
test('a Word join form uploaded to Important Documents is offered on /documents as Word, byte for byte', { tag: ['@phone-only'] }, async ({ page }, testInfo) => {
  const title = `E2E Word ${testInfo.project.name} ${Date.now()}`;
  const bytes = docxBytes(`${title}: membership application form`);
  const wordType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  await signInAsAdministrator(page);
  const form = uploadForm(page, 'Upload Important Documents');
  await form.getByLabel('Choose a file').setInputFiles({ name: `${title}.docx`, mimeType: wordType, buffer: bytes });
  await expect(form).toContainText(`Ready to upload: ${title}.docx`);

  await form.getByRole('button', { name: 'Upload' }).click();
  const popup = page.getByRole('dialog', { name: 'Upload Successful!' });
  await expect(popup).toBeVisible({ timeout: 20_000 });
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await openPage(page, '/documents');
  const link = page.getByRole('link', { name: new RegExp(title) });
  await expect(link).toContainText('Word');
  const download = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(download.headers()['content-type']).toBe(wordType);
  expect((await download.body()).equals(bytes)).toBe(true);

  await signInAsAdministrator(page);
  const files = deleteList(page, 'Important Documents');
  await files.getByRole('button', { name: `Delete ${title}` }).click();
  await files.getByRole('group', { name: `Delete "${title}"? This cannot be undone.` }).getByRole('button', { name: 'Yes, delete' }).click();
  await expect(files.getByText(title)).toHaveCount(0);
});

test('a news post written in the admin area is read on /news, then deleted', async ({ page, isPhone }, testInfo) => {
  const title = `E2E post ${testInfo.project.name} ${Date.now()}`;
  const lines = ['The spring outing is to Glendalough on 12 May.', '', 'The bus leaves at nine from the usual place.'];
  await signInAsAdministrator(page);
  await openAdminPage(page, 'News');
  const posts = page.getByRole('region', { name: 'News' });

  await posts.getByLabel('Title').fill(title);
  await posts.getByLabel('Text of the post').fill(lines.join('\n'));
  await posts.getByRole('button', { name: 'Publish post' }).click();
  await expect(posts.getByRole('status').filter({ hasText: `"${title}" was published on the News page.` })).toBeVisible();

  await chooseNavLink(page, 'News', isPhone);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toContainText('The spring outing is to Glendalough on 12 May.');
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText([lines[0] ?? '', lines[2] ?? '']);

  await openPage(page, '/admin/news');
  await posts.getByRole('button', { name: `Delete ${title}` }).click();
  await posts.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(posts.getByRole('status').filter({ hasText: `The post "${title}" was deleted.` })).toBeVisible();
  await openPage(page, '/news');
  await expect(page.getByRole('heading', { name: 'Latest News' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
});

/** Presses Tab until the locator has focus, failing with the focus path if it never gets there. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit = 80): Promise<void> {
  const path: string[] = [];
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
    path.push(await page.evaluate(() => document.activeElement?.textContent?.trim().slice(0, 30) ?? ''));
  }
  throw new Error(`Tab never reached the target; focus went: ${path.join(' | ')}`);
}

/** True when two boxes touch or overlap (closer than 2 px), as fingers would find them. */
function touching(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  const gap = 2;
  return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
}

test('the admin pages at 375 px by keyboard: each is reached from the admin navigation, passes axe, and Delete touches no other control', { tag: '@phone-only' }, async ({ page }, testInfo) => {
  await signInAsAdministrator(page);
  const nav = page.getByRole('navigation', { name: 'Admin area' });
  await expect(nav.getByRole('link', { name: 'Files' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page, '/admin');
  await page.screenshot({ path: testInfo.outputPath('admin-files-375.png'), fullPage: true });

  // Every Delete button keeps clear of every other control on the page.
  const controls = await page.getByRole('main').locator('a[href], button, input, select, textarea').all();
  const describe = (control: (typeof controls)[number]) =>
    control.evaluate((element) => (element.textContent?.trim() || `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.getAttribute('type') ?? element.id}`));
  // Only what is shown: a closed disclosure's fields keep a box but are not there to touch.
  const shown = (control: (typeof controls)[number]) => control.evaluate((element) => element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }));
  const boxes = (await Promise.all(controls.map(async (control) => ({ box: (await shown(control)) ? await control.boundingBox() : null, text: await describe(control) })))).filter(
    (entry): entry is { box: NonNullable<typeof entry.box>; text: string } => entry.box !== null,
  );
  const deletes = boxes.filter((entry) => entry.text.startsWith('Delete '));
  expect(deletes.length).toBeGreaterThan(0);
  for (const del of deletes) {
    const neighbours = boxes.filter((other) => other !== del && touching(del.box, other.box)).map((other) => other.text);
    expect(neighbours, `controls touching '${del.text}'`).toEqual([]);
  }

  const pages = [
    ['News', '/admin/news'],
    ['Events', '/admin/events'],
    ['Inbox', '/admin/inbox'],
    ['Applications', '/admin/applications'],
    ['Members', '/admin/members'],
    ['Renewals', '/admin/renewals'],
    ['Association details', '/admin/details'],
    ['Team', '/admin/team'],
    ['Account', '/admin/account'],
    ['Activity', '/admin/activity'],
  ] as const;
  for (const [name, path] of pages) {
    await tabTo(page, nav.getByRole('link', { name: new RegExp(`^${name}\\b`) }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('status').filter({ hasText: /^(Loading|Preparing|Checking)/ })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: new RegExp(`^${name}\\b`) })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page, path);
    await page.screenshot({ path: testInfo.outputPath(`admin-${path.split('/').at(-1)}-375.png`), fullPage: true });
  }

  // The Events page names each event by its title and date; its editor's buttons keep apart.
  await openPage(page, '/admin/events');
  const first = page.getByRole('main').getByRole('button', { name: /^(Add|Change) event details/ }).first();
  await tabTo(page, first);
  await page.keyboard.press('Enter');
  const save = page.getByRole('button', { name: 'Save details' });
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(save).toBeVisible();
  expect(touching((await save.boundingBox())!, (await cancel.boundingBox())!)).toBe(false);
  await cancel.click();
});

test('the admin pages at 1280 px, for a look', { tag: '@desktop-only' }, async ({ page }, testInfo) => {
  await signInAsAdministrator(page);
  await page.screenshot({ path: testInfo.outputPath('admin-files-1280.png'), fullPage: true });
  for (const name of ['Events', 'Inbox', 'Account'] as const) {
    await openAdminPage(page, name);
    await expectNoAxeViolations(page, name);
    await page.screenshot({ path: testInfo.outputPath(`admin-${name.toLowerCase()}-1280.png`), fullPage: true });
  }
});
