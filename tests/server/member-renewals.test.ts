import { expect, test } from 'vitest';
import { MEMBERSHIP_PATHS, applicationListSchema, applicationPath, memberPath, personDataSchema } from '../../contract/membership';
import { SUBSCRIPTION_PATHS } from '../../contract/subscriptions';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import type { CookieJarFetch } from './helpers/cookie-jar';
import { startListSmtpPeer } from './helpers/list-smtp-peer';
import { imported, queuedMail } from './helpers/member-list';
import { application, apply, mailEnv, mailsTo, subjectOf } from './helpers/membership';
import { createTestClock, HOUR } from './helpers/test-clock';
import { startTestServer, type TestServer } from './helpers/test-server';

const DAY = 24 * HOUR;
// The test clock starts on 21 November 2026 at 09:00 UTC; the year runs from 1 January, so the
// 'before' reminder falls due on 30 November and the 'after' one on 14 January 2027.
const TO_30_NOVEMBER = 9 * DAY + HOUR;
const TO_15_JANUARY = 46 * DAY;

const SETTINGS = { yearStartsOn: '01-01', feeCents: 2500, howToPay: 'By bank transfer to IE29 AIBK 9311 5212 3456 78, with your membership number.', remindersOn: true };

/** Active with e-mail and due (1); deceased (2), lapsed (3), without e-mail (4), paid ahead (5): only 1 is reminded. */
const MEMBERS = [
  'Number,Name,Address,Email,Status,Joined,Paid until',
  '1,Aoife Active,1 Main Street,aoife@example.org,active,2020-01-01,2026-12-31',
  '2,Brid Deceased,2 Main Street,brid@example.org,deceased,2020-01-01,2026-12-31',
  '3,Ciara Lapsed,3 Main Street,ciara@example.org,lapsed,2020-01-01,2025-12-31',
  '4,Deirdre Post,4 Main Street,,active,2020-01-01,2026-12-31',
  '5,Eileen Ahead,5 Main Street,eileen@example.org,active,2020-01-01,2027-12-31',
].join('\n');

async function adminOf(server: TestServer): Promise<CookieJarFetch> {
  await addTestAccounts(server.app);
  return signedIn(server.baseUrl, ADMIN);
}

function renewalMails(server: TestServer) {
  return queuedMail(server).filter((mail) => mail.kind.startsWith('renewal-'));
}

test('each renewal reminder goes once per member and year, across restarts: a month before the year ends and once after; none to the deceased, lapsed, those without e-mail or paid ahead', async () => {
  const peer = await startListSmtpPeer();
  const clock = createTestClock();
  const first = await startTestServer({ env: mailEnv(peer.port), clock: clock.now });
  const admin = await adminOf(first);
  await admin.fetch(`${first.baseUrl}${MEMBERSHIP_PATHS.membershipSettings}`, { method: 'PUT', ...json(SETTINGS) });
  await imported(first, admin, MEMBERS);
  const earlySweep = first.app.renewalReminders.sweep();
  await first.close();

  clock.advance(TO_30_NOVEMBER);
  const second = await startTestServer({ env: mailEnv(peer.port), clock: clock.now, dataDir: first.dataDir });
  await expect.poll(() => mailsTo(peer, 'aoife@example.org').length).toBe(1);
  const sweepAgain = second.app.renewalReminders.sweep();
  await second.close();
  const third = await startTestServer({ env: mailEnv(peer.port), clock: clock.now, dataDir: first.dataDir });
  const afterRestart = renewalMails(third);
  await third.close();

  clock.advance(TO_15_JANUARY);
  const fourth = await startTestServer({ env: mailEnv(peer.port), clock: clock.now, dataDir: first.dataDir });
  await expect.poll(() => mailsTo(peer, 'aoife@example.org').length).toBe(2);
  await fourth.close();
  const fifth = await startTestServer({ env: mailEnv(peer.port), clock: clock.now, dataDir: first.dataDir });
  const sweepAfter = fifth.app.renewalReminders.sweep();
  const [before, after] = await Promise.all(mailsTo(peer, 'aoife@example.org').map((mail) => mail.parsed()));

  expect(earlySweep).toBe(0);
  expect(sweepAgain).toBe(0);
  expect(afterRestart.map((mail) => [mail.kind, mail.member_number, mail.state])).toEqual([['renewal-before', 1, 'sent']]);
  expect(sweepAfter).toBe(0);
  expect(renewalMails(fifth).map((mail) => [mail.kind, mail.address])).toEqual([
    ['renewal-before', 'aoife@example.org'],
    ['renewal-after', 'aoife@example.org'],
  ]);
  expect(mailsTo(peer, 'aoife@example.org').map(subjectOf)).toEqual(['Time to renew your membership', 'Your membership is due for renewal']);
  expect(before?.text).toContain('Your membership year ends on 31 December 2026');
  expect(before?.text).toContain('Your membership number is 1.');
  expect(before?.text).toContain('The yearly membership fee is €25.00.');
  expect(before?.text).toContain(SETTINGS.howToPay);
  expect(after?.text).toContain('Your membership year of the Retired Nurses Association of Ireland ended on 31 December 2026');
  for (const nobody of ['brid@example.org', 'ciara@example.org', 'eileen@example.org']) expect(mailsTo(peer, nobody)).toEqual([]);
});

test('with reminders turned off, nothing is queued, even once due', async () => {
  const clock = createTestClock();
  const first = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  const admin = await adminOf(first);
  await admin.fetch(`${first.baseUrl}${MEMBERSHIP_PATHS.membershipSettings}`, { method: 'PUT', ...json({ ...SETTINGS, remindersOn: false }) });
  await imported(first, admin, MEMBERS);
  await first.close();

  clock.advance(TO_30_NOVEMBER);
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now, dataDir: first.dataDir });

  expect(server.app.renewalReminders.sweep()).toBe(0);
  expect(renewalMails(server)).toEqual([]);
});

test('marking a member deceased drops every mail waiting for them, removes their address from the news list, and nothing reaches them afterwards', async () => {
  const clock = createTestClock();
  // No mail server yet: every mail waits in the queue.
  const first = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  const admin = await adminOf(first);
  await apply(first, application());
  await apply(first, application({ name: 'Sean Daly', email: 'sean@example.org' }));
  const list = applicationListSchema.parse(await (await admin.fetch(`${first.baseUrl}${MEMBERSHIP_PATHS.applications}?state=new`)).json());
  for (const each of list.applications) await admin.fetch(`${first.baseUrl}${applicationPath(each.id, 'approve')}`, { method: 'POST' });
  await admin.fetch(`${first.baseUrl}${SUBSCRIPTION_PATHS.subscribers}`, { method: 'POST', ...json({ email: 'Mary.Byrne@example.org', consentNote: 'Asked at the AGM' }) });
  clock.advance(TO_30_NOVEMBER);
  const queuedReminders = first.app.renewalReminders.sweep();
  const waitingBefore = queuedMail(first).filter((mail) => mail.address === 'mary.byrne@example.org' && mail.state === 'waiting').map((mail) => mail.kind);
  const mary = list.applications.find((each) => each.name === 'Mary Byrne');
  const number = first.app.members.byApplication(Number(mary?.id))?.number ?? 0;

  const marked = await (await signedIn(first.baseUrl, ADMIN)).fetch(`${first.baseUrl}${memberPath(number)}`, { method: 'PATCH', ...json({ status: 'deceased' }) });
  const waitingAfter = queuedMail(first).filter((mail) => mail.address.toLowerCase() === 'mary.byrne@example.org');
  const subscriber = first.app.subscribers.getByEmail('mary.byrne@example.org');
  const sweptAgain = first.app.renewalReminders.sweep();
  await first.close();
  const peer = await startListSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port), clock: clock.now, dataDir: first.dataDir });
  await expect.poll(() => mailsTo(peer, 'sean@example.org').map(subjectOf)).toContain('Time to renew your membership');
  const data = personDataSchema.parse(await (await signedIn(server.baseUrl, ADMIN)).fetch(`${server.baseUrl}${memberPath(number, 'data')}`).then((r) => r.json()));

  expect(queuedReminders).toBe(2);
  expect(waitingBefore).toEqual(['application-received', 'welcome', 'renewal-before']);
  expect(marked.status).toBe(200);
  expect(waitingAfter).toEqual([]);
  expect(subscriber).toBeUndefined();
  expect(sweptAgain).toBe(0);
  expect(mailsTo(peer, 'mary.byrne@example.org')).toEqual([]);
  expect(data.member).toMatchObject({ status: 'deceased', welcomeLetterToPost: false, renewalDue: false });
  expect(data.mail).toEqual([]);
});

test('an access export lists the renewal reminders sent to the member; erasure blanks their address', async () => {
  const peer = await startListSmtpPeer();
  const clock = createTestClock();
  const server = await startTestServer({ env: mailEnv(peer.port), clock: clock.now });
  const admin = await adminOf(server);
  await imported(server, admin, MEMBERS);
  clock.advance(TO_30_NOVEMBER);
  server.app.renewalReminders.sweep();
  server.app.memberMailSender?.kick();
  await expect.poll(() => mailsTo(peer, 'aoife@example.org').length).toBe(1);
  const again = await signedIn(server.baseUrl, ADMIN);

  const data = personDataSchema.parse(await (await again.fetch(`${server.baseUrl}${memberPath(1, 'data')}`)).json());
  const erased = await again.fetch(`${server.baseUrl}${memberPath(1)}`, { method: 'DELETE' });

  expect(data.mail.map((mail) => [mail.kind, mail.state])).toEqual([['renewal-before', 'sent']]);
  expect(erased.status).toBe(204);
  expect(renewalMails(server).map((mail) => [mail.address, mail.member_number])).toEqual([['', null]]);
  expect(server.app.db.prepare('SELECT * FROM renewal_reminders').all()).toEqual([]);
});

test('a member who resigned or died is erased with their payments 12 months after their status changed; active and lapsed members stay', async () => {
  const clock = createTestClock();
  const first = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  const admin = await adminOf(first);
  await imported(first, admin, MEMBERS.replace('2,Brid Deceased,2 Main Street,brid@example.org,deceased', '2,Brid Resigned,2 Main Street,brid@example.org,resigned'));
  await admin.fetch(`${first.baseUrl}${memberPath(2, 'payments')}`, { method: 'POST', ...json({ paidOn: '2026-01-10', amount: '25', method: 'cash' }) });
  clock.advance(30 * DAY);
  await (await signedIn(first.baseUrl, ADMIN)).fetch(`${first.baseUrl}${memberPath(4)}`, { method: 'PATCH', ...json({ status: 'deceased' }) });
  await first.close();
  const numbers = (server: TestServer) => server.app.members.all({}).map((member) => member.number);

  clock.advance(334 * DAY);
  const justBefore = await startTestServer({ env: ADMIN_ENV, clock: clock.now, dataDir: first.dataDir });
  const keptAtElevenMonths = numbers(justBefore);
  await justBefore.close();
  clock.advance(2 * DAY);
  const afterAYear = await startTestServer({ env: ADMIN_ENV, clock: clock.now, dataDir: first.dataDir });
  const afterResignation = numbers(afterAYear);
  const payments = afterAYear.app.db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM payments').get();
  await afterAYear.close();
  clock.advance(30 * DAY);
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now, dataDir: first.dataDir });

  expect(keptAtElevenMonths).toEqual([1, 2, 3, 4, 5]);
  expect(afterResignation).toEqual([1, 3, 4, 5]);
  expect(payments?.count).toBe(0);
  expect(numbers(server)).toEqual([1, 3, 5]);
});
