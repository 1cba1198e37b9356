/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter, which must be an object pattern even when empty. */
import { test as base, expect } from '@playwright/test';
import { E2E_ENV, e2eValue, workerValue } from './e2e-env';
import type { ReceivedMail } from './mail-control';

export interface Mailbox {
  messages(): Promise<ReceivedMail[]>;
  /** Waits until exactly one received message contains the text, and returns it. */
  waitForOne(text: string): Promise<ReceivedMail>;
  /** Takes the mail server down: connections are refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

function createMailbox(controlUrl: string): Mailbox {
  const call = async (method: string, path: string): Promise<unknown> => {
    const response = await fetch(controlUrl + path, { method });
    if (!response.ok) throw new Error(`${method} ${path} on the SMTP peer responded with ${response.status}`);
    return response.json();
  };
  const messages = async () => (await call('GET', '/messages')) as ReceivedMail[];
  return {
    messages,
    async waitForOne(text) {
      await expect
        .poll(async () => (await messages()).filter((mail) => mail.text.includes(text)).length, {
          message: `a message containing "${text}" reaches the SMTP peer`,
          timeout: 30_000,
        })
        .toBe(1);
      const found = (await messages()).find((mail) => mail.text.includes(text));
      if (found === undefined) throw new Error('unreachable: polled above');
      return found;
    },
    async stop() {
      await call('POST', '/stop');
    },
    async start() {
      await call('POST', '/start');
    },
  };
}

interface Fixtures {
  /** The 375px project, where the menu collapses behind its button. */
  isPhone: boolean;
  /** The real SMTP peer the main site sends contact mail to. */
  mailbox: Mailbox;
  /** A second site started with SAMPLE_CONTENT=0: every list is empty there. */
  emptySiteURL: string;
}

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    await use(workerValue(E2E_ENV.siteUrls));
  },
  isPhone: async ({ viewport }, use) => {
    await use((viewport?.width ?? 1280) < 768);
  },
  mailbox: async ({}, use) => {
    await use(createMailbox(workerValue(E2E_ENV.mailControlUrls)));
  },
  emptySiteURL: async ({}, use) => {
    await use(e2eValue(E2E_ENV.emptySiteUrl));
  },
});

export { expect };
