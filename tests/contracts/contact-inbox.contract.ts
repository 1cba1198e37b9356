import { describe, expect, onTestFinished, test } from 'vitest';
import type { ContactInboxPort, MailPort } from '../../src-core/ports/mail.port';

/** What a backend that keeps messages gives this contract: the sending side and the administrator's inbox. */
export interface ContactInboxHarness {
  readonly mail: MailPort;
  /** Already allowed to read (an administrator signed in). */
  readonly inbox: ContactInboxPort;
  cleanup(): Promise<void>;
}

async function harnessFrom(makeHarness: () => Promise<ContactInboxHarness>): Promise<ContactInboxHarness> {
  const harness = await makeHarness();
  onTestFinished(() => harness.cleanup());
  return harness;
}

/** The behaviour every ContactInboxPort shares (only backends that store messages have one). */
export function contactInboxContract(name: string, makeHarness: () => Promise<ContactInboxHarness>): void {
  describe(`ContactInboxPort contract: ${name}`, () => {
    test('an empty inbox lists no messages', async () => {
      const { inbox } = await harnessFrom(makeHarness);

      expect((await inbox.listMessages()).messages).toEqual([]);
    });

    test('accepted messages are kept, newest first, with when they arrived and their delivery state', async () => {
      const { mail, inbox } = await harnessFrom(makeHarness);
      await mail.sendContactMessage({ name: 'First', email: 'first@example.org', message: 'One' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await mail.sendContactMessage({ name: 'Second', email: 'second@example.org', message: 'Two' });

      const { messages } = await inbox.listMessages();

      expect(messages.map((message) => message.name)).toEqual(['Second', 'First']);
      expect(messages[1]).toMatchObject({ email: 'first@example.org', message: 'One' });
      expect(new Set(messages.map((message) => message.id)).size).toBe(2);
      for (const message of messages) {
        expect(Number.isNaN(Date.parse(message.receivedAt))).toBe(false);
        expect(['pending', 'sent', 'failed', 'not-emailed']).toContain(message.delivery);
        expect(message.attempts).toBeGreaterThanOrEqual(0);
      }
    });
  });
}
