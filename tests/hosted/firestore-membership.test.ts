// @vitest-environment node
// Joining online on the hosted backend: the real firebase/firestore/lite SDK against the Firestore
// REST fake, whose access check mirrors firestore.rules, run through the applications contract.
import { http } from 'msw';
import { expect, test } from 'vitest';
import { createFirebaseAppLoader } from '../../adapters/firebase/firebase-app';
import { createFirebaseAuth } from '../../adapters/firebase/firebase-auth.adapter';
import { createFirestoreMembership, createFirestoreMembershipAdmin } from '../../adapters/firebase/firestore-membership.adapter';
import { FIRESTORE_COLLECTIONS } from '../../adapters/firebase/firestore-records';
import { createFirestoreLoader } from '../../adapters/firebase/firestore-subscriptions.adapter';
import { hostedError } from '../../adapters/hosted/error-table';
import { EMPTY_DETAILS } from '../../src-core/domain/association-details';
import { BRANCH_NOT_SURE } from '../../src-core/domain/membership-application';
import { letterText, membershipLetter } from '../../src-core/domain/membership-mail-text';
import { firebaseAuthHandlers } from '../../mocks/firebase-auth';
import { createFirestoreFake } from '../../mocks/firebase-firestore';
import { applicationsContract } from '../contracts/applications.contract';
import { rejectsWithKind } from '../support/core-error';
import { useFakeNetwork } from '../support/fake-network';
import { ADMIN, TEST_FIREBASE, uniqueAppName } from './hosted-samples';

const server = useFakeNetwork();
const ORIGIN = 'https://www.example.org';
const DETAILS = { ...EMPTY_DETAILS, contactName: 'The Membership Secretary', email: 'office@example.org', phone: '01 234 5678' };

/** The administrator's and a visitor's adapters on one Firestore fake. */
async function hostedJoining() {
  const fake = createFirestoreFake({ projectId: TEST_FIREBASE.projectId, adminEmails: [ADMIN.email] });
  server.use(...fake.handlers, ...firebaseAuthHandlers({ projectId: TEST_FIREBASE.projectId, accounts: [{ ...ADMIN, emailVerified: true }] }));
  const adminApp = createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('membership-admin'));
  const auth = createFirebaseAuth({ loadApp: adminApp, adminEmails: [ADMIN.email] });
  await auth.signIn(ADMIN);
  const membershipAdmin = createFirestoreMembershipAdmin({
    firestore: createFirestoreLoader(adminApp),
    session: auth,
    origin: ORIGIN,
    sessionOver: () => hostedError('auth', 'session-ended'),
    details: async () => DETAILS,
    timeZone: 'Europe/Dublin',
  });
  const membership = createFirestoreMembership({ firestore: createFirestoreLoader(createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('joining-visitor'))) });
  return { fake, membership, membershipAdmin };
}

applicationsContract('Firestore lite against the Firestore REST fake', async () => {
  const { fake, membership, membershipAdmin } = await hostedJoining();
  return {
    membership,
    membershipAdmin,
    async lettersTo(email) {
      return [...fake.list(FIRESTORE_COLLECTIONS.mail).values()]
        .filter((mail) => mail.to === email)
        .sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime())
        .map((mail) => {
          const message = mail.message as { subject: string; text: string };
          return { subject: message.subject, text: message.text };
        });
    },
    // Each letter is written out with its decision: none waits in a queue.
    holdLetters: () => () => {},
    cleanup: async () => {},
  };
});

test("the welcome letter is the self-hosted server's, with the reply going to the association", async () => {
  const { fake, membership, membershipAdmin } = await hostedJoining();
  await membership.apply({
    name: 'Mary Byrne',
    address: '4 Main Street',
    eircode: '',
    phone: '',
    email: 'mary@example.org',
    background: 'Ward sister.',
    nmbiPin: '',
    branch: BRANCH_NOT_SURE,
    newsletter: false,
    consent: true,
  });
  const [received] = (await membershipAdmin.listApplications('new')).applications;

  const { member } = await membershipAdmin.approve(received?.id ?? '');

  const [mail] = [...fake.list(FIRESTORE_COLLECTIONS.mail).values()];
  const expected = letterText(
    membershipLetter({ kind: 'welcome', origin: ORIGIN, name: 'Mary Byrne', note: null, memberNumber: member.number, branchName: undefined, details: DETAILS }),
  );
  expect(mail).toMatchObject({ to: 'mary@example.org', replyTo: 'office@example.org', message: expected });
  expect(fake.get(`${FIRESTORE_COLLECTIONS.counters}/members`)).toEqual({ last: member.number });
});

test('a declined application expires 90 days after the decision, by the time-to-live field', async () => {
  const { fake, membership, membershipAdmin } = await hostedJoining();
  await membership.apply({ name: 'Nora Hayes', address: '4 Main Street', eircode: '', phone: '', email: '', background: 'Ward sister.', nmbiPin: '', branch: BRANCH_NOT_SURE, newsletter: false, consent: true });
  const [nora] = (await membershipAdmin.listApplications('new')).applications;

  await membershipAdmin.decline(nora?.id ?? '', 'We take retired nurses only.');

  const stored = fake.get(`${FIRESTORE_COLLECTIONS.applications}/${nora?.id ?? ''}`);
  const days = ((stored?.expiresAt as Date).getTime() - (stored?.decidedAt as Date).getTime()) / (24 * 60 * 60 * 1000);
  expect(Math.round(days)).toBe(90);
});

test('a visitor reads no application, and may not write one of another shape', async () => {
  const { fake, membership } = await hostedJoining();
  fake.put(`${FIRESTORE_COLLECTIONS.applications}/seeded`, { state: 'new', name: 'Ann' });
  const visitorApp = createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('joining-prober'));
  const { sdk, db } = await createFirestoreLoader(visitorApp)();

  await expect(sdk.getDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.applications, 'seeded'))).rejects.toMatchObject({ code: 'permission-denied' });
  await expect(
    sdk.setDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.applications, 'forged'), { state: 'approved', name: 'Eve', receivedAt: sdk.serverTimestamp() }),
  ).rejects.toMatchObject({ code: 'permission-denied' });
  await expect(sdk.setDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.members, '1'), { name: 'Eve' })).rejects.toMatchObject({ code: 'permission-denied' });
  await rejectsWithKind(membership.apply({ name: 'x', address: '', eircode: '', phone: '', email: '', background: '', nmbiPin: '', branch: 'b1', newsletter: false, consent: true }), 'invalid-input');
  expect(fake.list(FIRESTORE_COLLECTIONS.applications).size).toBe(1);
});

test('an approval whose counter changed before it committed is tried again and takes the next free number', async () => {
  const { fake, membership, membershipAdmin } = await hostedJoining();
  fake.put(`${FIRESTORE_COLLECTIONS.counters}/members`, { last: 41 });
  await membership.apply({ name: 'Ann Kelly', address: '4 Main Street', eircode: '', phone: '', email: '', background: 'Ward sister.', nmbiPin: '', branch: BRANCH_NOT_SURE, newsletter: false, consent: true });
  const [ann] = (await membershipAdmin.listApplications('new')).applications;
  // Another administrator's approval lands between this one's read and its commit.
  let raced = false;
  server.use(
    http.post(/documents:commit/, () => {
      if (raced) return undefined;
      raced = true;
      fake.put(`${FIRESTORE_COLLECTIONS.counters}/members`, { last: 42 });
      fake.put(`${FIRESTORE_COLLECTIONS.members}/42`, { number: 42, name: 'Joan Walsh' });
      return undefined;
    }),
  );

  const { member } = await membershipAdmin.approve(ann?.id ?? '');

  expect(raced).toBe(true);
  expect(member.number).toBe(43);
  expect(fake.get(`${FIRESTORE_COLLECTIONS.members}/42`)).toMatchObject({ name: 'Joan Walsh' });
});

test('a member without e-mail waits for a welcome letter until it is marked posted, once', async () => {
  const { membership, membershipAdmin } = await hostedJoining();
  await membership.apply({ name: 'Joan Walsh', address: '4 Main Street', eircode: '', phone: '', email: '', background: 'Ward sister.', nmbiPin: '', branch: BRANCH_NOT_SURE, newsletter: false, consent: true });
  const [joan] = (await membershipAdmin.listApplications('new')).applications;
  const { member } = await membershipAdmin.approve(joan?.id ?? '');

  expect((await membershipAdmin.listMembers({ welcomeLetterToPost: true })).members.map((one) => one.name)).toEqual(['Joan Walsh']);
  await membershipAdmin.markWelcomeLetterPosted(member.number);

  expect((await membershipAdmin.listMembers({ welcomeLetterToPost: true })).members).toEqual([]);
  await rejectsWithKind(membershipAdmin.markWelcomeLetterPosted(member.number), 'conflict');
  expect((await membershipAdmin.getMember(member.number)).member).toMatchObject({ name: 'Joan Walsh', welcomeLetterToPost: false });
});
