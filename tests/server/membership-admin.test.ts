import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_PATHS,
  applicationListSchema,
  applicationPath,
  branchListSchema,
  branchPath,
  decisionSchema,
  memberListSchema,
  memberPath,
  personDataSchema,
} from '../../contract/membership';
import { MIGRATIONS } from '../../server/db/migrations';
import { ADMIN, ADMIN_ENV, MEMBER, addTestAccounts, json, signedIn } from './helpers/accounts';
import type { CookieJarFetch } from './helpers/cookie-jar';
import { startListSmtpPeer } from './helpers/list-smtp-peer';
import { addBranch, application, apply, auditKinds, mailEnv, mailsTo, subjectOf } from './helpers/membership';
import { createTestClock, HOUR } from './helpers/test-clock';
import { startTestServer, temporaryDir, type TestServer } from './helpers/test-server';

const DAY = 24 * HOUR;

async function adminOf(server: TestServer): Promise<CookieJarFetch> {
  await addTestAccounts(server.app);
  return signedIn(server.baseUrl, ADMIN);
}

/** Sends an application and returns its id, as the administrator's list shows it. */
async function applied(server: TestServer, admin: CookieJarFetch, extra: Record<string, unknown> = {}): Promise<string> {
  expect((await apply(server, application(extra))).status).toBe(202);
  const list = applicationListSchema.parse(await (await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.applications}?state=new`)).json());
  const newest = list.applications[0];
  if (newest === undefined) throw new Error('No application listed.');
  return newest.id;
}

function decide(server: TestServer, admin: CookieJarFetch, id: string, action: 'approve' | 'decline' | 'more-information', note?: string) {
  return admin.fetch(`${server.baseUrl}${applicationPath(id, action)}`, { method: 'POST', ...(note === undefined ? {} : json({ note })) });
}

test('each decision is taken once: a second approve or decline is a conflict that says why, even after a restart; numbers are never given twice', async () => {
  const peer = await startListSmtpPeer();
  const first = await startTestServer({ env: mailEnv(peer.port) });
  const admin = await adminOf(first);
  const mary = await applied(first, admin);
  const sean = await applied(first, admin, { name: 'Sean Daly', email: 'sean@example.org' });

  const approved = await decide(first, admin, mary, 'approve');
  const again = await decide(first, admin, mary, 'approve');
  const asked = await decide(first, admin, sean, 'more-information', 'Which hospital did you train in?');
  const askedAgain = await decide(first, admin, sean, 'more-information', 'And when?');
  await expect.poll(() => mailsTo(peer, 'mary.byrne@example.org').map(subjectOf)).toContain('Welcome to the Retired Nurses Association of Ireland');
  await expect.poll(() => mailsTo(peer, 'sean@example.org').map(subjectOf)).toContain('Your application to join: a question');
  await first.close();
  const server = await startTestServer({ env: mailEnv(peer.port), dataDir: first.dataDir });
  const adminAgain = await signedIn(server.baseUrl, ADMIN);
  const afterRestart = await decide(server, adminAgain, mary, 'decline', 'Changed our minds');
  const seanApproved = decisionSchema.parse(await (await decide(server, adminAgain, sean, 'approve')).json());
  // The highest number erased, a later member still gets a new one.
  expect((await adminAgain.fetch(`${server.baseUrl}${memberPath(seanApproved.member?.number ?? 0)}`, { method: 'DELETE' })).status).toBe(204);
  const nora = await applied(server, adminAgain, { name: 'Nora Walsh', email: 'nora@example.org' });
  const noraApproved = decisionSchema.parse(await (await decide(server, adminAgain, nora, 'approve')).json());
  const welcome = await mailsTo(peer, 'mary.byrne@example.org').find((mail) => subjectOf(mail).startsWith('Welcome'))?.parsed();
  const question = await mailsTo(peer, 'sean@example.org').find((mail) => subjectOf(mail).includes('a question'))?.parsed();

  expect(approved.status).toBe(200);
  expect(decisionSchema.parse(await approved.json()).member).toMatchObject({ number: 1, name: 'Mary Byrne', status: 'active', paidUntil: null, welcomeLetterToPost: false });
  expect(again.status).toBe(409);
  expect(((await again.json()) as { error: { message: string } }).error.message).toBe(MEMBERSHIP_MESSAGES.alreadyDecided('approved'));
  expect(asked.status).toBe(200);
  expect(askedAgain.status).toBe(409);
  expect(afterRestart.status).toBe(409);
  expect(seanApproved.member?.number).toBe(2);
  expect(noraApproved.member?.number).toBe(3);
  expect(welcome?.text).toContain('Your membership number is 1.');
  expect(question?.text).toContain('Which hospital did you train in?');
  expect(mailsTo(peer, 'mary.byrne@example.org').filter((mail) => subjectOf(mail).startsWith('Welcome'))).toHaveLength(1);
  expect(auditKinds(server)).toEqual(expect.arrayContaining(['application-approved', 'application-more-information', 'member-erased']));
});

test('a member without e-mail gets no mail: their welcome letter is listed to post until marked posted', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  const admin = await adminOf(server);
  const id = await applied(server, admin, { email: '' });

  const approved = decisionSchema.parse(await (await decide(server, admin, id, 'approve')).json());
  const toPost = memberListSchema.parse(await (await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.members}?welcomeLetterToPost=true`)).json());
  const posted = await admin.fetch(`${server.baseUrl}${memberPath(approved.member?.number ?? 0, 'welcome-letter-posted')}`, { method: 'POST' });
  const postedAgain = await admin.fetch(`${server.baseUrl}${memberPath(approved.member?.number ?? 0, 'welcome-letter-posted')}`, { method: 'POST' });
  const afterwards = memberListSchema.parse(await (await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.members}?welcomeLetterToPost=true`)).json());

  expect(toPost.members.map((member) => [member.name, member.welcomeLetterToPost])).toEqual([['Mary Byrne', true]]);
  expect(server.app.mailQueue.forApplication(Number(id))).toEqual([]);
  expect(posted.status).toBe(200);
  expect(postedAgain.status).toBe(409);
  expect(afterwards.members).toEqual([]);
});

test('a declined application is deleted once, 90 days after the decision, with its mail rows’ addresses', async () => {
  const clock = createTestClock();
  const first = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  const admin = await adminOf(first);
  const id = await applied(first, admin);
  const declined = await decide(first, admin, id, 'decline', 'We are sorry: membership is for retired nurses only.');
  await first.close();

  clock.advance(89 * DAY);
  const early = await startTestServer({ env: ADMIN_ENV, clock: clock.now, dataDir: first.dataDir });
  const keptAt89Days = early.app.applications.list(undefined).length;
  await early.close();
  clock.advance(DAY + HOUR);
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now, dataDir: first.dataDir });
  const left = server.app.applications.list(undefined).length;
  const secondLook = server.app.applications.deleteExpired(clock.now() - 90 * DAY, clock.now() - HOUR);
  const addresses = server.app.db.prepare<[], { address: string }>('SELECT address FROM mail_queue').all();

  expect(declined.status).toBe(200);
  expect(keptAt89Days).toBe(1);
  expect(left).toBe(0);
  expect(secondLook).toBe(0);
  expect(addresses).toEqual([]);
});

test('an access export holds everything stored about the person, their mail rows too; erasure removes them in one step; both are recorded', async () => {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port) });
  const admin = await adminOf(server);
  const id = await applied(server, admin);
  await decide(server, admin, id, 'approve');
  await expect.poll(() => mailsTo(peer, 'mary.byrne@example.org').length).toBe(2);
  // The mail server has the message a moment before the queue hears it took it.
  await expect.poll(() => server.app.db.prepare<[], { state: string }>("SELECT state FROM mail_queue WHERE state <> 'sent'").all()).toEqual([]);

  const exported = personDataSchema.parse(await (await admin.fetch(`${server.baseUrl}${applicationPath(id, 'data')}`)).json());
  const byMember = personDataSchema.parse(await (await admin.fetch(`${server.baseUrl}${memberPath(1, 'data')}`)).json());
  const erased = await admin.fetch(`${server.baseUrl}${applicationPath(id)}`, { method: 'DELETE' });
  const afterwards = await admin.fetch(`${server.baseUrl}${applicationPath(id, 'data')}`);
  const memberAfterwards = await admin.fetch(`${server.baseUrl}${memberPath(1)}`);
  const mailRows = server.app.db.prepare<[], { address: string; application_id: number | null }>('SELECT address, application_id FROM mail_queue').all();

  expect(exported.application).toMatchObject({ name: 'Mary Byrne', eircode: 'N91 F4E2', state: 'approved', memberNumber: 1 });
  expect(exported.member).toMatchObject({ number: 1, email: 'mary.byrne@example.org' });
  expect(exported.mail.map((mail) => [mail.kind, mail.state])).toEqual([
    ['application-received', 'sent'],
    ['application-notice', 'sent'],
    ['welcome', 'sent'],
  ]);
  expect(byMember).toEqual(exported);
  expect(erased.status).toBe(204);
  expect(afterwards.status).toBe(404);
  expect(memberAfterwards.status).toBe(404);
  expect(mailRows).toEqual([
    { address: '', application_id: null },
    { address: '', application_id: null },
    { address: '', application_id: null },
  ]);
  expect(auditKinds(server)).toEqual(expect.arrayContaining(['application-data-read', 'member-data-read', 'application-erased']));
});

test('erasing an applicant who asked for the news by e-mail takes their address off the news list too, and out of its mail rows', async () => {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port) });
  const admin = await adminOf(server);
  const id = await applied(server, admin, { newsletter: true });
  const listedBefore = server.app.subscribers.getByEmail('mary.byrne@example.org') !== undefined;

  const erased = await admin.fetch(`${server.baseUrl}${applicationPath(id)}`, { method: 'DELETE' });
  const addresses = server.app.db.prepare<[], { address: string }>('SELECT address FROM mail_queue').all().map((row) => row.address);

  expect(listedBefore).toBe(true);
  expect(erased.status).toBe(204);
  expect(server.app.subscribers.getByEmail('mary.byrne@example.org')).toBeUndefined();
  expect(addresses).not.toContain('mary.byrne@example.org');
});

test('branches: listed to everyone, added, renamed and removed by administrators, never removed while someone belongs to it; each change recorded', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  const admin = await adminOf(server);
  const cork = await addBranch(server, admin, 'Cork Branch');
  const galway = await addBranch(server, admin, 'Galway Branch');
  await applied(server, admin, { branch: cork });

  const duplicate = await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.branches}`, { method: 'POST', ...json({ name: 'cork branch' }) });
  const renamed = await admin.fetch(`${server.baseUrl}${branchPath(galway)}`, { method: 'PATCH', ...json({ name: 'Galway City Branch' }) });
  const inUse = await admin.fetch(`${server.baseUrl}${branchPath(cork)}`, { method: 'DELETE' });
  const removed = await admin.fetch(`${server.baseUrl}${branchPath(galway)}`, { method: 'DELETE' });
  const list = branchListSchema.parse(await (await fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.branches}`)).json());

  expect(duplicate.status).toBe(409);
  expect(renamed.status).toBe(200);
  expect(inUse.status).toBe(409);
  expect(((await inUse.json()) as { error: { message: string } }).error.message).toBe(MEMBERSHIP_MESSAGES.branchInUse(1, 0));
  expect(removed.status).toBe(204);
  expect(list.branches.map(({ id, name, slug }) => ({ id, name, slug }))).toEqual([{ id: cork, name: 'Cork Branch', slug: 'cork-branch' }]);
  expect(auditKinds(server)).toEqual(expect.arrayContaining(['branch-added', 'branch-renamed', 'branch-removed']));
});

test('a new site with sample content lists plainly fictional sample branches', async () => {
  const server = await startTestServer({ env: { ...ADMIN_ENV, SAMPLE_CONTENT: '1' } });

  const list = branchListSchema.parse(await (await fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.branches}`)).json());

  expect(list.branches).toHaveLength(3);
  expect(list.branches.every((branch) => branch.name.startsWith('Sample Branch') && branch.contactEmail.endsWith('@example.org') && / 555 /.test(branch.contactPhone))).toBe(true);
});

test('every membership route for administrators refuses a visitor (401) and a signed-in non-administrator (403), and changes nothing', async () => {
  const routes: { method: string; url: string }[] = [];
  const server = await startTestServer({
    env: ADMIN_ENV,
    onRoute: ({ method, url }) => {
      for (const each of [method].flat()) routes.push({ method: each, url });
    },
  });
  const admin = await adminOf(server);
  const id = await applied(server, admin);
  await decide(server, admin, id, 'approve');
  const member = await signedIn(server.baseUrl, MEMBER);
  const isPublic = (route: { method: string; url: string }) =>
    (route.method === 'POST' && route.url === MEMBERSHIP_PATHS.applications) || (route.method === 'GET' && route.url === MEMBERSHIP_PATHS.branches);
  const guarded = routes.filter(
    (route) => /^\/api\/(applications|members|branches)(\/|$)/.test(route.url) && route.method !== 'HEAD' && !isPublic(route),
  );

  const statuses = [];
  for (const route of guarded) {
    const url = `${server.baseUrl}${route.url.replace(':id', id).replace(':number', '1')}`;
    const init: RequestInit = route.method === 'GET' || route.method === 'DELETE' ? { method: route.method } : { method: route.method, ...json({ note: 'n', name: 'n' }) };
    statuses.push([route.method, route.url, (await fetch(url, init)).status, (await member.fetch(url, init)).status]);
  }

  expect(guarded.length).toBeGreaterThanOrEqual(14);
  expect(statuses).toEqual(guarded.map((route) => [route.method, route.url, 401, 403]));
  expect(server.app.applications.getById(Number(id))?.state).toBe('approved');
  expect(server.app.members.all({})).toHaveLength(1);
});

test('a database from before joining online is upgraded in place: queued mail keeps its rows and numbers, and membership mail can then be queued', async () => {
  const dataDir = temporaryDir('before-joining');
  const old = new Database(path.join(dataDir, 'site.db'));
  MIGRATIONS.slice(0, 9).forEach((sql) => old.exec(sql));
  old.pragma('user_version = 9');
  old.prepare("INSERT INTO mail_queue (id, kind, address, address_key, state, created_at) VALUES (7, 'confirmation', 'a@example.org', 'a@example.org', 'sent', 1)").run();
  old.prepare("DELETE FROM mail_queue WHERE id = 7").run();
  old.prepare("INSERT INTO mail_queue (id, kind, address, address_key, state, created_at) VALUES (5, 'confirmation', 'b@example.org', 'b@example.org', 'sent', 1)").run();
  old.close();

  const server = await startTestServer({ env: ADMIN_ENV, dataDir });
  await apply(server, application());
  const rows = server.app.db.prepare<[], { id: number; kind: string }>('SELECT id, kind FROM mail_queue ORDER BY id').all();

  expect(server.app.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  // Number 7 was used once, so the next row is 8: a Message-ID is never given to two mails.
  expect(rows).toEqual([
    { id: 5, kind: 'confirmation' },
    { id: 8, kind: 'application-received' },
  ]);
});

test('two approvals of one application at the same moment make one member', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  const admin = await adminOf(server);
  const id = await applied(server, admin);

  const statuses = (await Promise.all([decide(server, admin, id, 'approve'), decide(server, admin, id, 'approve')])).map((response) => response.status);

  expect(statuses.sort()).toEqual([200, 409]);
  expect(server.app.members.all({})).toHaveLength(1);
});

test('a question queued by an older version, with no note of its own in the queue, still goes with the application’s note', async () => {
  const first = await startTestServer({ env: ADMIN_ENV });
  const admin = await adminOf(first);
  const id = await applied(first, admin);
  expect((await decide(first, admin, id, 'more-information', 'Which hospital did you train in?')).status).toBe(200);
  // The row as an older version queued it, waiting while no mail server was set up.
  first.app.db.prepare("UPDATE mail_queue SET payload = NULL WHERE kind = 'more-information'").run();
  await first.close();

  const peer = await startListSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port), dataDir: first.dataDir });
  await expect.poll(() => mailsTo(peer, 'mary.byrne@example.org').map(subjectOf)).toContain('Your application to join: a question');
  const question = await mailsTo(peer, 'mary.byrne@example.org').find((mail) => subjectOf(mail).includes('a question'))?.parsed();

  expect(question?.text).toContain('Which hospital did you train in?');
  await server.close();
});
