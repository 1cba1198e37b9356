import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { TEAM_PATHS } from '../../contract/team';
import { auditListSchema } from '../../contract/wire';
import type { StaffRole } from '../../src-core/domain/roles';
import { json, signedIn } from './helpers/accounts';
import type { CookieJarFetch } from './helpers/cookie-jar';
import { startListSmtpPeer, type ListSmtpPeer } from './helpers/list-smtp-peer';
import { createTestClock, HOUR, type TestClock } from './helpers/test-clock';
import { startTestServer, type TestServer } from './helpers/test-server';

const CHAIR = { email: 'chair@example.org', password: 'the chair passphrase' } as const;
const TREASURER = { email: 'treasurer@example.org', password: 'the treasurer passphrase' } as const;

function teamEnv(peer: ListSmtpPeer): Record<string, string> {
  return { SMTP_URL: `smtp://127.0.0.1:${peer.port}`, CONTACT_TO: 'office@example.org', MAIL_FROM: 'web@example.org', MAIL_RETRY_SECONDS: '0.05', MAIL_RATE_PER_MINUTE: '0' };
}

async function teamServer(clock?: TestClock): Promise<{ server: TestServer; peer: ListSmtpPeer; chair: CookieJarFetch }> {
  const peer = await startListSmtpPeer();
  // No ADMIN_EMAILS: every administrator here is one by the role on their account.
  const server = await startTestServer({ clock: clock?.now, env: teamEnv(peer) });
  server.app.accounts.save(CHAIR.email, await server.app.hasher.hash(CHAIR.password), new Date().toISOString(), 'administrator');
  return { server, peer, chair: await signedIn(server.baseUrl, CHAIR) };
}

async function invite(server: TestServer, admin: CookieJarFetch, email: string, role: StaffRole) {
  return admin.fetch(`${server.baseUrl}${TEAM_PATHS.invitations}`, { method: 'POST', ...json({ email, role }) });
}

async function invitationLink(peer: ListSmtpPeer, email: string): Promise<{ text: string; html: string; token: string }> {
  await expect.poll(() => peer.received.filter((mail) => mail.to === email).length).toBeGreaterThan(0);
  const parsed = await peer.received.filter((mail) => mail.to === email).at(-1)?.parsed();
  const text = parsed?.text ?? '';
  const token = /\/login\?invitation=([\w-]+)/.exec(text)?.[1];
  if (token === undefined) throw new Error(`No link in the invitation:\n${text}`);
  return { text, html: typeof parsed?.html === 'string' ? parsed.html : '', token };
}

function accept(server: TestServer, token: string, password: string) {
  return fetch(`${server.baseUrl}${TEAM_PATHS.invitation}`, { method: 'POST', ...json({ token, password }) });
}

test('an invitation by e-mail: the link names the person, a too-short password is refused, then the account is made and signed in; the link works once', async () => {
  const { server, peer, chair } = await teamServer();

  expect((await invite(server, chair, ' Editor@Example.org ', 'editor')).status).toBe(201);
  const { text, html, token } = await invitationLink(peer, 'editor@example.org');

  expect(text).toContain('chair@example.org has invited you to help run the association');
  expect(text).toContain('as editor: news, files, events and bookings.');
  expect(text).toContain('You will sign in with this e-mail address, editor@example.org. The link works once, for 48 hours.');
  expect(html).toContain('Accept the invitation');
  // Only a hash of the link's token is kept.
  expect(JSON.stringify(server.app.db.prepare('SELECT * FROM invitations').all())).not.toContain(token);
  const looked = await fetch(`${server.baseUrl}${TEAM_PATHS.invitation}?token=${token}`);
  expect(await looked.json()).toEqual({ email: 'editor@example.org', role: 'editor' });

  const short = await accept(server, token, 'too short');
  expect(short.status).toBe(400);
  expect(await short.json()).toMatchObject({ error: { message: 'Please choose a password of at least 12 characters.' } });

  const accepted = await accept(server, token, 'a good long passphrase');
  expect(accepted.status).toBe(200);
  expect(await accepted.json()).toEqual({ email: 'editor@example.org', administrator: true, role: 'editor' });
  expect(accepted.headers.getSetCookie().some((cookie) => cookie.startsWith('rnai_session='))).toBe(true);

  const again = await accept(server, token, 'another long passphrase');
  expect(again.status).toBe(404);
  expect(await again.json()).toMatchObject({ error: { message: API_MESSAGES.invitationGone } });
  expect((await fetch(`${server.baseUrl}${TEAM_PATHS.invitation}?token=${token}`)).status).toBe(404);
  const editor = await signedIn(server.baseUrl, { email: 'editor@example.org', password: 'a good long passphrase' });
  expect((await editor.fetch(`${server.baseUrl}/api/members`)).status).toBe(403);

  const team = await (await chair.fetch(`${server.baseUrl}${TEAM_PATHS.team}`)).json();
  expect(team).toEqual({
    members: [
      { email: 'chair@example.org', role: 'administrator', status: 'active', fixed: false, you: true },
      { email: 'editor@example.org', role: 'editor', status: 'active', fixed: false, you: false },
    ],
  });
  const audit = auditListSchema.parse(await (await chair.fetch(`${server.baseUrl}/api/audit`)).json());
  expect(audit.entries.map((entry) => [entry.kind, entry.actor, entry.detail]).filter(([kind]) => kind !== 'signed-in')).toEqual([
    ['invitation-accepted', 'editor@example.org', 'Editor'],
    ['team-member-invited', 'chair@example.org', 'editor@example.org as editor'],
  ]);
});

test('a link 48 hours after it was sent is refused, and the Team page shows the invitation expired', async () => {
  const clock = createTestClock();
  const { server, peer, chair } = await teamServer(clock);
  await invite(server, chair, 'late@example.org', 'membership-secretary');
  const { token } = await invitationLink(peer, 'late@example.org');

  clock.advance(47 * HOUR);
  expect((await fetch(`${server.baseUrl}${TEAM_PATHS.invitation}?token=${token}`)).status).toBe(200);
  clock.advance(HOUR);
  const late = await accept(server, token, 'a good long passphrase');

  expect(late.status).toBe(404);
  expect(await late.json()).toMatchObject({ error: { message: API_MESSAGES.invitationGone } });
  expect(server.app.accounts.find('late@example.org')).toBeUndefined();
  const later = await signedIn(server.baseUrl, CHAIR);
  const team = (await (await later.fetch(`${server.baseUrl}${TEAM_PATHS.team}`)).json()) as { members: unknown[] };
  expect(team.members).toContainEqual({ email: 'late@example.org', role: 'membership-secretary', status: 'invitation-expired', fixed: false, you: false });
});

test('the last active administrator cannot be demoted, suspended or removed; a suspended account is signed out at once', async () => {
  const { server, chair } = await teamServer();
  const post = (path: string, body: unknown) => chair.fetch(`${server.baseUrl}${path}`, { method: 'POST', ...json(body) });
  server.app.accounts.save(TREASURER.email, await server.app.hasher.hash(TREASURER.password), new Date().toISOString(), 'administrator');
  const treasurer = await signedIn(server.baseUrl, TREASURER);

  expect((await post(TEAM_PATHS.suspension, { email: TREASURER.email, suspended: true })).status).toBe(200);
  expect(await (await treasurer.fetch(`${server.baseUrl}/api/session`)).json()).toEqual({ user: null });
  const again = await fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(TREASURER) });
  expect(await again.json()).toMatchObject({ error: { message: API_MESSAGES.accountSuspended } });

  for (const [path, body] of [
    [TEAM_PATHS.role, { email: CHAIR.email, role: 'editor' }],
    [TEAM_PATHS.suspension, { email: CHAIR.email, suspended: true }],
    [TEAM_PATHS.removal, { email: CHAIR.email }],
  ] as const) {
    const refused = await post(path, body);
    expect(refused.status, path).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { message: API_MESSAGES.lastAdministrator } });
  }
  expect(server.app.accounts.find(CHAIR.email)).toMatchObject({ role: 'administrator', suspended: false });

  // Once the treasurer is back, the chair may hand over and step down to editor.
  expect((await post(TEAM_PATHS.suspension, { email: TREASURER.email, suspended: false })).status).toBe(200);
  expect((await post(TEAM_PATHS.role, { email: CHAIR.email, role: 'editor' })).status).toBe(200);
  expect((await chair.fetch(`${server.baseUrl}${TEAM_PATHS.team}`)).status).toBe(403);
  const back = await signedIn(server.baseUrl, TREASURER);
  const audit = auditListSchema.parse(await (await back.fetch(`${server.baseUrl}/api/audit?kind=role-changed`)).json());
  expect(audit.entries.map((entry) => entry.detail)).toEqual(['chair@example.org: administrator to editor']);
});

test('an address in ADMIN_EMAILS stays an administrator: the Team page cannot change it', async () => {
  const server = await startTestServer({ env: { ADMIN_EMAILS: CHAIR.email } });
  server.app.accounts.save(CHAIR.email, await server.app.hasher.hash(CHAIR.password), new Date().toISOString(), null);
  server.app.accounts.save(TREASURER.email, await server.app.hasher.hash(TREASURER.password), new Date().toISOString(), 'administrator');
  const treasurer = await signedIn(server.baseUrl, TREASURER);

  const refused = await treasurer.fetch(`${server.baseUrl}${TEAM_PATHS.removal}`, { method: 'POST', ...json({ email: CHAIR.email }) });

  expect(refused.status).toBe(409);
  expect(await refused.json()).toMatchObject({ error: { message: API_MESSAGES.fixedAdministrator } });
  const chair = await signedIn(server.baseUrl, CHAIR);
  expect(await (await chair.fetch(`${server.baseUrl}/api/session`)).json()).toMatchObject({ user: { role: 'administrator' } });
});

test('where two-step sign-in is required, the new account is signed in to set it up first', async () => {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({
    env: { ADMIN_REQUIRE_2FA: '1', SMTP_URL: `smtp://127.0.0.1:${peer.port}`, CONTACT_TO: 'office@example.org', MAIL_FROM: 'web@example.org', MAIL_RETRY_SECONDS: '0.05', MAIL_RATE_PER_MINUTE: '0' },
  });
  server.app.invitations.setToken(server.app.invitations.create('secretary@example.org', 'membership-secretary', null, CHAIR.email, Date.now()), 'a-known-token', Date.now() + HOUR);

  const accepted = await accept(server, 'a-known-token', 'a good long passphrase');

  expect(await accepted.json()).toEqual({ email: 'secretary@example.org', administrator: true, role: 'membership-secretary', mustSetUpTwoStep: true });
  const cookie = accepted.headers.getSetCookie().find((each) => each.startsWith('rnai_session='))?.split(';')[0] ?? '';
  expect((await fetch(`${server.baseUrl}/api/members`, { headers: { cookie } })).status).toBe(403);
  expect((await fetch(`${server.baseUrl}/api/account/two-step`, { headers: { cookie } })).status).toBe(200);
});

test('ended invitations are deleted by the clean-up at start-up: an expired one a week after its link expired, one whose address has an account by now at once', async () => {
  const DAY = 24 * HOUR;
  const clock = createTestClock();
  const { server, peer, chair } = await teamServer(clock);
  await invite(server, chair, 'lapsed@example.org', 'editor');
  await invitationLink(peer, 'lapsed@example.org');
  await invite(server, chair, 'elsewhere@example.org', 'editor');
  await invitationLink(peer, 'elsewhere@example.org');
  // Given an account another way, by the admin command, before opening the link.
  server.app.accounts.save('elsewhere@example.org', await server.app.hasher.hash('a passphrase of their own'), new Date(clock.now()).toISOString(), 'editor');
  clock.advance(6 * DAY);
  const chairLater = await signedIn(server.baseUrl, CHAIR);
  expect((await invite(server, chairLater, 'recent@example.org', 'membership-secretary')).status).toBe(201);
  await invitationLink(peer, 'recent@example.org');
  const teamBefore = await (await chairLater.fetch(`${server.baseUrl}${TEAM_PATHS.team}`)).json();
  await server.close();

  // The first link expired 2 days after it was sent, a week ago and an hour; the last one a day ago.
  clock.advance(3 * DAY + HOUR);
  const restarted = await startTestServer({ clock: clock.now, dataDir: server.dataDir, env: teamEnv(peer) });
  const chairAgain = await signedIn(restarted.baseUrl, CHAIR);
  const teamAfter = await (await chairAgain.fetch(`${restarted.baseUrl}${TEAM_PATHS.team}`)).json();

  expect(teamBefore.members.map((member: { email: string; status: string }) => `${member.email} ${member.status}`)).toEqual([
    'chair@example.org active',
    'elsewhere@example.org active',
    'lapsed@example.org invitation-expired',
    'recent@example.org invited',
  ]);
  expect(teamAfter.members.map((member: { email: string; status: string }) => `${member.email} ${member.status}`)).toEqual([
    'chair@example.org active',
    'elsewhere@example.org active',
    'recent@example.org invitation-expired',
  ]);
  expect(restarted.app.db.prepare('SELECT email FROM invitations').all()).toEqual([{ email: 'recent@example.org' }]);
});
