import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { TEAM_PATHS } from '../../contract/team';
import { auditListSchema } from '../../contract/wire';
import { MIGRATIONS } from '../../server/db/migrations';
import { json, signedIn } from './helpers/accounts';
import type { CookieJarFetch } from './helpers/cookie-jar';
import { startListSmtpPeer, type ListSmtpPeer } from './helpers/list-smtp-peer';
import { startTestServer, temporaryDir, type TestServer } from './helpers/test-server';

const CHAIR = { email: 'chair@example.org', password: 'the chair passphrase' } as const;
const EDITOR = { email: 'editor@example.org', password: 'the editor passphrase' } as const;

async function teamServer(): Promise<{ server: TestServer; peer: ListSmtpPeer; chair: CookieJarFetch; north: string; south: string }> {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${peer.port}`, CONTACT_TO: 'office@example.org', MAIL_FROM: 'web@example.org', MAIL_RETRY_SECONDS: '0.05', MAIL_RATE_PER_MINUTE: '0' },
  });
  const at = new Date().toISOString();
  server.app.accounts.save(CHAIR.email, await server.app.hasher.hash(CHAIR.password), at, 'administrator');
  server.app.accounts.save(EDITOR.email, await server.app.hasher.hash(EDITOR.password), at, 'editor');
  const north = server.app.branches.add('North Branch');
  const south = server.app.branches.add('South Branch');
  if (north === 'taken' || south === 'taken') throw new Error('The branches were not added.');
  return { server, peer, chair: await signedIn(server.baseUrl, CHAIR), north: north.id, south: south.id };
}

async function auditDetails(server: TestServer, chair: CookieJarFetch, kind: string): Promise<string[]> {
  const audit = auditListSchema.parse(await (await chair.fetch(`${server.baseUrl}/api/audit?kind=${kind}`)).json());
  return audit.entries.map((entry) => entry.detail);
}

test('inviting a branch officer needs a branch; the e-mail, the Team page, the link and the audit trail name it, and the account signs in limited to it', async () => {
  const { server, peer, chair, north } = await teamServer();
  const invite = (body: object) => chair.fetch(`${server.baseUrl}${TEAM_PATHS.invitations}`, { method: 'POST', ...json(body) });

  const without = await invite({ email: 'officer@example.org', role: 'branch-officer' });
  expect(without.status).toBe(400);
  expect(await without.json()).toMatchObject({ error: { kind: 'invalid-input', message: API_MESSAGES.branchNeeded, fieldErrors: { branchId: API_MESSAGES.branchNeeded } } });
  expect((await invite({ email: 'officer@example.org', role: 'branch-officer', branchId: '999' })).status).toBe(400);

  expect((await invite({ email: 'officer@example.org', role: 'branch-officer', branchId: north })).status).toBe(201);
  await expect.poll(() => peer.received.filter((mail) => mail.to === 'officer@example.org').length).toBe(1);
  const text = (await peer.received.find((mail) => mail.to === 'officer@example.org')?.parsed())?.text ?? '';
  expect(text).toContain("as branch officer of North Branch: one branch's page, its news and its events with their bookings.");
  const token = /\/login\?invitation=([\w-]+)/.exec(text)?.[1] ?? '';

  const team = await (await chair.fetch(`${server.baseUrl}${TEAM_PATHS.team}`)).json();
  expect(team.members).toContainEqual({ email: 'officer@example.org', role: 'branch-officer', branch: { id: north, name: 'North Branch' }, status: 'invited', fixed: false, you: false });
  expect(await (await fetch(`${server.baseUrl}${TEAM_PATHS.invitation}?token=${token}`)).json()).toEqual({
    email: 'officer@example.org',
    role: 'branch-officer',
    branchName: 'North Branch',
  });

  const accepted = await fetch(`${server.baseUrl}${TEAM_PATHS.invitation}`, { method: 'POST', ...json({ token, password: 'the officer passphrase' }) });
  expect(await accepted.json()).toEqual({ email: 'officer@example.org', administrator: true, role: 'branch-officer', branchId: north });
  const officer = await signedIn(server.baseUrl, { email: 'officer@example.org', password: 'the officer passphrase' });
  expect(await (await officer.fetch(`${server.baseUrl}/api/session`)).json()).toEqual({
    user: { email: 'officer@example.org', administrator: true, role: 'branch-officer', branchId: north },
  });
  // Their own branch's events are the only files they may upload (tests/server/branch-officer.test.ts).
  const newsletter = '/api/files?folder=newsletters&name=Spring.pdf';
  for (const url of [newsletter, '/api/team', '/api/members', '/api/booking-settings']) {
    const refused = await officer.fetch(`${server.baseUrl}${url}`, { method: url === newsletter ? 'POST' : 'GET' });
    expect(refused.status, url).toBe(403);
  }

  expect(await auditDetails(server, chair, 'team-member-invited')).toEqual(['officer@example.org as branch officer of North Branch']);
  expect(await auditDetails(server, chair, 'invitation-accepted')).toEqual(['Branch officer of North Branch']);
});

test('changing someone to branch officer needs a branch; moving them to another branch or back to editor is recorded with the branches', async () => {
  const { server, chair, north, south } = await teamServer();
  const change = (body: object) => chair.fetch(`${server.baseUrl}${TEAM_PATHS.role}`, { method: 'POST', ...json(body) });

  const without = await change({ email: EDITOR.email, role: 'branch-officer' });
  expect(without.status).toBe(400);
  expect(await without.json()).toMatchObject({ error: { fieldErrors: { branchId: API_MESSAGES.branchNeeded } } });
  expect(server.app.accounts.find(EDITOR.email)).toMatchObject({ role: 'editor', branchId: null });

  const made = await change({ email: EDITOR.email, role: 'branch-officer', branchId: north });
  expect((await made.json()).members).toContainEqual({ email: EDITOR.email, role: 'branch-officer', branch: { id: north, name: 'North Branch' }, status: 'active', fixed: false, you: false });
  await change({ email: EDITOR.email, role: 'branch-officer', branchId: south });
  // The branch a role does not use is not kept.
  const back = await change({ email: EDITOR.email, role: 'editor', branchId: south });
  expect((await back.json()).members).toContainEqual({ email: EDITOR.email, role: 'editor', status: 'active', fixed: false, you: false });

  expect(await auditDetails(server, chair, 'role-changed')).toEqual([
    'editor@example.org: branch officer of South Branch to editor',
    'editor@example.org: branch officer of North Branch to branch officer of South Branch',
    'editor@example.org: editor to branch officer of North Branch',
  ]);
});

test('the database refuses a branch officer without a branch, and a branch on any other role', async () => {
  const { server, north } = await teamServer();
  const { db } = server.app;
  const insert = db.prepare("INSERT INTO accounts (email, password_hash, role, branch_id, created_at, updated_at) VALUES (?, 'x', ?, ?, 'x', 'x')");

  expect(() => insert.run('a@example.org', 'branch-officer', null)).toThrow(/CHECK constraint failed/);
  expect(() => insert.run('b@example.org', 'editor', Number(north))).toThrow(/CHECK constraint failed/);
  expect(() => insert.run('c@example.org', null, Number(north))).toThrow(/CHECK constraint failed/);
  expect(() => insert.run('d@example.org', 'branch-officer', 999)).toThrow(/FOREIGN KEY constraint failed/);
  insert.run('e@example.org', 'branch-officer', Number(north));
  expect(server.app.accounts.find('e@example.org')).toMatchObject({ role: 'branch-officer', branchId: Number(north) });
});

test('accounts made before the branch officer role keep their role, sessions, trusted browsers and two-step sign-in, and invitations their links', async () => {
  const dataDir = temporaryDir('before-officers');
  const before = MIGRATIONS.findIndex((sql) => sql.includes("'branch-officer'"));
  const old = new Database(path.join(dataDir, 'site.db'));
  old.pragma('foreign_keys = ON');
  MIGRATIONS.slice(0, before).forEach((sql) => old.exec(sql));
  old.pragma(`user_version = ${before}`);
  const hashing = await startTestServer({ dataDir: temporaryDir('hashing') });
  const hash = await hashing.app.hasher.hash(EDITOR.password);
  await hashing.close();
  old.prepare("INSERT INTO accounts (email, password_hash, created_at, updated_at, role, totp_secret) VALUES (?, ?, 'x', 'x', 'editor', 'SECRET')").run(EDITOR.email, hash);
  // A session of now: the start-up sweep would remove an expired one.
  old.prepare("INSERT INTO sessions (token_hash, email, created_at, last_seen_at, public_id) VALUES ('t', ?, ?, ?, 'p')").run(EDITOR.email, Date.now(), Date.now());
  old.prepare("INSERT INTO recovery_codes (email, code_hash) VALUES (?, 'c')").run(EDITOR.email);
  old.prepare("INSERT INTO trusted_browsers (id, token_hash, email, created_at, expires_at) VALUES ('b', 'h', ?, ?, ?)").run(EDITOR.email, Date.now(), Date.now() + 60_000);
  // A link still open: expired ones are cleared at start-up (server/auth/invitation-retention.ts).
  const linkOpenUntil = Date.now() + 60_000;
  old.prepare("INSERT INTO invitations (id, email, role, invited_by, created_at, token_hash, expires_at) VALUES (7, 'new@example.org', 'membership-secretary', ?, 1, 'th', ?)").run(EDITOR.email, linkOpenUntil);
  old.close();

  const upgraded = await startTestServer({ dataDir });
  const { db } = upgraded.app;

  expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  expect(db.prepare('SELECT email, role, branch_id, totp_secret FROM accounts').all()).toEqual([{ email: EDITOR.email, role: 'editor', branch_id: null, totp_secret: 'SECRET' }]);
  expect(db.prepare('SELECT email FROM sessions').all()).toEqual([{ email: EDITOR.email }]);
  expect(db.prepare('SELECT email FROM recovery_codes').all()).toEqual([{ email: EDITOR.email }]);
  expect(db.prepare('SELECT email FROM trusted_browsers').all()).toEqual([{ email: EDITOR.email }]);
  expect(upgraded.app.invitations.get(7)).toMatchObject({ email: 'new@example.org', role: 'membership-secretary', branchId: null, expiresAt: linkOpenUntil });
  expect(db.pragma('foreign_key_check')).toEqual([]);
  // Removing the account still takes its sessions with it: the references survived the new table.
  upgraded.app.accounts.remove(EDITOR.email);
  expect(db.prepare('SELECT COUNT(*) AS count FROM sessions').get()).toEqual({ count: 0 });
});
