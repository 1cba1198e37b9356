import { describe, expect, onTestFinished, test } from 'vitest';
import type { MemberMailPort } from '../../src-core/ports/member-mail.port';
import type { SubscriptionPort } from '../../src-core/ports/subscription.port';
import { SUBSCRIPTION_TEXTS } from '../../src-core/domain/subscription';
import { rejectsWithKind } from '../support/core-error';

/** What a backend gives the subscriptions contract: a visitor's port, an administrator's, and the mail that went out. */
export interface SubscriptionsHarness {
  readonly subscriptions: SubscriptionPort;
  readonly memberMail: MemberMailPort;
  /** The plain text of every confirmation mail sent to the address, oldest first. */
  confirmationMails(email: string): Promise<string[]>;
  /** The token the address's mail carries to leave the list (in every mailing's footer). */
  unsubscribeToken(email: string): Promise<string>;
  cleanup(): Promise<void>;
}

async function harnessFrom(makeHarness: () => Promise<SubscriptionsHarness>): Promise<SubscriptionsHarness> {
  const harness = await makeHarness();
  onTestFinished(() => harness.cleanup());
  return harness;
}

function tokenIn(text: string | undefined): string {
  const token = /token=([\w.-]+)/.exec(text ?? '')?.[1];
  if (token === undefined) throw new Error(`No token in the confirmation mail:\n${text}`);
  return token;
}

async function listed(memberMail: MemberMailPort, search = '') {
  const list = await memberMail.listSubscribers(search);
  return { counts: list.counts, rows: list.subscribers.map(({ email, confirmed }) => ({ email, confirmed })) };
}

/** The behaviour every backend's news by e-mail shares: asking, confirming, leaving, and the administrator's list. */
export function subscriptionsContract(name: string, makeHarness: () => Promise<SubscriptionsHarness>): void {
  describe(`Subscriptions contract: ${name}`, () => {
    test('a request sends one confirmation mail; its token confirms once, and the address is then on the list', async () => {
      const { subscriptions, memberMail, confirmationMails } = await harnessFrom(makeHarness);

      await subscriptions.subscribe({ email: 'ann.kelly@example.org', name: 'Ann Kelly', form: 'home' });

      expect((await listed(memberMail)).rows).toEqual([{ email: 'ann.kelly@example.org', confirmed: false }]);
      const mails = await confirmationMails('ann.kelly@example.org');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('Please confirm: news by e-mail');
      await subscriptions.confirm(tokenIn(mails[0]));
      const after = await listed(memberMail);
      expect(after.rows).toEqual([{ email: 'ann.kelly@example.org', confirmed: true }]);
      expect(after.counts).toMatchObject({ confirmed: 1, pending: 0 });
      const error = await rejectsWithKind(subscriptions.confirm(tokenIn(mails[0])), 'not-found');
      expect(error.message).toBe(SUBSCRIPTION_TEXTS.confirmationNotValid);
    });

    test('an address already on the list is answered alike and mailed nothing more', async () => {
      const { subscriptions, confirmationMails } = await harnessFrom(makeHarness);
      await subscriptions.subscribe({ email: 'joan@example.org', name: '', form: 'news' });
      await subscriptions.confirm(tokenIn((await confirmationMails('joan@example.org'))[0]));

      await subscriptions.subscribe({ email: 'joan@example.org', name: '', form: 'footer' });

      expect(await confirmationMails('joan@example.org')).toHaveLength(1);
    });

    test('a token nobody was sent confirms nothing', async () => {
      const { subscriptions } = await harnessFrom(makeHarness);

      await rejectsWithKind(subscriptions.confirm(`${'0'.repeat(64)}.${'a'.repeat(32)}`), 'not-found');
      await rejectsWithKind(subscriptions.confirm('nonsense'), 'not-found');
    });

    test('a malformed address is refused naming the field, and a filled hidden field stores and sends nothing', async () => {
      const { subscriptions, memberMail, confirmationMails } = await harnessFrom(makeHarness);

      const error = await rejectsWithKind(subscriptions.subscribe({ email: 'not-an-address', name: '', form: 'home' }), 'invalid-input');
      expect(Object.keys(error.fieldErrors ?? {})).toEqual(['email']);
      await subscriptions.subscribe({ email: 'robot@example.org', name: '', form: 'home', website: 'http://spam.example' });

      expect((await listed(memberMail)).rows).toEqual([]);
      expect(await confirmationMails('robot@example.org')).toEqual([]);
    });

    test('the token in the mail takes the address off the list; a second click resolves alike', async () => {
      const { subscriptions, memberMail, confirmationMails, unsubscribeToken } = await harnessFrom(makeHarness);
      await subscriptions.subscribe({ email: 'mary@example.org', name: 'Mary', form: 'home' });
      await subscriptions.confirm(tokenIn((await confirmationMails('mary@example.org'))[0]));
      const token = await unsubscribeToken('mary@example.org');

      await subscriptions.unsubscribe(token);
      await subscriptions.unsubscribe(token);

      expect((await listed(memberMail)).rows).toEqual([]);
    });

    test('an administrator adds an address with a note of consent, finds it, and removes or erases it', async () => {
      const { memberMail } = await harnessFrom(makeHarness);

      const mary = await memberMail.addSubscriber({ email: 'mary.byrne@example.org', name: 'Mary Byrne', consentNote: 'paper form at the AGM, 12 March' });
      const joan = await memberMail.addSubscriber({ email: 'joan@example.org', name: '', consentNote: 'phone call' });

      expect(mary).toMatchObject({ confirmed: true, name: 'Mary Byrne', consent: { form: 'admin', wording: 'paper form at the AGM, 12 March' } });
      expect((await listed(memberMail, 'byrne')).rows).toEqual([{ email: 'mary.byrne@example.org', confirmed: true }]);
      expect((await listed(memberMail)).counts).toMatchObject({ confirmed: 2, pending: 0 });
      await rejectsWithKind(memberMail.addSubscriber({ email: 'MARY.BYRNE@example.org', name: '', consentNote: 'again' }), 'conflict');
      await rejectsWithKind(memberMail.addSubscriber({ email: 'someone@example.org', name: '', consentNote: ' ' }), 'invalid-input');
      expect((await memberMail.subscriberRecord(mary.id)).subscriber?.email).toBe('mary.byrne@example.org');

      await memberMail.removeSubscriber(mary.id);
      await memberMail.eraseSubscriber(joan.id);

      expect((await listed(memberMail)).rows).toEqual([]);
      await rejectsWithKind(memberMail.subscriberRecord(joan.id), 'not-found');
      await rejectsWithKind(memberMail.removeSubscriber(mary.id), 'not-found');
    });
  });
}
