// @vitest-environment node
// News by e-mail on the hosted backend: the real firebase/firestore/lite SDK against the Firestore
// REST fake, whose access check mirrors firestore.rules, run through the subscriptions contract.
import { createFirebaseAppLoader } from '../../adapters/firebase/firebase-app';
import { createFirebaseAuth } from '../../adapters/firebase/firebase-auth.adapter';
import { FIRESTORE_COLLECTIONS } from '../../adapters/firebase/firestore-records';
import { confirmationTemplate, createFirestoreLoader, createFirestoreMemberMail, createFirestoreSubscriptions } from '../../adapters/firebase/firestore-subscriptions.adapter';
import { hostedError } from '../../adapters/hosted/error-table';
import { confirmationPageUrl, confirmationText } from '../../src-core/domain/mail-text';
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

subscriptionsContract('Firestore lite against the Firestore REST fake', async () => {
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
  });
  // Opening the list writes the confirmation mail's template, as an administrator does once after a deploy.
  await memberMail.listSubscribers('');
  const subscriptions = createFirestoreSubscriptions({ firestore: createFirestoreLoader(createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('visitor'))) });
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
