import { MAX_MESSAGES_PER_NETWORK } from '../../server/contact/contact-intake';
import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { contactMessagesSchema } from '../../contract/wire';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { freePort } from '../support/free-port';
import { startSmtpPeer } from './helpers/smtp-peer';
import { startTestServer, temporaryDir, type TestServer } from './helpers/test-server';

const MESSAGE = { name: 'Mary Byrne', email: 'mary.byrne@example.org', message: 'Hello,\nWhen is the next branch meeting?' };

function mailEnv(port: number, extra: Record<string, string> = {}) {
  return {
    ...ADMIN_ENV,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    CONTACT_TO: 'office@example.org',
    MAIL_FROM: 'website@example.org',
    MAIL_RETRY_SECONDS: '0.05',
    ...extra,
  };
}

function send(server: TestServer, body: Record<string, unknown>) {
  return fetch(`${server.baseUrl}/api/contact`, { method: 'POST', ...json(body) });
}

async function inbox(server: TestServer) {
  await addTestAccounts(server.app).catch(() => undefined);
  const jar = await signedIn(server.baseUrl, ADMIN);
  return contactMessagesSchema.parse(await (await jar.fetch(`${server.baseUrl}/api/contact-messages`)).json()).messages;
}

/**
 * Every stored message is sent or failed: none waits or is being sent. The sender only ever e-mails
 * a waiting message it has claimed, so from here it sends nothing more, and what the SMTP peer holds
 * is all it will get. (The inbox shows a message being sent as 'pending'.)
 */
async function nothingLeftToSend(server: TestServer): Promise<void> {
  await expect.poll(() => server.app.contactMessages.list(100).every((message) => message.delivery !== 'pending')).toBe(true);
}

test('without SMTP settings a message is stored, gets its response at once, and waits in the inbox', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });

  const response = await send(server, MESSAGE);
  const messages = await inbox(server);

  expect(response.status).toBe(202);
  expect(messages).toEqual([
    expect.objectContaining({ ...MESSAGE, delivery: 'not-emailed', attempts: 0, handled: false, receivedAt: expect.any(String) }),
  ]);
});

test('with SMTP a message is e-mailed to CONTACT_TO with Reply-To set to the visitor, and shown as sent', async () => {
  const peer = await startSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port) });

  const response = await send(server, MESSAGE);
  await expect.poll(() => peer.received.length).toBe(1);
  await expect.poll(async () => (await inbox(server))[0]?.delivery).toBe('sent');
  const [mail] = peer.received;

  expect(response.status).toBe(202);
  expect(mail?.envelopeTo).toEqual(['office@example.org']);
  expect(mail?.parsed.from?.value).toEqual([{ name: 'Website contact form', address: 'website@example.org' }]);
  expect(mail?.parsed.replyTo?.value).toEqual([{ name: 'Mary Byrne', address: 'mary.byrne@example.org' }]);
  expect(mail?.parsed.subject).toBe('Contact form message from Mary Byrne');
  expect(mail?.parsed.text).toContain('Hello,\nWhen is the next branch meeting?');
  expect((await inbox(server))[0]).toMatchObject({ delivery: 'sent', attempts: 1 });
});

test('a message is kept while the mail server is down and delivered exactly once when it returns', async () => {
  const port = await freePort();
  const server = await startTestServer({ env: mailEnv(port) });

  const response = await send(server, MESSAGE);
  await expect.poll(async () => (await inbox(server))[0]?.attempts ?? 0).toBeGreaterThanOrEqual(2);
  const whileDown = (await inbox(server))[0];
  const peer = await startSmtpPeer({ port });
  await expect.poll(async () => (await inbox(server))[0]?.delivery, { timeout: 10_000 }).toBe('sent');
  await nothingLeftToSend(server);

  expect(response.status).toBe(202);
  expect(whileDown).toMatchObject({ ...MESSAGE, delivery: 'pending' });
  expect(peer.received).toHaveLength(1);
  expect(peer.received[0]?.parsed.text).toContain(MESSAGE.message);
});

test('a mail server that refuses the message for good marks it failed after one attempt', async () => {
  const peer = await startSmtpPeer({ refuseWith: { code: 550, message: 'Mailbox unavailable' } });
  const server = await startTestServer({ env: mailEnv(peer.port) });

  await send(server, MESSAGE);

  await expect.poll(async () => (await inbox(server))[0]?.delivery).toBe('failed');
  expect((await inbox(server))[0]?.attempts).toBe(1);
});

test('after the last attempt a message still undelivered is marked failed', async () => {
  const server = await startTestServer({ env: mailEnv(await freePort(), { MAIL_MAX_ATTEMPTS: '2' }) });

  await send(server, MESSAGE);

  await expect.poll(async () => (await inbox(server))[0]?.delivery).toBe('failed');
  expect((await inbox(server))[0]?.attempts).toBe(2);
});

test('a message caught mid-send by a crash is marked failed on restart, never sent a second time', async () => {
  const peer = await startSmtpPeer();
  const dataDir = temporaryDir('crash');
  const first = await startTestServer({ dataDir, env: ADMIN_ENV });
  await send(first, MESSAGE);
  first.app.db.prepare("UPDATE contact_messages SET delivery = 'sending', attempts = 1").run();
  await first.close();

  const second = await startTestServer({ dataDir, env: mailEnv(peer.port) });
  await nothingLeftToSend(second);

  expect((await inbox(second))[0]).toMatchObject({ delivery: 'failed', attempts: 1 });
  expect(peer.received).toEqual([]);
});

test('line breaks in any field cannot add a header or a recipient', async () => {
  const peer = await startSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port) });

  const nameAttack = await send(server, {
    name: 'Mallory\r\nBcc: victim@example.org\r\nSubject: Free money',
    email: 'mallory@example.org',
    message: 'Body\r\n.\r\nMAIL FROM:<x@example.org>\r\nBcc: victim2@example.org',
  });
  const emailAttack = await send(server, { name: 'Mallory', email: 'mallory@example.org\r\nBcc: victim@example.org', message: 'Hi' });
  const quotedAttack = await send(server, { name: 'Mallory', email: '"victim@example.org"@example.org', message: 'Hi' });
  await expect.poll(() => peer.received.length).toBe(1);
  await nothingLeftToSend(server);
  const [mail] = peer.received;
  const headerBlock = mail?.raw.split(/\r?\n\r?\n/)[0] ?? '';

  expect(nameAttack.status).toBe(202);
  expect(emailAttack.status).toBe(400);
  expect(await emailAttack.json()).toMatchObject({ error: { kind: 'invalid-input', fieldErrors: { email: expect.any(String) } } });
  expect(quotedAttack.status).toBe(400);
  expect(peer.received).toHaveLength(1);
  expect(mail?.envelopeTo).toEqual(['office@example.org']);
  expect(mail?.parsed.bcc).toBeUndefined();
  expect(mail?.parsed.cc).toBeUndefined();
  expect(mail?.parsed.subject).toBe('Contact form message from Mallory Bcc: victim@example.org Subject: Free money');
  expect(headerBlock).not.toMatch(/^bcc:/im);
  expect(headerBlock.match(/^subject:/gim)).toHaveLength(1);
  expect(mail?.parsed.replyTo?.value).toEqual([{ name: 'Mallory Bcc: victim@example.org Subject: Free money', address: 'mallory@example.org' }]);
});

test('a sixth message within an hour from one sender gets 429 with Retry-After, and is not stored', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });

  const statuses = [];
  for (let index = 0; index < 5; index += 1) {
    statuses.push((await send(server, { ...MESSAGE, message: `Message ${index}` })).status);
  }
  const sixth = await send(server, MESSAGE);

  expect(statuses).toEqual([202, 202, 202, 202, 202]);
  expect(sixth.status).toBe(429);
  expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3500);
  expect(await sixth.json()).toMatchObject({ error: { kind: 'too-many-requests', message: API_MESSAGES.tooManyMessages } });
  expect(await inbox(server)).toHaveLength(5);
});

test('a new sender on a connection shared with five earlier senders is not refused; the connection has a loose limit of its own', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });

  // A care home or a library: many people, one network address.
  const statuses = [];
  for (let index = 0; index < MAX_MESSAGES_PER_NETWORK; index += 1) {
    statuses.push((await send(server, { ...MESSAGE, email: `resident${index}@example.org` })).status);
  }
  const over = await send(server, { ...MESSAGE, email: 'one-more@example.org' });

  expect(MAX_MESSAGES_PER_NETWORK).toBeGreaterThanOrEqual(20);
  expect(statuses.every((status) => status === 202)).toBe(true);
  expect(over.status).toBe(429);
  expect(await over.json()).toMatchObject({ error: { kind: 'too-many-requests', message: API_MESSAGES.tooManyFromConnection } });
});

test('a message that fills the hidden honeypot field gets the usual response but is neither stored nor mailed', async () => {
  const peer = await startSmtpPeer();
  const server = await startTestServer({ env: mailEnv(peer.port) });

  const response = await send(server, { ...MESSAGE, website: 'https://spam.example' });
  await nothingLeftToSend(server);

  expect(response.status).toBe(202);
  expect(await inbox(server)).toEqual([]);
  expect(peer.received).toEqual([]);
});

test('missing or invalid fields are refused with the core validation messages, and nothing is kept', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });

  const response = await send(server, { name: ' ', email: 'not-an-address', message: '' });

  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({
    error: {
      kind: 'invalid-input',
      fieldErrors: {
        name: 'Please enter your name.',
        email: 'Please enter a valid e-mail address, like name@example.org.',
        message: 'Please enter a message.',
      },
    },
  });
  expect(await inbox(server)).toEqual([]);
});
