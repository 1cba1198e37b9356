import { expect, test } from 'vitest';
import { APPLICATION_CONSENT_WORDING, JOIN_PAGES, MEMBERSHIP_MESSAGES } from '../../contract/membership';
import { ADMIN, ADMIN_ENV, addTestAccounts, signedIn } from './helpers/accounts';
import { startListSmtpPeer } from './helpers/list-smtp-peer';
import { addBranch, application, apply, auditKinds, mailEnv, mailsTo, subjectOf } from './helpers/membership';
import { freePort } from '../support/free-port';
import { createTestClock, HOUR } from './helpers/test-clock';
import { startTestServer, type TestServer } from './helpers/test-server';

function storedCount(server: TestServer): { applications: number; mail: number } {
  const count = (table: string) => server.app.db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()?.n ?? -1;
  return { applications: count('applications'), mail: count('mail_queue') };
}

test('with the mail server down the application is stored at once and its mails wait; they arrive once it is back, the notice naming only the applicant', async () => {
  const port = await freePort();
  const server = await startTestServer({ env: mailEnv(port) });

  const response = await apply(server, application({ eircode: 'n91f4e2' }));
  const [stored] = server.app.applications.list(undefined);
  const queuedFirst = server.app.mailQueue.forApplication(stored?.id ?? 0).map((mail) => mail.kind);
  await expect.poll(() => server.app.mailQueue.forApplication(stored?.id ?? 0)[0]?.state).toBe('failed-temporary');
  const peer = await startListSmtpPeer({ port });
  await expect.poll(() => peer.received.length).toBe(2);
  const received = await mailsTo(peer, 'mary.byrne@example.org')[0]?.parsed();
  const notice = await mailsTo(peer, 'committee@example.org')[0]?.parsed();
  const trail = auditKinds(server);
  // Before the peer, which waits for the server's open mail connection to end.
  await server.close();

  expect(response.status).toBe(202);
  expect(stored).toMatchObject({ state: 'new', name: 'Mary Byrne', eircode: 'N91 F4E2', nmbi_pin: '123456', consent_wording: APPLICATION_CONSENT_WORDING });
  expect(queuedFirst).toEqual(['application-received', 'application-notice']);
  expect(received?.subject).toBe('We have your application to join');
  expect(received?.text).toContain('a member of our committee will read it and be in touch');
  expect(received?.html).toContain('<h1');
  expect(notice?.subject).toBe('New membership application');
  expect(notice?.text).toContain('Mary Byrne');
  for (const personal of ['Main Street', 'mary.byrne@example.org', '123456', '044', 'Mater']) expect(notice?.text).not.toContain(personal);
  expect(trail).toContain('application-received');
});

test('bad input stores nothing and names every field to put right, in plain words', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });

  const response = await apply(server, application({ name: ' ', address: '\n \n', eircode: 'SW1A 1AA', email: 'mary at home', nmbiPin: 'PIN 12', branch: '99', consent: false, background: '' }));
  const body = (await response.json()) as { error: { kind: string; fieldErrors: Record<string, string> } };

  expect(response.status).toBe(400);
  expect(body.error.kind).toBe('invalid-input');
  expect(body.error.fieldErrors).toEqual({
    name: MEMBERSHIP_MESSAGES.name,
    address: MEMBERSHIP_MESSAGES.address,
    eircode: MEMBERSHIP_MESSAGES.eircode,
    email: MEMBERSHIP_MESSAGES.email,
    background: MEMBERSHIP_MESSAGES.background,
    nmbiPin: MEMBERSHIP_MESSAGES.nmbiPin,
    branch: MEMBERSHIP_MESSAGES.branch,
    consent: MEMBERSHIP_MESSAGES.consent,
  });
  expect(storedCount(server)).toEqual({ applications: 0, mail: 0 });
});

test('an application without e-mail is taken, and the newsletter box then asks for an address; the honeypot stores nothing', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });

  const noEmail = await apply(server, application({ email: '', phone: '' }));
  const boxWithoutEmail = await apply(server, application({ email: '', newsletter: true }));
  const robot = await apply(server, application({ website: 'http://spam.example' }));

  expect(noEmail.status).toBe(202);
  expect(server.app.applications.list(undefined).map((row) => [row.email, row.phone])).toEqual([[null, null]]);
  expect(boxWithoutEmail.status).toBe(400);
  expect(((await boxWithoutEmail.json()) as { error: { fieldErrors: unknown } }).error.fieldErrors).toEqual({ newsletter: MEMBERSHIP_MESSAGES.newsletterNeedsEmail });
  expect(robot.status).toBe(202);
  expect(storedCount(server).applications).toBe(1);
});

test('the newsletter box goes through the double opt-in: a confirmation, and nothing more until it is confirmed', async () => {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port) });

  expect((await apply(server, application({ newsletter: true }))).status).toBe(202);
  await expect.poll(() => mailsTo(peer, 'mary.byrne@example.org').length).toBe(2);

  expect(mailsTo(peer, 'mary.byrne@example.org').map(subjectOf).sort()).toEqual(['Please confirm: news by e-mail', 'We have your application to join']);
  expect(server.app.subscribers.counts()).toEqual({ confirmed: 0, pending: 1, notWorking: 0 });
  expect(server.app.subscribers.getByEmail('mary.byrne@example.org')?.consent.form).toBe('join');
});

test('applications are limited per e-mail address an hour, while a care home sharing one connection can still send many', async () => {
  const clock = createTestClock();
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now });

  const forOne = [];
  // Each try put right something in the one before, so none is the same submission again.
  for (let index = 0; index < 4; index += 1) forOne.push((await apply(server, application({ address: `${index + 1} Main Street, Ballymore` }))).status);
  const residents = [];
  for (let index = 0; index < 20; index += 1) residents.push((await apply(server, application({ email: `resident${index}@example.org` }))).status);
  const refused = await apply(server, application());
  clock.advance(HOUR);
  const later = await apply(server, application());

  expect(forOne).toEqual([202, 202, 202, 429]);
  expect(residents.every((status) => status === 202)).toBe(true);
  expect(refused.headers.get('retry-after')).not.toBeNull();
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(MEMBERSHIP_MESSAGES.tooManyForAddress);
  expect(later.status).toBe(202);
});

test('an application that arrives twice is stored once and acknowledged once: by its submission key, or by the same details within a minute', async () => {
  const port = await freePort();
  const peer = await startListSmtpPeer({ port });
  const clock = createTestClock();
  const server = await startTestServer({ env: mailEnv(port), clock: clock.now });

  const statuses = [(await apply(server, application(), 'key-of-the-first-press-0001')).status];
  // The browser sent the same request again over a new connection, minutes later.
  clock.advance(2 * 60 * 1000);
  statuses.push((await apply(server, application(), 'key-of-the-first-press-0001')).status);
  // A second try with the phone number put right, then the same again from a page without script.
  clock.advance(2 * 60 * 1000);
  const corrected = application({ phone: '044 765 4321' });
  statuses.push((await apply(server, corrected, 'key-of-a-second-try-0002')).status);
  statuses.push((await apply(server, corrected)).status);
  // An acknowledgement and the committee's notice for each application kept.
  await expect.poll(() => peer.received.length).toBe(4);
  const stored = server.app.applications.list(undefined).map((row) => row.phone);
  await server.close();

  expect(statuses).toEqual([202, 202, 202, 202]);
  expect(stored.sort()).toEqual(['044 123 4567', '044 765 4321']);
  expect(mailsTo(peer, 'mary.byrne@example.org')).toHaveLength(2);
});

test('the join form posted without script: refused, back to the form with every value and message kept; accepted, on to the thanks page', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const branch = await addBranch(server, await signedIn(server.baseUrl, ADMIN), 'Cork Branch');
  const form = (fields: Record<string, string>) =>
    fetch(`${server.baseUrl}${JOIN_PAGES.form}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const typed = { name: 'Nora Walsh', address: '3 Quay Street\nCork', eircode: 'T12 X', email: 'nora@example.org', background: 'Midwife, Cork.', branch, consent: 'on' };

  const refused = await form(typed);
  const token = new URL(refused.headers.get('location') ?? '', server.baseUrl).searchParams.get('outcome') ?? '';
  const accepted = await form({ ...typed, eircode: 't12x2y3', newsletter: 'on' });

  expect(refused.status).toBe(303);
  expect(refused.headers.get('location')).toMatch(/^\/join\?outcome=[\w-]+$/);
  expect(server.app.joinFormOutcomes.find(token)).toEqual({
    status: 400,
    message: MEMBERSHIP_MESSAGES.checkFields,
    fieldErrors: { eircode: MEMBERSHIP_MESSAGES.eircode },
    values: typed,
    retryAfterSeconds: undefined,
  });
  expect(accepted.status).toBe(303);
  expect(accepted.headers.get('location')).toBe(JOIN_PAGES.thanks);
  expect(server.app.applications.list(undefined).map((row) => [row.eircode, row.branch_id, row.newsletter])).toEqual([['T12 X2Y3', Number(branch), 1]]);
});

test('a join form posted from another website is refused, stores nothing, and goes back to the form with the reason and the values', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });

  const response = await fetch(`${server.baseUrl}${JOIN_PAGES.form}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
    body: new URLSearchParams({ name: 'Mary Byrne', address: '1 Main Street', background: 'Nurse', branch: 'not-sure', consent: 'on' }).toString(),
  });
  const token = new URL(response.headers.get('location') ?? '', server.baseUrl).searchParams.get('outcome') ?? '';

  expect(response.status).toBe(303);
  expect(server.app.joinFormOutcomes.find(token)).toMatchObject({ status: 403, values: { name: 'Mary Byrne', address: '1 Main Street' } });
  expect(storedCount(server).applications).toBe(0);
});
