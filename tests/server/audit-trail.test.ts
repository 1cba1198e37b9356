import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';
import { auditListSchema, type WirePost } from '../../contract/wire';
import { samplePdf } from '../../server/content/sample-pdf';
import type { AuditKind } from '../../src-core/domain/audit';
import { NO_EVENT_DETAILS } from '../../src-core/domain/event-details';
import { ADMIN, ADMIN_ENV, MEMBER, addTestAccounts, json, signedIn } from './helpers/accounts';
import { appCode } from './helpers/authenticator-app';
import { createCookieJarFetch } from './helpers/cookie-jar';
import { createTestClock } from './helpers/test-clock';
import { startTestServer, type TestServer } from './helpers/test-server';

const root = path.resolve(import.meta.dirname, '../..');
// Each "client" is told apart by the address its proxy wrote, as in production.
const ENV = { ...ADMIN_ENV, TRUST_PROXY: '1' };

function trail(server: TestServer) {
  return server.app.auditTrail.list({ limit: 1000 }).map(({ actor, kind, detail, address }) => ({ actor, kind, detail, address }));
}

test('every sign-in, failed attempt and sign-out is recorded with who, what, when and from where', async () => {
  const clock = createTestClock();
  const server = await startTestServer({ env: ENV, clock: clock.now });
  await addTestAccounts(server.app);
  const from = (address: string) => createCookieJarFetch({ headers: { 'x-forwarded-for': address } });
  const stranger = from('198.51.100.7');
  const administrator = from('192.0.2.10');

  await stranger.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json({ email: ADMIN.email, password: 'a wrong guess!' }) });
  await stranger.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json({ email: 'nobody@example.org', password: 'a wrong guess!' }) });
  await administrator.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(ADMIN) });
  await administrator.fetch(`${server.baseUrl}/api/session`, { method: 'DELETE' });
  const [newest] = server.app.auditTrail.list({ limit: 1 });

  expect(trail(server)).toEqual([
    { actor: ADMIN.email, kind: 'signed-out', detail: '', address: '192.0.2.10' },
    { actor: ADMIN.email, kind: 'signed-in', detail: 'with password', address: '192.0.2.10' },
    { actor: null, kind: 'sign-in-failed', detail: 'nobody@example.org', address: '198.51.100.7' },
    { actor: ADMIN.email, kind: 'sign-in-failed', detail: ADMIN.email, address: '198.51.100.7' },
  ]);
  expect(newest?.at).toBe(new Date(clock.now()).toISOString());
});

test('uploads, deletes and post changes are recorded in the words the admin area shows them by; opening the messages is not', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);

  await jar.fetch(`${server.baseUrl}/api/files?folder=events&name=Outing.pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: Buffer.from(samplePdf('Outing', ['Line'])),
  });
  await jar.fetch(`${server.baseUrl}/api/files?path=${encodeURIComponent('events/Outing.pdf')}`, { method: 'DELETE' });
  const post = (await (await jar.fetch(`${server.baseUrl}/api/posts`, { method: 'POST', ...json({ title: 'AGM', body: 'On Saturday' }) })).json()) as WirePost;
  await jar.fetch(`${server.baseUrl}/api/posts/${post.id}`, { method: 'PUT', ...json({ title: 'AGM moved', body: 'On Sunday' }) });
  await jar.fetch(`${server.baseUrl}/api/posts/${post.id}`, { method: 'DELETE' });
  await jar.fetch(`${server.baseUrl}/api/contact-messages`);

  await jar.fetch(`${server.baseUrl}/api/files?folder=root&name=Membership%20Form.pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: Buffer.from(samplePdf('Membership Form', ['Line'])),
  });

  expect(trail(server).slice(0, 6)).toEqual([
    { actor: ADMIN.email, kind: 'file-uploaded', detail: "'Membership Form' in Important Documents", address: '127.0.0.1' },
    { actor: ADMIN.email, kind: 'post-deleted', detail: "'AGM moved'", address: '127.0.0.1' },
    { actor: ADMIN.email, kind: 'post-edited', detail: "'AGM moved'", address: '127.0.0.1' },
    { actor: ADMIN.email, kind: 'post-created', detail: "'AGM'", address: '127.0.0.1' },
    { actor: ADMIN.email, kind: 'file-deleted', detail: "'Outing' in Events", address: '127.0.0.1' },
    { actor: ADMIN.email, kind: 'file-uploaded', detail: "'Outing' in Events", address: '127.0.0.1' },
  ]);
  expect(trail(server).map((entry) => entry.kind)).not.toContain('messages-read');
});

test("changing and removing an event's details is recorded", async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  await jar.fetch(`${server.baseUrl}/api/files?folder=events&name=Outing.pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: Buffer.from(samplePdf('Outing', ['Line'])),
  });
  const put = (details: unknown) =>
    jar.fetch(`${server.baseUrl}/api/events/details?${new URLSearchParams({ path: 'events/Outing.pdf' })}`, {
      method: 'PUT',
      ...json({ details }),
    });

  const saved = await put({ ...NO_EVENT_DETAILS, title: 'Summer outing', start: '2026-07-04T10:00', timeZone: 'Europe/Dublin' });
  const removed = await put(null);

  expect([saved.status, removed.status]).toEqual([200, 200]);
  expect(trail(server).slice(0, 2)).toEqual([
    { actor: ADMIN.email, kind: 'event-details-changed', detail: "'Summer outing': date, time and place removed", address: '127.0.0.1' },
    { actor: ADMIN.email, kind: 'event-details-changed', detail: "'Summer outing'", address: '127.0.0.1' },
  ]);
});

test('password, two-step and session changes are recorded', async () => {
  const clock = createTestClock();
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  await addTestAccounts(server.app);
  await signedIn(server.baseUrl, ADMIN);
  await signedIn(server.baseUrl, ADMIN);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const sessions = (await (await jar.fetch(`${server.baseUrl}/api/account/sessions`)).json()) as { sessions: { id: string; current: boolean }[] };
  const otherId = sessions.sessions.find((session) => !session.current)?.id ?? '';

  await jar.fetch(`${server.baseUrl}/api/account/sessions/${otherId}`, { method: 'DELETE' });
  await jar.fetch(`${server.baseUrl}/api/account/sessions`, { method: 'DELETE' });
  const enrolment = (await (await jar.fetch(`${server.baseUrl}/api/account/two-step/enrolment`, { method: 'POST' })).json()) as { key: string };
  const codes = (await (await jar.fetch(`${server.baseUrl}/api/account/two-step/enrolment`, { method: 'PUT', ...json({ code: appCode(enrolment.key, clock.now()) }) })).json()) as {
    recoveryCodes: string[];
  };
  const later = createCookieJarFetch();
  await later.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(ADMIN) });
  await later.fetch(`${server.baseUrl}/api/session/second-step`, { method: 'POST', ...json({ code: codes.recoveryCodes[0] }) });
  await later.fetch(`${server.baseUrl}/api/account/password`, { method: 'PUT', ...json({ currentPassword: ADMIN.password, newPassword: 'a brand new passphrase' }) });
  await later.fetch(`${server.baseUrl}/api/account/two-step`, { method: 'DELETE', ...json({ password: 'a brand new passphrase' }) });

  const kinds = trail(server).map((entry) => entry.kind);
  expect(kinds.slice(0, 7)).toEqual<AuditKind[]>([
    'two-step-disabled',
    'password-changed',
    'signed-in',
    'recovery-code-used',
    'two-step-enabled',
    'other-sessions-ended',
    'session-ended',
  ]);
  expect(trail(server)[5]).toMatchObject({ detail: '1 device' });
  expect(trail(server)[2]).toMatchObject({ detail: 'with password and recovery code' });
});

test('the admin area lists the trail newest first, by person and by kind; others may not read it', async () => {
  const server = await startTestServer({ env: { ADMIN_EMAILS: `${ADMIN.email},chair@example.org` } });
  await addTestAccounts(server.app);
  const chair = { email: 'chair@example.org', password: 'the chair passphrase' };
  server.app.accounts.save(chair.email, await server.app.hasher.hash(chair.password), new Date().toISOString());
  const jar = await signedIn(server.baseUrl, ADMIN);
  await signedIn(server.baseUrl, chair);
  const member = await signedIn(server.baseUrl, MEMBER);
  const read = async (query: string) => auditListSchema.parse(await (await jar.fetch(`${server.baseUrl}/api/audit${query}`)).json());

  const all = await read('');
  const chairs = await read(`?actor=${encodeURIComponent(chair.email)}`);
  const signIns = await read('?kind=signed-in');
  const refused = await member.fetch(`${server.baseUrl}/api/audit`);
  const anonymous = await fetch(`${server.baseUrl}/api/audit`);

  expect(all.entries.map((entry) => entry.actor)).toEqual([MEMBER.email, chair.email, ADMIN.email]);
  expect(all.actors).toEqual([chair.email, MEMBER.email, ADMIN.email]);
  expect(chairs.entries.map((entry) => [entry.actor, entry.kind])).toEqual([[chair.email, 'signed-in']]);
  expect(signIns.entries).toHaveLength(3);
  expect(refused.status).toBe(403);
  expect(anonymous.status).toBe(401);
});

test('the trail is append-only: the database itself refuses to change or delete an entry', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  await signedIn(server.baseUrl, ADMIN);

  const change = () => server.app.db.prepare("UPDATE audit_entries SET actor = 'someone-else@example.org'").run();
  const remove = () => server.app.db.prepare('DELETE FROM audit_entries').run();
  const openGate = () => server.app.db.prepare('INSERT INTO audit_purge_gate (open) VALUES (1)').run();

  expect(change).toThrow('append-only');
  expect(remove).toThrow('append-only');
  expect(openGate).toThrow();
  expect(trail(server)).toEqual([expect.objectContaining({ actor: ADMIN.email, kind: 'signed-in' })]);
});

test('entries are purged once they are 12 months old, and not a millisecond sooner', async () => {
  const now = Date.UTC(2027, 10, 21, 9, 0, 0);
  const edge = Date.UTC(2026, 10, 21, 9, 0, 0);
  const first = await startTestServer({ env: ADMIN_ENV, clock: createTestClock(now).now });
  first.app.auditTrail.record({ actor: ADMIN.email, kind: 'signed-in', detail: 'just too old' }, edge - 1);
  first.app.auditTrail.record({ actor: ADMIN.email, kind: 'signed-in', detail: 'exactly 12 months' }, edge);
  first.app.auditTrail.record({ actor: ADMIN.email, kind: 'signed-in', detail: 'recent' }, now - 1000);
  await first.close();

  const restarted = await startTestServer({ env: ADMIN_ENV, clock: createTestClock(now).now, dataDir: first.dataDir });

  expect(trail(restarted).map((entry) => entry.detail)).toEqual(['recent', 'exactly 12 months']);
});

test('npm run admin -- audit prints the trail, newest first, and filters by person and kind', async () => {
  const server = await startTestServer({ env: ADMIN_ENV, clock: createTestClock().now });
  server.app.auditTrail.record({ actor: ADMIN.email, kind: 'file-uploaded', detail: 'events/Outing.pdf', address: '192.0.2.10' }, Date.UTC(2026, 10, 21, 9, 0, 0));
  server.app.auditTrail.record({ actor: MEMBER.email, kind: 'signed-in', detail: 'with password', address: '192.0.2.11' }, Date.UTC(2026, 10, 21, 10, 0, 0));
  await server.close();
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/cli/admin.ts'), 'audit', ...args], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: server.dataDir },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  const all = await run([]);
  const byPerson = await run(['--email', ADMIN.email]);
  const byKind = await run(['--kind', 'signed-in']);
  const wrong = await run(['--kind', 'breakfast']);

  expect(all.stdout).toBe(
    [
      `2026-11-21 10:00:00Z  ${MEMBER.email}  signed-in (Signed in)  with password  from 192.0.2.11`,
      `2026-11-21 09:00:00Z  ${ADMIN.email}  file-uploaded (File uploaded)  events/Outing.pdf  from 192.0.2.10`,
      '',
    ].join('\n'),
  );
  expect(byPerson.stdout).toContain('file-uploaded');
  expect(byPerson.stdout).not.toContain(MEMBER.email);
  expect(byKind.stdout).not.toContain('file-uploaded');
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain("There is no kind called 'breakfast'.");
});
