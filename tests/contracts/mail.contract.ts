import { describe, expect, onTestFinished, test } from 'vitest';
import type { ContactMessage } from '../../src-core/domain/contact-message';
import type { MailPort } from '../../src-core/ports/mail.port';
import { rejectsWithKind } from '../support/core-error';

/** What a backend gives the mail contract: the port, and what reached the other side. */
export interface MailHarness {
  readonly mail: MailPort;
  /** The messages the backend accepted, as it keeps or forwards them (an inbox, a caught e-mail, a fake service). */
  received(): Promise<ContactMessage[]>;
  cleanup(): Promise<void>;
}

async function harnessFrom(makeHarness: () => Promise<MailHarness>): Promise<MailHarness> {
  const harness = await makeHarness();
  onTestFinished(() => harness.cleanup());
  return harness;
}

const valid: ContactMessage = {
  name: 'Mary Byrne',
  email: 'mary.byrne@example.org',
  message: 'Hello,\nWhen is the next branch meeting?',
};

/** The behaviour every MailPort shares, run against one backend. */
export function mailContract(name: string, makeHarness: () => Promise<MailHarness>): void {
  describe(`MailPort contract: ${name}`, () => {
    test('a valid message is accepted and arrives as written', async () => {
      const { mail, received } = await harnessFrom(makeHarness);

      await mail.sendContactMessage(valid);

      const arrived = await received();
      expect(arrived).toHaveLength(1);
      expect(arrived[0]).toMatchObject(valid);
    });

    test('a message with an empty field is refused as invalid input and goes nowhere', async () => {
      const { mail, received } = await harnessFrom(makeHarness);

      await rejectsWithKind(mail.sendContactMessage({ ...valid, name: '  ' }), 'invalid-input');
      await rejectsWithKind(mail.sendContactMessage({ ...valid, message: '' }), 'invalid-input');

      expect(await received()).toEqual([]);
    });

    test('a malformed e-mail address is refused, naming the field', async () => {
      const { mail, received } = await harnessFrom(makeHarness);

      const error = await rejectsWithKind(mail.sendContactMessage({ ...valid, email: 'not-an-address' }), 'invalid-input');

      expect(Object.keys(error.fieldErrors ?? {})).toEqual(['email']);
      expect(await received()).toEqual([]);
    });

    test('a message over the length limit is refused', async () => {
      const { mail, received } = await harnessFrom(makeHarness);

      await rejectsWithKind(mail.sendContactMessage({ ...valid, message: 'm'.repeat(5001) }), 'invalid-input');

      expect(await received()).toEqual([]);
    });
  });
}
