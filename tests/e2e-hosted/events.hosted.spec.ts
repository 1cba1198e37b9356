import fs from 'node:fs';
import { sampleEventDetails } from '../../mocks/hosted';
import { openPage } from '../e2e/support/site-map';
import { expect, test } from './support/hosted-fixtures';

// The sample event the hosted fakes seed with its details (mocks/hosted.ts).
const EVENT = sampleEventDetails();

test("an event's .ics file, made in the browser on a static host, downloads with the event in it", async ({ page }) => {
  await openPage(page, '/events');
  await expect(page.getByText('Calendar apps cannot subscribe to our events on this website.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(EVENT.title) }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(EVENT.title);

  const calendar = page.getByRole('region', { name: 'Add to calendar' });
  const [download] = await Promise.all([page.waitForEvent('download'), calendar.getByRole('link', { name: 'Add to my calendar (.ics file)' }).click()]);
  const text = fs.readFileSync((await download.path()) ?? '', 'utf8');

  expect(download.suggestedFilename()).toBe(`${EVENT.title}.ics`);
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(text).toContain(`SUMMARY:${EVENT.title}\r\n`);
  expect(text).toContain('LOCATION:Powerscourt Gardens\\, Enniskerry\r\n');
  // 10.30 in Dublin in July is 9.30 UTC.
  expect(text).toContain(`DTSTART:${EVENT.start.slice(0, 4)}0704T093000Z\r\n`);
  await expect(calendar.getByRole('link', { name: /Google Calendar/ })).toBeVisible();
});

test('the news page says there is no feed to follow on this host', async ({ page }) => {
  await openPage(page, '/news');

  await expect(page.getByText('This website has no news feed for feed readers: please visit this page for the latest news.')).toBeVisible();
  await expect(page.getByRole('link', { name: /feed reader/ })).toHaveCount(0);
});
