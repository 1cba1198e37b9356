import { afterEach, expect, test } from 'vitest';
import { createHttpBackend } from '../../adapters/http/http-backend';
import { SUBSCRIPTION_MESSAGES } from '../../contract/subscriptions';
import type { MemberMailPort } from '../../src-core/ports/member-mail.port';
import { ADMIN, ADMIN_ENV, addTestAccounts, signedIn } from '../server/helpers/accounts';
import { startTestServer } from '../server/helpers/test-server';

// The http adapter for e-mail to members against the real server (no mail server set up).

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function memberMailAsAdministrator() {
  const server = await startTestServer({ env: ADMIN_ENV });
  cleanups.push(() => server.close());
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const memberMail: MemberMailPort | undefined = createHttpBackend({ baseUrl: server.baseUrl, fetch: jar.fetch }).memberMail;
  if (memberMail === undefined) throw new Error('The http backend lost e-mail to members.');
  return { server, memberMail };
}

test('an address added by hand is listed with its note, found by search, its record read, and taken off or erased', async () => {
  const { server, memberMail } = await memberMailAsAdministrator();

  const mary = await memberMail.addSubscriber({ email: 'mary@example.org', name: 'Mary Byrne', consentNote: 'paper form at the AGM, 12 March' });
  const joan = await memberMail.addSubscriber({ email: 'joan@example.org', name: '', consentNote: 'phone call' });

  const all = await memberMail.listSubscribers('');
  expect(all.counts.confirmed).toBe(2);
  expect(all.emailSetUp).toBe(false);
  expect(all.exportHref).toBe(`${server.baseUrl}/api/subscribers/export.csv`);
  expect(mary).toMatchObject({ confirmed: true, name: 'Mary Byrne', consent: { form: 'admin', wording: 'paper form at the AGM, 12 March' } });
  expect((await memberMail.listSubscribers('byrne')).subscribers.map((one) => one.email)).toEqual(['mary@example.org']);
  await expect(memberMail.addSubscriber({ email: 'MARY@example.org', name: '', consentNote: 'again' })).rejects.toMatchObject({
    kind: 'conflict',
    message: SUBSCRIPTION_MESSAGES.alreadySubscribed,
  });

  const record = await memberMail.subscriberRecord(mary.id);
  expect(record.subscriber?.email).toBe('mary@example.org');

  await memberMail.removeSubscriber(mary.id);
  await memberMail.eraseSubscriber(joan.id);
  expect((await memberMail.listSubscribers('')).subscribers).toEqual([]);
  await expect(memberMail.subscriberRecord(joan.id)).rejects.toMatchObject({ kind: 'not-found' });
});

test('a mailing from a news post is made and previewed; without a mail server it cannot be tested or sent', async () => {
  const { server, memberMail } = await memberMailAsAdministrator();
  const post = server.app.posts.create({ title: 'Annual General Meeting', body: 'Our AGM is in Dublin.' }, '2026-03-01T10:00:00.000Z');

  const mailing = await memberMail.createMailing({ kind: 'news', ref: post.id });
  expect(mailing).toMatchObject({ subject: 'Annual General Meeting', state: 'draft', progress: { sent: 0, failed: 0, waiting: 0 } });
  const preview = await memberMail.previewMailing(mailing.id);
  expect(preview.subject).toBe('Annual General Meeting');
  expect(preview.html).toContain('Annual General Meeting');
  expect(preview.text).toContain('Our AGM is in Dublin.');
  expect((await memberMail.listMailings()).mailings.map((one) => one.id)).toEqual([mailing.id]);
  expect((await memberMail.getMailing(mailing.id)).state).toBe('draft');

  await expect(memberMail.sendTest(mailing.id)).rejects.toMatchObject({ kind: 'conflict', message: SUBSCRIPTION_MESSAGES.emailNotSetUp });
  await expect(memberMail.sendMailing(mailing.id)).rejects.toMatchObject({ kind: 'conflict', message: SUBSCRIPTION_MESSAGES.emailNotSetUp });
  await expect(memberMail.pauseMailing(mailing.id)).rejects.toMatchObject({ kind: 'conflict', message: SUBSCRIPTION_MESSAGES.notSending });
  await expect(memberMail.createMailing({ kind: 'newsletter', ref: 'Nothing.pdf' })).rejects.toMatchObject({ kind: 'not-found' });
});
