import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { contactMessagesSchema, receivedContactMessageSchema } from '../../contract/wire';
import { ADMIN, ADMIN_ENV, MEMBER, addTestAccounts, json, signedIn } from './helpers/accounts';
import { startTestServer, type TestServer } from './helpers/test-server';

const MESSAGE = { name: 'Mary Byrne', email: 'mary.byrne@example.org', message: 'Hello' };

async function setUp(env: Record<string, string> = {}) {
  const server = await startTestServer({ env: { ...ADMIN_ENV, ...env } });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  return { server, jar };
}

async function send(server: TestServer, body = MESSAGE) {
  expect((await fetch(`${server.baseUrl}/api/contact`, { method: 'POST', ...json(body) })).status).toBe(202);
}

test('without a mail server the inbox says so, and every message is stored here, never pending for ever', async () => {
  const { server, jar } = await setUp();
  await send(server);

  const inbox = contactMessagesSchema.parse(await (await jar.fetch(`${server.baseUrl}/api/contact-messages`)).json());

  expect(inbox.emailSetUp).toBe(false);
  expect(inbox.messages[0]).toMatchObject({ delivery: 'not-emailed', handled: false });
});

test('an administrator marks a message handled and new again; each change is in the audit trail by number, never by text', async () => {
  const lines: string[] = [];
  const server = await startTestServer({ env: { ...ADMIN_ENV, LOG_LEVEL: 'info' }, logDestination: { write: (line) => lines.push(line) } });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  await send(server);
  const [message] = server.app.contactMessages.list(10);

  const handled = await jar.fetch(`${server.baseUrl}/api/contact-messages/${message?.id}`, { method: 'PATCH', ...json({ handled: true }) });
  expect(receivedContactMessageSchema.parse(await handled.json()).handled).toBe(true);
  const again = await jar.fetch(`${server.baseUrl}/api/contact-messages/${message?.id}`, { method: 'PATCH', ...json({ handled: false }) });
  expect(receivedContactMessageSchema.parse(await again.json()).handled).toBe(false);

  const actions = server.app.auditTrail
    .list({ limit: 100 })
    .filter((entry) => entry.kind.startsWith('message-'))
    .map(({ actor, kind, detail }) => ({ actor, kind, detail }));
  // Newest first, by number, never by text.
  expect(actions).toEqual([
    { actor: ADMIN.email, kind: 'message-marked-new', detail: `message ${message?.id}` },
    { actor: ADMIN.email, kind: 'message-handled', detail: `message ${message?.id}` },
  ]);
  expect(lines.join('\n')).not.toContain('Hello');
});

test('an administrator deletes a message for good; a second delete is not found', async () => {
  const { server, jar } = await setUp();
  await send(server);
  const [message] = server.app.contactMessages.list(10);

  const first = await jar.fetch(`${server.baseUrl}/api/contact-messages/${message?.id}`, { method: 'DELETE' });
  const second = await jar.fetch(`${server.baseUrl}/api/contact-messages/${message?.id}`, { method: 'DELETE' });

  expect(first.status).toBe(204);
  expect(second.status).toBe(404);
  expect(await second.json()).toMatchObject({ error: { message: API_MESSAGES.messageNotFound } });
  expect(server.app.contactMessages.list(10)).toEqual([]);
});

test('sending again without a mail server is refused with a reason; a member may do none of this', async () => {
  const { server, jar } = await setUp();
  await send(server);
  const [message] = server.app.contactMessages.list(10);
  const member = await signedIn(server.baseUrl, MEMBER);

  const sendAgain = await jar.fetch(`${server.baseUrl}/api/contact-messages/${message?.id}/send`, { method: 'POST' });
  const byMember = await member.fetch(`${server.baseUrl}/api/contact-messages/${message?.id}`, { method: 'DELETE' });

  expect(sendAgain.status).toBe(409);
  expect(await sendAgain.json()).toMatchObject({ error: { message: API_MESSAGES.emailNotSetUp } });
  expect(byMember.status).toBe(403);
  expect(server.app.contactMessages.list(10)).toHaveLength(1);
});
