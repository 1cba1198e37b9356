import { Readable } from 'node:stream';
import { expect, test } from 'vitest';
import {
  SUBSCRIPTION_CONSENT_WORDING,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PATHS,
  mailingPath,
  mailingSchema,
  subscriberDataSchema,
  subscriberListSchema,
  subscriberPath,
} from '../../contract/subscriptions';
import { auditListSchema } from '../../contract/wire';
import { samplePdf } from '../../server/content/sample-pdf';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import type { CookieJarFetch } from './helpers/cookie-jar';
import { startListSmtpPeer, type ListMail, type ListSmtpPeer } from './helpers/list-smtp-peer';
import { freePort } from '../support/free-port';
import { createTestClock, HOUR } from './helpers/test-clock';
import { startTestServer, type TestServer } from './helpers/test-server';

const DAY = 24 * HOUR;

function mailEnv(port: number, extra: Record<string, string> = {}) {
  return {
    ...ADMIN_ENV,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    CONTACT_TO: 'office@example.org',
    MAIL_FROM: 'news@example.org',
    MAIL_RETRY_SECONDS: '0.05',
    MAIL_RATE_PER_MINUTE: '0',
    ...extra,
  };
}

function subscribe(server: TestServer, email: string, extra: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.subscribe}`, { method: 'POST', ...json({ email, form: 'home', ...extra }) });
}

/** Header lines as one line each, as a mail program reads them. */
function headerLines(mail: ListMail): string[] {
  const head = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
  return head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
}

function header(mail: ListMail, name: string): string | undefined {
  const prefix = `${name.toLowerCase()}:`;
  return headerLines(mail)
    .find((line) => line.toLowerCase().startsWith(prefix))
    ?.slice(prefix.length)
    .trim();
}

function subjectOf(mail: ListMail): string {
  return header(mail, 'subject') ?? '';
}

function mailsTo(peer: ListSmtpPeer, email: string, subject: string): ListMail[] {
  return peer.received.filter((mail) => mail.to === email && subjectOf(mail).includes(subject));
}

async function confirmationToken(peer: ListSmtpPeer, email: string): Promise<string> {
  await expect.poll(() => mailsTo(peer, email, 'Please confirm').length).toBeGreaterThan(0);
  const mails = mailsTo(peer, email, 'Please confirm');
  const text = (await mails[mails.length - 1]?.parsed())?.text ?? '';
  const token = /token=([\w-]+)/.exec(text)?.[1];
  if (token === undefined) throw new Error(`No token in the confirmation mail:\n${text}`);
  return token;
}

function confirm(server: TestServer, token: string) {
  return fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.confirm}`, { method: 'POST', ...json({ token }) });
}

async function confirmedSubscriber(server: TestServer, peer: ListSmtpPeer, email: string): Promise<void> {
  expect((await subscribe(server, email)).status).toBe(202);
  expect((await confirm(server, await confirmationToken(peer, email))).status).toBe(204);
}

async function adminOf(server: TestServer): Promise<CookieJarFetch> {
  await addTestAccounts(server.app);
  return signedIn(server.baseUrl, ADMIN);
}

async function subscriberList(server: TestServer, admin: CookieJarFetch) {
  return subscriberListSchema.parse(await (await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.subscribers}`)).json());
}

/** Writes a mailing from a new news post and sends it; resolves once nothing of it is left waiting. */
async function sendMailing(server: TestServer, admin: CookieJarFetch, title: string) {
  const post = server.app.posts.create({ title, body: 'The outing is on 4 July.\nThe bus leaves at ten.' }, new Date().toISOString());
  const created = await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.mailings}`, { method: 'POST', ...json({ source: 'news', ref: post.id }) });
  expect(created.status).toBe(201);
  const { id } = mailingSchema.parse(await created.json());
  expect((await admin.fetch(`${server.baseUrl}${mailingPath(id, 'send')}`, { method: 'POST' })).status).toBe(202);
  await expect.poll(async () => mailingSchema.parse(await (await admin.fetch(`${server.baseUrl}${mailingPath(id)}`)).json()).state).toBe('finished');
  return mailingSchema.parse(await (await admin.fetch(`${server.baseUrl}${mailingPath(id)}`)).json());
}

test('a subscriber confirmed through the POST gets exactly one copy of a mailing, with both unsubscribe headers and a plain-text part; an unconfirmed one gets none', async () => {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port) });
  const admin = await adminOf(server);

  expect((await subscribe(server, 'Ann.Kelly@example.org', { name: 'Ann Kelly' })).status).toBe(202);
  expect((await subscribe(server, 'bob@example.org')).status).toBe(202);
  const token = await confirmationToken(peer, 'ann.kelly@example.org');
  // A mail scanner opening the confirmation link, or a GET of the confirm address, changes nothing.
  await fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.confirm}?token=${token}`);
  const beforeConfirming = (await subscriberList(server, admin)).counts;
  const confirmed = await confirm(server, token);
  const mailing = await sendMailing(server, admin, 'Summer outing');

  const copies = mailsTo(peer, 'ann.kelly@example.org', 'Summer outing');
  const parsed = await copies[0]?.parsed();
  expect(beforeConfirming).toEqual({ confirmed: 0, pending: 2, notWorking: 0 });
  expect(confirmed.status).toBe(204);
  expect(mailing.progress).toEqual({ sent: 1, failed: 0, waiting: 0 });
  expect(copies).toHaveLength(1);
  expect(mailsTo(peer, 'bob@example.org', 'Summer outing')).toHaveLength(0);
  expect(header(copies[0] as ListMail, 'List-Unsubscribe')).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/subscriptions\/unsubscribe\?token=[\w-]+>$/);
  expect(header(copies[0] as ListMail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(parsed?.text).toContain('The bus leaves at ten.');
  expect(parsed?.html).toMatch(/<html lang="en">[\s\S]*<h1[^>]*>Summer outing<\/h1>/);
});

test('MAIL_RATE_PER_MINUTE spaces the messages out: five copies at 600 a minute take at least four tenths of a second', async () => {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port, { MAIL_RATE_PER_MINUTE: '600' }) });
  const admin = await adminOf(server);
  const readers = ['a', 'b', 'c', 'd', 'e'].map((name) => `${name}@example.org`);
  for (const reader of readers) await confirmedSubscriber(server, peer, reader);

  const asked = performance.now();
  await sendMailing(server, admin, 'Paced news');

  const arrivals = readers.map((reader) => mailsTo(peer, reader, 'Paced news')[0]?.receivedAt ?? Number.NaN);
  // A lower bound only, which a busy machine can only lengthen: sent back to back they take a few milliseconds.
  expect(Math.max(...arrivals) - asked).toBeGreaterThanOrEqual(4 * 100);
});

test('one-click unsubscribe by POST, as a mail program sends it, removes the subscriber and stops later mailings', async () => {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port) });
  const admin = await adminOf(server);
  await confirmedSubscriber(server, peer, 'ann@example.org');
  await confirmedSubscriber(server, peer, 'cathal@example.org');
  await sendMailing(server, admin, 'First news');
  const first = mailsTo(peer, 'ann@example.org', 'First news')[0] as ListMail;
  const unsubscribeUrl = /^<(.+)>$/.exec(header(first, 'List-Unsubscribe') ?? '')?.[1] ?? '';

  const oneClick = await fetch(unsubscribeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  const again = await fetch(unsubscribeUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  const second = await sendMailing(server, admin, 'Second news');

  expect(oneClick.status).toBe(204);
  expect(again.status).toBe(204);
  const formerData = subscriberDataSchema.parse(
    await (await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.addressData}?email=${encodeURIComponent('ann@example.org')}`)).json(),
  );
  const erased = await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.addressData}?email=${encodeURIComponent('ann@example.org')}`, { method: 'DELETE' });

  expect(second.progress).toEqual({ sent: 1, failed: 0, waiting: 0 });
  // Someone who left can still ask what is stored about them, and have it erased.
  expect(formerData.subscriber).toBeNull();
  expect(formerData.mail.map((mail) => mail.kind)).toEqual(['confirmation', 'mailing']);
  expect(erased.status).toBe(204);
  expect(server.app.mailQueue.forAddress('ann@example.org')).toEqual([]);
  expect(mailsTo(peer, 'ann@example.org', 'Second news')).toHaveLength(0);
  expect(mailsTo(peer, 'cathal@example.org', 'Second news')).toHaveLength(1);
  expect((await subscriberList(server, admin)).subscribers.map((subscriber) => subscriber.email)).toEqual(['cathal@example.org']);
});

test('a 550 for one recipient marks that address not working, with the refusal, while the others are sent', async () => {
  const peer = await startListSmtpPeer({ refuse: { 'gone@example.org': 'Mailbox unavailable: no such user' } });
  const server = await startTestServer({ env: mailEnv(peer.port) });
  const admin = await adminOf(server);
  for (const email of ['ann@example.org', 'gone@example.org', 'cathal@example.org']) {
    const added = await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.subscribers}`, {
      method: 'POST',
      ...json({ email, consentNote: 'paper form at the AGM, 12 March' }),
    });
    expect(added.status).toBe(201);
  }

  const mailing = await sendMailing(server, admin, 'Branch news');
  const list = await subscriberList(server, admin);

  expect(mailing.progress).toEqual({ sent: 2, failed: 1, waiting: 0 });
  expect([...peer.copiesByRecipient()].sort()).toEqual([
    ['ann@example.org', 1],
    ['cathal@example.org', 1],
  ]);
  expect(list.counts.notWorking).toBe(1);
  expect(list.subscribers.find((subscriber) => subscriber.email === 'gone@example.org')?.notWorking?.reason).toContain('Mailbox unavailable: no such user');
});

test('asking for an address that is new, waiting for its confirmation or already on the list gets the same response, and only the first two are mailed', async () => {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port) });
  await confirmedSubscriber(server, peer, 'on.list@example.org');
  expect((await subscribe(server, 'waiting@example.org')).status).toBe(202);
  await confirmationToken(peer, 'waiting@example.org');

  const responses = await Promise.all(
    ['new@example.org', 'waiting@example.org', 'on.list@example.org'].map(async (email) => {
      const response = await subscribe(server, email);
      return { status: response.status, body: await response.text() };
    }),
  );
  await expect.poll(() => mailsTo(peer, 'new@example.org', 'Please confirm').length).toBe(1);
  await expect.poll(() => mailsTo(peer, 'waiting@example.org', 'Please confirm').length).toBe(2);

  expect(new Set(responses.map((response) => JSON.stringify(response)))).toEqual(new Set([JSON.stringify({ status: 202, body: '' })]));
  expect(mailsTo(peer, 'on.list@example.org', 'Please confirm')).toHaveLength(1);
});

test('requests for one address are limited per hour, while a connection shared by many people still works', async () => {
  const clock = createTestClock();
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now });

  const forOne = [];
  for (let index = 0; index < 4; index += 1) forOne.push((await subscribe(server, 'stranger@example.org')).status);
  const others = [];
  for (let index = 0; index < 20; index += 1) others.push((await subscribe(server, `resident${index}@example.org`)).status);
  const refused = await subscribe(server, 'stranger@example.org');
  clock.advance(HOUR);
  const later = await subscribe(server, 'stranger@example.org');

  expect(forOne).toEqual([202, 202, 202, 429]);
  expect(others.every((status) => status === 202)).toBe(true);
  expect(await refused.json()).toEqual({
    error: expect.objectContaining({ kind: 'too-many-requests', message: SUBSCRIPTION_MESSAGES.tooManyForAddress }),
  });
  expect(later.status).toBe(202);
});

test('a request never confirmed is deleted after 7 days, and its link then confirms nothing', async () => {
  const clock = createTestClock();
  const peer = await startListSmtpPeer();
  const first = await startTestServer({ env: mailEnv(peer.port), clock: clock.now });
  await subscribe(first, 'late@example.org');
  const token = await confirmationToken(peer, 'late@example.org');
  await first.close();
  clock.advance(7 * DAY + HOUR);

  const server = await startTestServer({ env: mailEnv(peer.port), clock: clock.now, dataDir: first.dataDir });
  const confirmed = await confirm(server, token);

  expect(confirmed.status).toBe(404);
  expect(await confirmed.json()).toEqual({ error: expect.objectContaining({ message: SUBSCRIPTION_MESSAGES.confirmationNotValid }) });
  expect(server.app.subscribers.counts()).toEqual({ confirmed: 0, pending: 0, notWorking: 0 });
});

test('administrators add by hand with a consent note, export CSV, read one address’s data and erase it from past mailings too; each is in the audit trail', async () => {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port) });
  const admin = await adminOf(server);
  const anonymous = await fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.subscribers}`);
  await confirmedSubscriber(server, peer, 'ann@example.org');
  const added = await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.subscribers}`, {
    method: 'POST',
    ...json({ email: 'Nora@example.org', name: 'Nora Walsh', consentNote: 'paper form at the AGM, 12 March' }),
  });
  const again = await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.subscribers}`, {
    method: 'POST',
    ...json({ email: 'nora@example.org', consentNote: 'phone call' }),
  });
  await sendMailing(server, admin, 'Spring news');
  const ann = (await subscriberList(server, admin)).subscribers.find((subscriber) => subscriber.email === 'ann@example.org');
  const csv = await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.subscriberExport}`);
  const csvText = await csv.text();
  const data = subscriberDataSchema.parse(await (await admin.fetch(`${server.baseUrl}${subscriberPath(ann?.id ?? '')}/data`)).json());
  const erased = await admin.fetch(`${server.baseUrl}${subscriberPath(ann?.id ?? '')}/data`, { method: 'DELETE' });
  const stored = JSON.stringify(server.app.db.prepare('SELECT * FROM mail_queue').all()) + JSON.stringify(server.app.db.prepare('SELECT * FROM subscribers').all());
  const trail = auditListSchema.parse(await (await admin.fetch(`${server.baseUrl}/api/audit`)).json());

  expect(anonymous.status).toBe(401);
  expect(added.status).toBe(201);
  expect(again.status).toBe(409);
  expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(csvText.split('\r\n')[0]).toBe('email,name,state,requested_at,confirmed_at,consent_at,consent_form,consent_wording,not_working_since,not_working_reason');
  expect(csvText).toContain('Nora@example.org,Nora Walsh,confirmed,');
  expect(csvText).toContain(',admin,"paper form at the AGM, 12 March",');
  expect(data.subscriber).toMatchObject({ email: 'ann@example.org', state: 'confirmed', consent: { form: 'home', wording: SUBSCRIPTION_CONSENT_WORDING } });
  expect(data.mail.map((mail) => [mail.kind, mail.state])).toEqual([
    ['confirmation', 'sent'],
    ['mailing', 'sent'],
  ]);
  expect(erased.status).toBe(204);
  expect(stored).not.toContain('ann@example.org');
  expect(server.app.mailQueue.progress(1)).toEqual({ sent: 2, failed: 0, waiting: 0 });
  expect(trail.entries.map((entry) => entry.kind)).toEqual(
    expect.arrayContaining(['subscription-confirmed', 'subscriber-added', 'mailing-created', 'mailing-sent', 'subscribers-exported', 'subscriber-data-read', 'subscriber-erased']),
  );
});

test('the preview shows the mail as readers get it; a test goes to the signed-in administrator only; a paused mailing waits until resumed', async () => {
  const peer = await startListSmtpPeer({ holdAt: 2 });
  const server = await startTestServer({ env: mailEnv(peer.port) });
  const admin = await adminOf(server);
  for (const email of ['ann@example.org', 'bob@example.org', 'cathal@example.org']) {
    await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.subscribers}`, { method: 'POST', ...json({ email, consentNote: 'AGM' }) });
  }
  const post = server.app.posts.create({ title: 'Autumn news', body: 'Line one' }, new Date().toISOString());
  const { id } = mailingSchema.parse(
    await (await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.mailings}`, { method: 'POST', ...json({ source: 'news', ref: post.id }) })).json(),
  );

  const preview = (await (await admin.fetch(`${server.baseUrl}${mailingPath(id, 'preview')}`)).json()) as { html: string; text: string };
  expect((await admin.fetch(`${server.baseUrl}${mailingPath(id, 'test')}`, { method: 'POST' })).status).toBe(202);
  await expect.poll(() => peer.received.length).toBe(1);
  expect((await admin.fetch(`${server.baseUrl}${mailingPath(id, 'send')}`, { method: 'POST' })).status).toBe(202);
  // The first subscriber's copy is at the mail server, its reply held: pause now.
  await expect.poll(() => peer.received.length).toBe(2);
  const paused = await admin.fetch(`${server.baseUrl}${mailingPath(id, 'pause')}`, { method: 'POST' });
  peer.release();
  await expect.poll(() => server.app.mailQueue.progress(Number(id)).sent).toBe(1);
  const whilePaused = server.app.mailQueue.progress(Number(id));
  const receivedWhilePaused = peer.received.length;
  const resumed = await admin.fetch(`${server.baseUrl}${mailingPath(id, 'resume')}`, { method: 'POST' });
  await expect.poll(() => server.app.mailQueue.progress(Number(id)).waiting).toBe(0);

  expect(preview.html).toMatch(/<html lang="en">/);
  expect(preview.html).toContain('font-size:20px');
  expect(preview.text).toContain('Autumn news');
  expect(peer.received[0]?.to).toBe(ADMIN.email);
  expect(subjectOf(peer.received[0] as ListMail)).toBe('[Test] Autumn news');
  expect(paused.status).toBe(200);
  expect(whilePaused).toEqual({ sent: 1, failed: 0, waiting: 2 });
  expect(receivedWhilePaused).toBe(2);
  expect(resumed.status).toBe(200);
  expect([...peer.copiesByRecipient()].sort()).toEqual([
    ['ann@example.org', 1],
    ['bob@example.org', 1],
    ['cathal@example.org', 1],
    [ADMIN.email, 1],
  ]);
});

test('while the mail server refuses connections a confirmation waits and is retried with growing waits, then sent once it is back', async () => {
  const port = await freePort();
  const server = await startTestServer({ env: mailEnv(port) });

  expect((await subscribe(server, 'patient@example.org')).status).toBe(202);
  // Two attempts refused: the second wait is twice the first.
  let waiting: ReturnType<TestServer['app']['mailQueue']['forAddress']>[number] | undefined;
  await expect
    .poll(() => {
      waiting = server.app.mailQueue.forAddress('patient@example.org')[0];
      return waiting?.state === 'failed-temporary' && waiting.attempts >= 2;
    })
    .toBe(true);
  const peer = await startListSmtpPeer({ port });
  await expect.poll(() => server.app.mailQueue.forAddress('patient@example.org')[0]?.state).toBe('sent');

  expect(waiting).toMatchObject({ kind: 'confirmation', state: 'failed-temporary', lastError: expect.stringMatching(/ECONNREFUSED/) });
  expect(mailsTo(peer, 'patient@example.org', 'Please confirm')).toHaveLength(1);
});

test('a mailing from a newsletter links to its PDF rather than attaching it; one from a missing file is refused', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  const admin = await adminOf(server);
  await server.app.files.save('newsletters', 'Spring Newsletter 2026.pdf', Readable.from([Buffer.from(samplePdf('Spring', ['News']))]), 1e9);

  const created = await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.mailings}`, {
    method: 'POST',
    ...json({ source: 'newsletter', ref: 'Spring Newsletter 2026.pdf' }),
  });
  const mailing = mailingSchema.parse(await created.json());
  const preview = (await (await admin.fetch(`${server.baseUrl}${mailingPath(mailing.id, 'preview')}`)).json()) as { subject: string; html: string; text: string };
  const missing = await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.mailings}`, { method: 'POST', ...json({ source: 'newsletter', ref: 'Winter.pdf' }) });
  const sendWithoutMail = await admin.fetch(`${server.baseUrl}${mailingPath(mailing.id, 'send')}`, { method: 'POST' });

  expect(created.status).toBe(201);
  expect(mailing.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/newsletters\/Spring%20Newsletter%202026\.pdf$/);
  expect(preview.subject).toBe('New newsletter: Spring Newsletter 2026');
  expect(preview.text).toContain(`Read the newsletter (PDF): ${mailing.link}`);
  expect(preview.html).toContain(`href="${mailing.link}"`);
  expect(missing.status).toBe(404);
  expect(sendWithoutMail.status).toBe(409);
  expect(await sendWithoutMail.json()).toEqual({ error: expect.objectContaining({ message: SUBSCRIPTION_MESSAGES.emailNotSetUp }) });
});
