// @vitest-environment node
// News by e-mail on the hosted backend: the real firebase/firestore/lite SDK against the Firestore
// REST fake, whose access check mirrors firestore.rules, run through the subscriptions contract.
import { createFirebaseAppLoader } from '../../adapters/firebase/firebase-app';
import { createFirebaseAuth } from '../../adapters/firebase/firebase-auth.adapter';
import { FIRESTORE_COLLECTIONS } from '../../adapters/firebase/firestore-records';
import { confirmationTemplate, createFirestoreLoader, createFirestoreMemberMail, createFirestoreSubscriptions } from '../../adapters/firebase/firestore-subscriptions.adapter';
import { hostedError } from '../../adapters/hosted/error-table';
import { confirmationPageUrl, confirmationText, mailingText, type MailingContent } from '../../src-core/domain/mail-text';
import { rejectsWithKind } from '../support/core-error';
import { expect, test } from 'vitest';
import { firebaseAuthHandlers } from '../../mocks/firebase-auth';
import { createFirestoreFake, type FakeFields } from '../../mocks/firebase-firestore';
import { subscriptionsContract } from '../contracts/subscriptions.contract';
import { ADMIN, TEST_FIREBASE, uniqueAppName } from './hosted-samples';
import { useFakeNetwork } from '../support/fake-network';

const server = useFakeNetwork();
const ORIGIN = 'https://www.example.org';

/** What the Trigger Email extension would send for a mail document: its template filled in. */
function renderedText(mail: FakeFields, templates: Map<string, FakeFields>): string {
  const template = mail.template as { name: string; data: Record<string, string> };
  const text = String(templates.get(template.name)?.text ?? '');
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => template.data[key] ?? '');
}

const POST: MailingContent = { sourceKind: 'news', subject: 'Annual General Meeting', body: 'Our AGM is in Dublin.\nAll welcome.', link: `${ORIGIN}/article/agm` };

/** The administrator's and a visitor's adapters on one Firestore fake. */
async function hostedNewsByEmail() {
  const fake = createFirestoreFake({ projectId: TEST_FIREBASE.projectId, adminEmails: [ADMIN.email] });
  server.use(...fake.handlers, ...firebaseAuthHandlers({ projectId: TEST_FIREBASE.projectId, accounts: [{ ...ADMIN, emailVerified: true }] }));
  const adminApp = createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('subscriptions-admin'));
  const auth = createFirebaseAuth({ loadApp: adminApp, adminEmails: [ADMIN.email] });
  await auth.signIn(ADMIN);
  const memberMail = createFirestoreMemberMail({
    firestore: createFirestoreLoader(adminApp),
    session: auth,
    origin: ORIGIN,
    sessionOver: () => hostedError('auth', 'session-ended'),
    mailingContent: async (source) => (source.kind === 'news' && source.ref === 'agm' ? POST : undefined),
  });
  // Opening the list writes the confirmation mail's template, as an administrator does once after a deploy.
  await memberMail.listSubscribers('');
  const subscriptions = createFirestoreSubscriptions({ firestore: createFirestoreLoader(createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('visitor'))) });
  return { fake, memberMail, subscriptions };
}

subscriptionsContract('Firestore lite against the Firestore REST fake', async () => {
  const { fake, memberMail, subscriptions } = await hostedNewsByEmail();
  async function confirmationMails(email: string): Promise<string[]> {
    const templates = fake.list(FIRESTORE_COLLECTIONS.templates);
    return [...fake.list(FIRESTORE_COLLECTIONS.mail)]
      .filter(([id, mail]) => id.startsWith('confirm-') && mail.to === email)
      .sort(([, a], [, b]) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime())
        .map(([, mail]) => renderedText(mail, templates));
  }
  return {
    subscriptions,
    memberMail,
    confirmationMails,
    // The hosted backend's link to leave is the one its confirmation mail carried.
    async unsubscribeToken(email) {
      const mails = await confirmationMails(email);
      return /token=([\w.-]+)/.exec(mails[mails.length - 1] ?? '')?.[1] ?? '';
    },
    cleanup: async () => {},
  };
});

test("the extension's confirmation template, filled in, is the self-hosted server's confirmation mail", () => {
  const token = `${'ab'.repeat(32)}.${'Zz_-'.repeat(8)}`;
  const template = confirmationTemplate(ORIGIN);
  const filled = (text: string) => text.replace('{{token}}', token);

  const expected = confirmationText(confirmationPageUrl(ORIGIN, token));
  expect({ subject: template.subject, text: filled(template.text), html: filled(template.html) }).toEqual(expected);
  expect(template.text.match(/\{\{token\}\}/g)).toHaveLength(1);
});

test('a mailing is one mail document per confirmed subscriber, with the way out in its footer and headers; sending it again sends nothing again', async () => {
  const { fake, memberMail, subscriptions } = await hostedNewsByEmail();
  const mary = await memberMail.addSubscriber({ email: 'mary@example.org', name: 'Mary', consentNote: 'paper form' });
  await memberMail.addSubscriber({ email: 'joan@example.org', name: '', consentNote: 'phone call' });
  await subscriptions.subscribe({ email: 'waiting@example.org', name: '', form: 'home' });

  const mailing = await memberMail.createMailing({ kind: 'news', ref: 'agm' });
  expect(await memberMail.previewMailing(mailing.id)).toEqual(mailingText(POST, ORIGIN, 'preview'));
  const sending = await memberMail.sendMailing(mailing.id);

  const mailingMails = () => [...fake.list(FIRESTORE_COLLECTIONS.mail)].filter(([id]) => id.startsWith('mailing-'));
  expect(sending).toMatchObject({ state: 'sending', progress: { sent: 0, failed: 0, waiting: 2 } });
  expect(mailingMails().map(([, mail]) => mail.to).sort()).toEqual(['joan@example.org', 'mary@example.org']);
  const [maryId, toMary] = mailingMails().find(([, mail]) => mail.to === 'mary@example.org') ?? ['', {}];
  const token = /token=([\w.-]+)/.exec(String((toMary.message as FakeFields).text))?.[1] ?? '';
  expect(toMary.message).toEqual(mailingText(POST, ORIGIN, token));
  expect(toMary.headers).toEqual({ 'List-Unsubscribe': `<${ORIGIN}/unsubscribe?token=${token}>` });

  // The extension delivers Mary's and refuses Joan's; a second click must not write either again.
  fake.put(`${FIRESTORE_COLLECTIONS.mail}/${maryId}`, { ...toMary, delivery: { state: 'SUCCESS' } });
  const joanId = mailingMails().find(([, mail]) => mail.to === 'joan@example.org')?.[0] ?? '';
  fake.put(`${FIRESTORE_COLLECTIONS.mail}/${joanId}`, { ...fake.get(`${FIRESTORE_COLLECTIONS.mail}/${joanId}`), delivery: { state: 'ERROR', error: '550 No such mailbox' } });
  await memberMail.sendMailing(mailing.id);

  expect(mailingMails()).toHaveLength(2);
  expect(fake.get(`${FIRESTORE_COLLECTIONS.mail}/${maryId}`)?.delivery).toEqual({ state: 'SUCCESS' });
  expect(await memberMail.getMailing(mailing.id)).toMatchObject({ state: 'finished', progress: { sent: 1, failed: 1, waiting: 0 } });
  expect((await memberMail.subscriberRecord(mary.id)).mail).toEqual([expect.objectContaining({ kind: 'mailing', state: 'sent' })]);
  // Joan's refusal marks her address on the list, and the next mailing leaves her out.
  const list = await memberMail.listSubscribers('');
  expect(list.counts.notWorking).toBe(1);
  expect(list.subscribers.find((one) => one.email === 'joan@example.org')?.notWorking).toMatchObject({ reason: '550 No such mailbox' });
  const next = await memberMail.createMailing({ kind: 'news', ref: 'agm' });
  await memberMail.sendMailing(next.id);
  expect(mailingMails().filter(([id]) => id.startsWith(`mailing-${next.id}-`)).map(([, mail]) => mail.to)).toEqual(['mary@example.org']);
  // The link in Mary's mail takes her off the list.
  await subscriptions.unsubscribe(token);
  expect((await memberMail.listSubscribers('')).subscribers.map((one) => one.email)).toEqual(['joan@example.org', 'waiting@example.org']);
});

test('a test goes to the signed-in administrator only, marked as a test; a mailing cannot be paused, and a lost post is named', async () => {
  const { fake, memberMail } = await hostedNewsByEmail();
  await memberMail.addSubscriber({ email: 'mary@example.org', name: 'Mary', consentNote: 'paper form' });
  const mailing = await memberMail.createMailing({ kind: 'news', ref: 'agm' });

  await memberMail.sendTest(mailing.id);

  const sent = [...fake.list(FIRESTORE_COLLECTIONS.mail).values()];
  expect(sent.map((mail) => [mail.to, (mail.message as FakeFields).subject])).toEqual([[ADMIN.email, `[Test] ${POST.subject}`]]);
  expect((await memberMail.listMailings()).mailings).toEqual([expect.objectContaining({ id: mailing.id, state: 'draft' })]);
  const paused = await rejectsWithKind(memberMail.pauseMailing(mailing.id), 'conflict');
  expect(paused.message).toMatch(/cannot be paused/);
  await rejectsWithKind(memberMail.createMailing({ kind: 'news', ref: 'gone' }), 'not-found');
});
