import type { Page } from '@playwright/test';
import { BOOKING_MESSAGES } from '../../src-core/domain/bookings';
import { openAdminPage, pdfBytes, signInAsAdministrator } from './support/admin';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/checks';
import { expect, test } from './support/fixtures';

/** A date some weeks ahead, 'YYYY-MM-DD', so the event is upcoming whenever the suite runs. */
function weeksAhead(weeks: number): string {
  return new Date(Date.now() + weeks * 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * An upcoming event that takes bookings, made through the API as the administrator signed in on
 * `page` (its cookies go with page.request): the file, its details, its booking settings.
 */
async function eventTakingBookings(page: Page, title: string, places = 10): Promise<{ id: string; path: string }> {
  const name = `${title}.pdf`;
  const path = `events/${name}`;
  const upload = await page.request.post(`/api/files?${new URLSearchParams({ folder: 'events', name })}`, {
    headers: { 'content-type': 'application/octet-stream' },
    data: pdfBytes(title),
  });
  expect(upload.ok()).toBe(true);
  const details = await page.request.put(`/api/events/details?${new URLSearchParams({ path })}`, {
    data: {
      details: { title, start: `${weeksAhead(6)}T13:00`, end: '', allDay: false, timeZone: 'Europe/Dublin', venue: 'Parish Hall', town: 'Athlone', description: '' },
    },
  });
  expect(details.ok()).toBe(true);
  const settings = await page.request.put(`/api/event-bookings/settings?${new URLSearchParams({ path })}`, {
    data: { settings: { places, closesAt: '', maxPlacesPerBooking: 2, question: 'Any dietary or access needs?' } },
  });
  expect(settings.ok()).toBe(true);
  return { id: title, path };
}

async function signedInEvent(page: Page, title: string): Promise<{ id: string; path: string }> {
  await signInAsAdministrator(page);
  return eventTakingBookings(page, title);
}

test('@phone-only with JavaScript: a member books, is confirmed with the calendar file, and cancels through the button', async ({ browser, baseURL, page }, testInfo) => {
  const title = `Summer Lunch ${Date.now()}`;
  const event = await signedInEvent(page, title);
  // The visitor is someone else: a fresh browser, not signed in.
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const visitor = await context.newPage();
  await visitor.goto(`/events/${encodeURIComponent(event.id)}`);
  const section = visitor.locator('#booking');
  await expect(section.getByText('10 places left')).toBeVisible();
  await expectNoAxeViolations(visitor, 'event page with its booking form');
  await expectNoSidewaysScroll(visitor);

  await section.getByRole('button', { name: 'Book my place' }).click();
  await expect(section.getByLabel('Your name')).toBeFocused();
  await expectNoAxeViolations(visitor, 'booking form with its errors');

  const email = `mary.${Date.now()}@example.org`;
  await section.getByLabel('Your name').fill('Mary Byrne');
  await section.getByLabel('E-mail address').fill(email);
  await section.getByLabel('Number of places').selectOption('2');
  await section.getByRole('button', { name: 'Book my place' }).click();

  const outcome = section.getByRole('status').filter({ hasText: 'You are booked' });
  await expect(outcome).toContainText(BOOKING_MESSAGES.booked(2));
  await expect(outcome).toBeFocused();
  await expect(section.getByText(`An e-mail with these details is on its way to ${email}`)).toBeVisible();
  const calendar = section.getByRole('link', { name: 'Add to my calendar (.ics file)' });
  expect((await visitor.request.get((await calendar.getAttribute('href')) ?? '')).headers()['content-type']).toContain('text/calendar');
  await expectNoAxeViolations(visitor, 'booked');
  await visitor.screenshot({ path: testInfo.outputPath('booked-375.png'), fullPage: true });

  await section.getByRole('link', { name: 'Cancel this booking' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Cancel a booking' })).toBeVisible();
  await expect(visitor.getByText('Mary Byrne')).toBeVisible();
  await expectNoAxeViolations(visitor, 'cancel page');
  await visitor.getByRole('button', { name: 'Cancel my booking' }).click();
  await expect(visitor.getByRole('status')).toHaveText(BOOKING_MESSAGES.cancelled);
  await expectNoAxeViolations(visitor, 'cancelled');
  await context.close();
});

test('@phone-only without JavaScript: a refused booking comes back with what was typed; then booked, confirmed, and cancelled through the button', async ({
  browser,
  baseURL,
  page,
}) => {
  const title = `Autumn Lunch ${Date.now()}`;
  const event = await signedInEvent(page, title);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const visitor = await context.newPage();
  await visitor.goto(`/events/${encodeURIComponent(event.id)}`);
  const form = visitor.locator('#booking form');
  await form.getByLabel('Your name').fill('Joan Walsh');
  await form.getByRole('button', { name: 'Book my place' }).click();

  await expect(visitor).toHaveURL(/\?outcome=.*#booking$/);
  await expect(form.getByLabel('Your name')).toHaveValue('Joan Walsh');
  await expect(form.getByLabel('E-mail address')).toHaveAccessibleDescription(/Please give an e-mail address or a phone number/);
  // axe runs as a script, so each state the visitor saw is checked at its address in a page that runs one.
  const withAxe = async (state: string) => {
    await page.goto(visitor.url());
    await expectNoAxeViolations(page, state);
  };
  await withAxe('booking refused without script');

  await form.getByLabel('Phone number').fill('090 123 4567');
  await form.getByRole('button', { name: 'Book my place' }).click();
  await expect(visitor).toHaveURL(/\/booked\?outcome=/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'You are booked' })).toBeVisible();
  await expect(visitor.getByText('We have no e-mail address for you')).toBeVisible();
  await withAxe('confirmation page');

  await visitor.getByRole('link', { name: 'Cancel this booking' }).click();
  await visitor.getByRole('button', { name: 'Cancel my booking' }).click();
  await expect(visitor).toHaveURL(/\/bookings\/cancelled\?outcome=/);
  await expect(visitor.getByRole('status')).toHaveText(BOOKING_MESSAGES.cancelled);
  await withAxe('cancelled page');
  await context.close();
});

test('the organiser adds a booking taken by phone and prints the list for the door', async ({ page }, testInfo) => {
  const title = `Spring Outing ${Date.now()}`;
  await signedInEvent(page, title);
  // The event was made through the API after the admin area loaded its list: load the page again.
  await page.reload();
  await openAdminPage(page, 'Events');
  const panel = page.locator('.admin-event', { has: page.getByRole('heading', { level: 2, name: title }) }).locator('.event-bookings');
  await expect(panel.locator('.event-bookings__count')).toHaveText('0 of 10');
  await panel.getByRole('button', { name: `See the bookings for ${title}` }).click();
  await expectNoAxeViolations(page, 'bookings shown');

  const phone = panel.getByRole('form', { name: 'Add a booking taken by phone' });
  await phone.getByLabel('Name').fill('Nora Keane');
  await phone.getByLabel('Phone number').fill('091 555 0101');
  await phone.getByLabel('Places').fill('2');
  await phone.getByRole('button', { name: 'Add the booking' }).click();
  await expect(panel.getByRole('status')).toHaveText('Nora Keane is booked.');
  await expect(panel.getByRole('table', { name: 'Booked' }).getByRole('rowheader', { name: 'Nora Keane (by phone)' })).toBeVisible();
  await expect(panel.locator('.event-bookings__count')).toHaveText('2 of 10');
  await expectNoAxeViolations(page, 'phone booking added');
  await page.screenshot({ path: testInfo.outputPath('event-bookings-admin.png'), fullPage: true });

  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await panel.getByRole('button', { name: `Print the list for the door: ${title}` }).click();
  await page.emulateMedia({ media: 'print' });
  // On paper the list stands alone at the end of the page, outside the event's panel.
  const doorList = page.locator('.door-list');
  await expect(doorList).toBeVisible();
  // Paper only: hidden from screen readers, so found by its markup.
  await expect(doorList.locator('tbody tr')).toHaveCount(1);
  await expect(doorList).toContainText('Nora Keane');
  await page.screenshot({ path: testInfo.outputPath('door-list-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
});
