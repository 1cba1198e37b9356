/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter, which must be an object pattern even when empty. */
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { SAMPLE_DETAILS } from '../../src-core/domain/sample-details';
import { startStaticHostedSite, type StaticHostedSite } from './support/static-hosted-site';

// The hosted production build, prerendered and served as firebase.json says, in a browser with
// JavaScript turned off: what a visitor without script gets from a static host.
const test = base.extend<object, { staticSite: StaticHostedSite }>({
  staticSite: [
    async ({}, use, workerInfo) => {
      fs.mkdirSync(workerInfo.project.outputDir, { recursive: true });
      const site = await startStaticHostedSite(path.join(workerInfo.project.outputDir, `static-hosted-${workerInfo.project.name}.log`));
      await use(site);
      await site.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ staticSite }, use) => {
    await use(staticSite.url);
  },
});

test.use({ javaScriptEnabled: false });

const NOTICE = 'This page needs JavaScript on this website';

for (const { address, needs, instead } of [
  { address: '/news', needs: 'the news and newsletters are loaded by your browser', instead: SAMPLE_DETAILS.phone },
  { address: '/events', needs: 'the events are loaded by your browser', instead: SAMPLE_DETAILS.email },
  { address: '/documents', needs: 'the forms and documents are loaded by your browser', instead: SAMPLE_DETAILS.phone },
]) {
  test(`${address} says what needs JavaScript and what to do instead, and is not left loading`, async ({ page }) => {
    await page.goto(address);

    const notice = page.getByRole('note');
    await expect(notice.getByRole('heading', { name: NOTICE })).toBeVisible();
    await expect(notice).toContainText(needs);
    await expect(notice).toContainText("Please turn JavaScript on in your browser's settings");
    await expect(notice).toContainText(instead);
    const loading = await page.getByText(/^Loading/).all();
    expect(loading.length).toBeGreaterThan(0);
    for (const state of loading) await expect(state).toBeHidden();
  });
}

test("/contact gives the association's phone and e-mail instead of a form a static host cannot receive", async ({ page }) => {
  await page.goto('/contact');

  const notice = page.getByRole('note');
  await expect(notice).toContainText('the contact form is sent by your browser');
  await expect(notice.getByRole('link', { name: SAMPLE_DETAILS.phone })).toHaveAttribute('href', /^tel:/);
  await expect(notice.getByRole('link', { name: SAMPLE_DETAILS.email })).toHaveAttribute('href', `mailto:${SAMPLE_DETAILS.email}`);
  await expect(page.getByRole('button', { name: /Send/ })).toBeHidden();
});

test('/join says the application is sent by the browser and offers the printed form, with no form a static host cannot receive', async ({ page }) => {
  await page.goto('/join');

  await expect(page.getByRole('note')).toContainText('the application form is sent by your browser');
  await expect(page.getByRole('note')).toContainText('prints as a blank form');
  await expect(page.getByRole('button', { name: 'Send my application' })).toBeHidden();
});

test('/search and /display-settings say what they need JavaScript for, not that the admin area does', async ({ page }) => {
  await page.goto('/search?q=pension');
  await expect(page.getByRole('note')).toContainText('search runs in your browser');
  await expect(page.getByText(/admin area/)).toHaveCount(0);

  await page.goto('/display-settings');
  await expect(page.getByRole('note')).toContainText('the display settings are chosen in your browser');
  await expect(page.getByRole('note')).toContainText('press +');
  await expect(page.getByText(/admin area/)).toHaveCount(0);
});

test('an unknown address is a 404 page that reads without JavaScript', async ({ page }) => {
  const response = await page.goto('/feeds/news.atom');

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});
