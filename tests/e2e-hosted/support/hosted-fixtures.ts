/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter, which must be an object pattern even when empty. */
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';
import { HOSTED_FAKES_CONTROL, type HostedFakesControl } from '../../../mocks/hosted-browser-control';
import { startHostedDevServer, type HostedDevServer } from './hosted-dev-server';

/** The fakes' control in the page (mocks/hosted-browser-control.ts), called from the test. */
export type Fakes = {
  [K in keyof HostedFakesControl]: (...args: Parameters<HostedFakesControl[K]>) => Promise<ReturnType<HostedFakesControl[K]>>;
};

type ConsoleProblem = 'error' | 'warning';

interface ConsoleWatch {
  /**
   * A message the journey must cause: the browser's own line for a request a fake refuses, or a
   * warning docs/behaviour.md#failures asks for (the contact form logs a failed send). Matched against the text
   * followed by the source's address in brackets; allowed once, and required.
   */
  expectMessage(type: ConsoleProblem, text: RegExp): void;
}

interface Fixtures {
  isPhone: boolean;
  fakes: Fakes;
  console: ConsoleWatch;
}

interface WorkerFixtures {
  hostedSite: HostedDevServer;
}

function fakesIn(page: Page): Fakes {
  function call<K extends keyof HostedFakesControl>(method: K) {
    return (...args: Parameters<HostedFakesControl[K]>) =>
      page.evaluate(
        ([name, member, values]) => {
          // The fakes start before the app, so once the page shows anything the control is there.
          const control = (window as unknown as Record<string, Record<string, (...a: unknown[]) => unknown> | undefined>)[name];
          const method = control?.[member];
          if (method === undefined) throw new Error(`window.${name}.${member} is missing: is this the hosted-fakes dev server?`);
          return method(...values);
        },
        [HOSTED_FAKES_CONTROL, method, args] as const,
      ) as Promise<ReturnType<HostedFakesControl[K]>>;
  }
  return {
    sentEmails: call('sentEmails'),
    failNextSend: call('failNextSend'),
    holdUploadChunks: call('holdUploadChunks'),
    releaseUploadChunks: call('releaseUploadChunks'),
    heldUploadChunks: call('heldUploadChunks'),
    acceptedUploadChunks: call('acceptedUploadChunks'),
    downloadUrl: call('downloadUrl'),
    confirmationTokens: call('confirmationTokens'),
    deliverMail: call('deliverMail'),
    openBookings: call('openBookings'),
    bookingMails: call('bookingMails'),
  };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // One dev server per worker; Playwright gives each width its own worker.
  hostedSite: [
    async ({}, use, workerInfo) => {
      // Beside the run's other results (test-results/), to read when a test fails.
      fs.mkdirSync(workerInfo.project.outputDir, { recursive: true });
      const site = await startHostedDevServer(path.join(workerInfo.project.outputDir, `vite-${workerInfo.project.name}.log`));
      await use(site);
      await site.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ hostedSite }, use) => {
    await use(hostedSite.url);
  },
  isPhone: async ({ viewport }, use) => {
    await use((viewport?.width ?? 1280) < 768);
  },
  fakes: async ({ page }, use) => {
    await use(fakesIn(page));
  },
  // Every page of every test: no console error, no warning (React's included) and no uncaught
  // error, apart from a warning the test names.
  console: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const expected: { type: ConsoleProblem; text: RegExp; seen: boolean }[] = [];
      page.on('console', (message: ConsoleMessage) => {
        const type = message.type();
        if (type !== 'error' && type !== 'warning') return;
        const line = `${message.text()} (${message.location().url})`;
        const allowed = expected.find((entry) => !entry.seen && entry.type === type && entry.text.test(line));
        if (allowed === undefined) problems.push(`${type}: ${line}`);
        else allowed.seen = true;
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use({ expectMessage: (type, text) => expected.push({ type, text, seen: false }) });
      expect(problems, `the console on ${page.url()}:\n${problems.join('\n')}`).toEqual([]);
      const missing = expected.filter(({ seen }) => !seen).map(({ type, text }) => `${type}: ${String(text)}`);
      expect(missing, 'expected console messages that never came').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
