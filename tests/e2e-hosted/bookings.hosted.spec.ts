import type { Page } from '@playwright/test';
import { sampleEventDetails } from '../../mocks/hosted';
import { BOOKING_MESSAGES } from '../../src-core/domain/bookings';
import { expectNoAxeViolations } from '../e2e/support/checks';
import { openPage } from '../e2e/support/site-map';
import { expect, test } from './support/hosted-fixtures';

/** Opens an address in the running app, as a link in it does: the fakes live in the page, so a fresh load would start them afresh. */
async function followLink(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

// The sample event the hosted fakes seed (mocks/hosted.ts), its bookings turned on in the Firestore
// fake as the organiser's settings do. The booking, the count and the confirmation mail go there in
// one transaction, accepted by the shapes firestore.rules accept (mocks/firebase-firestore.ts).
test('a visitor books a place on an event page, sees the confirmation, and the confirmation mail is handed to the extension', async ({ page, fakes }) => {
  const event = sampleEventDetails();
  await openPage(page, '/');
  await fakes.openBookings({ id: 'Summer Outing', fullPath: 'events/Summer Outing.pdf', places: 10, title: event.title, when: 'on the day', where: 'Powerscourt Gardens, Enniskerry' });
  await followLink(page, '/events/Summer%20Outing');
  const section = page.locator('#booking');
  await expect(section.getByText('10 places left')).toBeVisible();

  await section.getByRole('button', { name: 'Book my place' }).click();
  await section.getByLabel('Your name').fill('Mary Byrne');
  await section.getByLabel('E-mail address').fill('mary@example.org');
  await section.getByLabel('Number of places').selectOption('2');
  await section.getByRole('button', { name: 'Book my place' }).click();

  const outcome = section.getByRole('status').filter({ hasText: 'You are booked' });
  await expect(outcome).toContainText(BOOKING_MESSAGES.booked(2));
  await expect(section.getByText('An e-mail with these details is on its way to mary@example.org')).toBeVisible();
  await expectNoAxeViolations(page, 'booked on the hosted site');
  const [mail] = await fakes.bookingMails('mary@example.org');
  expect(mail).toMatchObject({ template: 'booking-booked', data: { name: 'Mary Byrne', places: '2 places', title: event.title } });
  const cancel = await section.getByRole('link', { name: 'Cancel this booking' }).getAttribute('href');
  expect(cancel).toContain(`token=${mail?.data.token ?? 'missing'}`);
});
