import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/debian-chromium';

// Debian's Chromium, never a downloaded browser.
const chromium = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] };

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two workers on a two-core machine, each with a main site and SMTP peer of its own
  // (tests/e2e/global-setup.ts), so one worker's uploads, edits and mail outages never reach the
  // other's pages. Tests in one file run in order in one worker.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: chromium,
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    locale: 'en-IE',
    timezoneId: 'Europe/Dublin',
  },
  projects: [
    // Every journey runs once, at a phone's width: most readers are on phones, and a journey that
    // works at 375 px with the menu folded away works at any width.
    { name: 'phone', use: { viewport: { width: 375, height: 740 } }, grepInvert: /@desktop-only/ },
    // The named layout set at 1280 px: tests tagged @desktop (the wide navigation, axe on every
    // route in the wide layout) and @desktop-only (journeys that change shared state once, print).
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grep: /@desktop/ },
    // The hosted build (Firebase, Contentful, EmailJS) against its fakes in the page, on a Vite dev
    // server that this project starts for itself (tests/e2e-hosted/support).
    { name: 'hosted', testDir: 'tests/e2e-hosted', use: { viewport: { width: 375, height: 740 } } },
  ],
});
