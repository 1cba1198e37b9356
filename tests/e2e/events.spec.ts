import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { nextFileChooser, openAdminPage, pdfBytes, uploadForm, waitForAdminArea } from './support/admin';
import { expectFocusVisible, expectNoAxeViolations, expectPhoneLayout, tabTo } from './support/checks';
import { ADMIN } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { openPage, waitForContent } from './support/site-map';

/**
 * The next date at least two days ahead whose day and month are the same number (12/12/2026):
 * typed into a date box it means the same whether the browser's locale puts the day or the month
 * first, which Chromium takes from the system rather than the page.
 */
function sameDayAndMonthAhead() {
  const soonest = Date.now() + 2 * 24 * 60 * 60 * 1000;
  const two = (value: number) => String(value).padStart(2, '0');
  for (let year = new Date(soonest).getUTCFullYear(); ; year += 1) {
    for (let month = 1; month <= 12; month += 1) {
      if (Date.UTC(year, month - 1, month) < soonest) continue;
      return { typed: `${two(month)}${two(month)}${year}`, iso: `${year}-${two(month)}-${two(month)}` };
    }
  }
}

async function expectAccessible(page: Page, state: string, isPhone: boolean): Promise<void> {
  await expectNoAxeViolations(page, state);
  if (isPhone) await expectPhoneLayout(page);
}

/**
 * Chromium's date and time boxes take Tab to move between their own parts (day, month, year), so
 * after typing into one, Tab is pressed until the next box has focus, and focus is checked there.
 */
async function tabOutTo(page: Page, target: ReturnType<Page['getByLabel']>): Promise<void> {
  for (let press = 0; press < 6 && !(await target.evaluate((element) => element === document.activeElement)); press += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  await expectFocusVisible(page);
}

async function signInByKeyboard(page: Page): Promise<void> {
  await openPage(page, '/login');
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await waitForAdminArea(page);
}

test('by keyboard at 375px: an event uploaded with its details is on /events and its page, and its .ics file opens in a calendar', { tag: '@phone-only' }, async ({ page }, testInfo) => {
  // A short unique mark: a 13-digit number is wider than a 320 px screen at 200% text, which the
  // reflow test (run later on the same site) rightly refuses.
  const title = `E2E event ${testInfo.project.name} ${Date.now().toString(36)}`;
  const day = sameDayAndMonthAhead();
  await signInByKeyboard(page);

  const form = uploadForm(page, 'Upload Events');
  // Listening well before the key press, so the browser intercepts the chooser by then (nextFileChooser).
  const chooserOpened = nextFileChooser(page);
  await tabTo(page, form.getByLabel('Choose a file'), { maxStops: 100 });
  await page.keyboard.press('Space');
  const chooser = await chooserOpened;
  await chooser.setFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes(title) });
  await tabTo(page, form.getByText("Add the event's date, time and place (optional)"));
  await page.keyboard.press('Enter');
  await tabTo(page, form.getByLabel('Title', { exact: true }));
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Date', { exact: true })).toBeFocused();
  await page.keyboard.type(day.typed);
  await tabOutTo(page, form.getByLabel('Start time', { exact: true }));
  await page.keyboard.type('1430');
  await tabOutTo(page, form.getByLabel('End date', { exact: true }));
  await tabOutTo(page, form.getByLabel('End time', { exact: true }));
  await page.keyboard.type('1600');
  await tabOutTo(page, form.getByLabel('All day (no start or end time)'));
  await tabOutTo(page, form.getByLabel('Place', { exact: true }));
  await page.keyboard.type('Parish Hall');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Athlone');
  await page.keyboard.press('Tab');
  await page.keyboard.type('All members welcome.');
  await tabTo(page, form.getByRole('button', { name: 'Upload' }));
  await page.keyboard.press('Enter');
  const popup = page.getByRole('dialog', { name: 'Upload Successful!' });
  await expect(popup.getByRole('button', { name: 'OK' })).toBeFocused({ timeout: 20_000 });
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  // A visitor: the card on /events, then the event's page.
  await openPage(page, '/events');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toContainText(/Date: \w+day \d{1,2} \w+ \d{4}, 2\.30pm to 4pm/);
  await expect(card).toContainText('Location: Parish Hall, Athlone');
  await card.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('main')).toContainText('All members welcome.');
  await expectAccessible(page, 'event page', true);

  // Its calendar file downloads and holds the event at 2.30pm Irish time.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add to my calendar (.ics file)' }).click()]);
  expect(download.suggestedFilename()).toBe(`${title}.ics`);
  const ics = (await fs.readFile(await download.path())).toString('utf8').replace(/\r\n[ \t]/g, '');
  expect(ics).toContain(`SUMMARY:${title}`);
  expect(ics).toContain(`DTSTART;TZID=Europe/Dublin:${day.iso.replace(/-/g, '')}T143000`);
  expect(ics).toContain('LOCATION:Parish Hall\\, Athlone');
  expect(ics).toContain('BEGIN:VTIMEZONE');
});

test('the Events page with upcoming, undated and past events, the subscription and an event page all pass axe', async ({ page, isPhone }) => {
  await openPage(page, '/events');
  await waitForContent(page);
  await expect(page.getByRole('region', { name: 'Past events' })).toContainText('Sample event: Spring Walk');
  await expect(page.getByRole('link', { name: "Subscribe in your calendar app" })).toHaveAttribute('href', /^webcal:\/\/.+\/events\.ics$/);
  await expectAccessible(page, 'events with details', isPhone);

  await page.getByRole('link', { name: 'Sample event: Annual General Meeting', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sample event: Annual General Meeting');
  await expect(page.getByRole('region', { name: 'Add to calendar' }).getByRole('link', { name: /Google Calendar/ })).toHaveAttribute('target', '_blank');
  await expectAccessible(page, 'event page', isPhone);

  await openPage(page, '/events/Sample%20Event%20-%20Spring%20Walk');
  await expect(page.getByText('This event has taken place.')).toBeVisible();
  await expectAccessible(page, 'past event page', isPhone);

  await openPage(page, '/events/No%20such%20event');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Event not found');
  await expectAccessible(page, 'event not found', isPhone);
});

test("the admin area's Events page: adding details to an event file opens a form that passes axe, and Cancel returns focus", async ({ page, isPhone }) => {
  await signInByKeyboard(page);
  await openAdminPage(page, 'Events');
  const list = page.getByRole('region', { name: 'Events' });
  // The sample lunch has its branch but no details, so they are added, not changed.
  const open = list.getByRole('button', { name: 'Add event details for Sample Event - Christmas Lunch' });

  await open.click();
  const editor = list.getByRole('form', { name: 'Event details for Sample Event - Christmas Lunch' });
  await expect(editor.getByLabel('Title')).toBeFocused();
  await expectAccessible(page, 'event details form open', isPhone);
  await editor.getByRole('button', { name: 'Cancel' }).click();

  await expect(open).toBeFocused();
});

test('a dated event moved to a new date by its date alone is saved, and the visitor sees the new date', async ({ page }, testInfo) => {
  const title = `Moved ${testInfo.project.name} ${Date.now().toString(36)}`;
  const isoDay = (daysAhead: number) => new Date(Date.now() + daysAhead * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const [first, moved] = [isoDay(20), isoDay(27)];
  await signInByKeyboard(page);

  const form = uploadForm(page, 'Upload Events');
  await form.getByLabel('Choose a file').setInputFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes(title) });
  await form.getByRole('button', { name: "Add the event's date, time and place (optional)" }).click();
  await form.getByLabel('Date', { exact: true }).fill(first);
  await form.getByLabel('Start time', { exact: true }).fill('14:30');
  await form.getByLabel('End time', { exact: true }).fill('16:00');
  await form.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('dialog', { name: 'Upload Successful!' }).getByRole('button', { name: 'OK' }).click();
  await signInByKeyboard(page);

  await openAdminPage(page, 'Events');
  const list = page.getByRole('region', { name: 'Events' });
  await list.getByRole('button', { name: `Change event details for ${title}` }).click();
  const editor = list.getByRole('form', { name: `Event details for ${title}` });
  await expect(editor.getByLabel('End date', { exact: true })).toHaveValue('');
  await editor.getByLabel('Date', { exact: true }).fill(moved);
  await editor.getByRole('button', { name: 'Save details' }).click();
  await expect(list.getByText(`The details of “${title}” were saved.`)).toBeVisible();

  await openPage(page, '/events');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  const day = new Date(`${moved}T12:00:00Z`);
  const longDate = `${day.getUTCDate()} ${day.toLocaleString('en-IE', { month: 'long', timeZone: 'UTC' })} ${day.getUTCFullYear()}`;
  await expect(card).toContainText(`${longDate}, 2.30pm to 4pm`);
});
