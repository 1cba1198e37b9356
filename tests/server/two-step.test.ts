import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { recoveryCodesSchema, twoStepEnrolmentSchema, twoStepStateSchema } from '../../contract/wire';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { appCode, base32Bytes, totpCode } from './helpers/authenticator-app';
import { createCookieJarFetch, type CookieJarFetch } from './helpers/cookie-jar';
import { MINUTE, createTestClock, type TestClock } from './helpers/test-clock';
import { startTestServer, type TestServer } from './helpers/test-server';

const root = path.resolve(import.meta.dirname, '../..');

test('the tests compute codes as RFC 6238 says (its SHA-1 test vectors)', () => {
  const key = Buffer.from('12345678901234567890', 'ascii');
  const vectors: readonly [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];

  expect(vectors.map(([seconds]) => totpCode(key, seconds * 1000, 8))).toEqual(vectors.map(([, code]) => code));
  expect(base32Bytes('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString('ascii')).toBe('12345678901234567890');
});

async function enrol(jar: CookieJarFetch, server: TestServer, clock: TestClock) {
  const start = await jar.fetch(`${server.baseUrl}/api/account/two-step/enrolment`, { method: 'POST' });
  const enrolment = twoStepEnrolmentSchema.parse(await start.json());
  const confirm = await jar.fetch(`${server.baseUrl}/api/account/two-step/enrolment`, {
    method: 'PUT',
    ...json({ code: appCode(enrolment.key, clock.now()) }),
  });
  const { recoveryCodes } = recoveryCodesSchema.parse(await confirm.json());
  return { start, enrolment, confirm, recoveryCodes };
}

function signIn(jar: CookieJarFetch, server: TestServer, password = ADMIN.password) {
  return jar.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json({ email: ADMIN.email, password }) });
}

function secondStep(jar: CookieJarFetch, server: TestServer, code: string) {
  return jar.fetch(`${server.baseUrl}/api/session/second-step`, { method: 'POST', ...json({ code }) });
}

async function currentUser(jar: CookieJarFetch, server: TestServer): Promise<unknown> {
  return ((await (await jar.fetch(`${server.baseUrl}/api/session`)).json()) as { user: unknown }).user;
}

async function adminWithTwoStep(env: Record<string, string> = {}) {
  const clock = createTestClock();
  const server = await startTestServer({ env: { ...ADMIN_ENV, ...env }, clock: clock.now });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const enrolled = await enrol(jar, server, clock);
  return { clock, server, jar, ...enrolled };
}

test('enrolment: a QR code and a key to type, confirmed with a code from the app, gives ten recovery codes', async () => {
  const { server, jar, start, enrolment, confirm, recoveryCodes } = await adminWithTwoStep();

  const state = twoStepStateSchema.parse(await (await jar.fetch(`${server.baseUrl}/api/account/two-step`)).json());

  expect(start.status).toBe(201);
  expect(enrolment.qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>\s*$/);
  expect(enrolment.key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  expect(enrolment.otpauthUri).toBe(
    `otpauth://totp/RNAI%20website%3A${encodeURIComponent(ADMIN.email)}?secret=${enrolment.key.replace(/ /g, '')}&issuer=RNAI+website&algorithm=SHA1&digits=6&period=30`,
  );
  expect(confirm.status).toBe(200);
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  expect(recoveryCodes.every((code) => /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/.test(code))).toBe(true);
  expect(state).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
});

test('recovery codes are stored only as hashes', async () => {
  const { server, recoveryCodes } = await adminWithTwoStep();

  const stored = server.app.db.prepare('SELECT code_hash FROM recovery_codes').pluck().all().map(String);

  expect(stored).toHaveLength(10);
  for (const code of recoveryCodes) {
    expect(stored.some((hash) => hash.includes(code) || hash.includes(code.replace(/-/g, '')))).toBe(false);
  }
});

test('a wrong enrolment code turns nothing on', async () => {
  const clock = createTestClock();
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const enrolment = twoStepEnrolmentSchema.parse(await (await jar.fetch(`${server.baseUrl}/api/account/two-step/enrolment`, { method: 'POST' })).json());
  const right = appCode(enrolment.key, clock.now());
  const wrong = right === '000000' ? '111111' : '000000';

  const response = await jar.fetch(`${server.baseUrl}/api/account/two-step/enrolment`, { method: 'PUT', ...json({ code: wrong }) });
  const state = twoStepStateSchema.parse(await (await jar.fetch(`${server.baseUrl}/api/account/two-step`)).json());

  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: { message: API_MESSAGES.wrongEnrolmentCode } });
  expect(state.enabled).toBe(false);
});

test('with two-step sign-in on, the password alone does not sign in; a code from the app does, once', async () => {
  const { clock, server, enrolment } = await adminWithTwoStep();
  clock.advance(MINUTE);
  const browser = createCookieJarFetch();

  const password = await signIn(browser, server);
  const cookieAfterPassword = browser.cookies.has('rnai_session');
  const afterPassword = await currentUser(browser, server);
  const code = appCode(enrolment.key, clock.now());
  const second = await secondStep(browser, server, code);
  const afterCode = await currentUser(browser, server);
  const otherBrowser = createCookieJarFetch();
  await signIn(otherBrowser, server);
  const replay = await secondStep(otherBrowser, server, code);

  expect(password.status).toBe(202);
  expect(await password.json()).toEqual({ secondStep: { methods: ['totp', 'recovery-code'] } });
  expect(cookieAfterPassword).toBe(false);
  expect(afterPassword).toBeNull();
  expect(second.status).toBe(200);
  expect(afterCode).toEqual({ email: ADMIN.email, administrator: true, role: 'administrator' });
  expect(replay.status).toBe(401);
  expect(await replay.json()).toMatchObject({ error: { message: API_MESSAGES.wrongCode } });
  expect(await currentUser(otherBrowser, server)).toBeNull();
});

test('a code from 30 seconds ago or ahead still works (clock drift), one from two minutes ago does not', async () => {
  const { clock, server, enrolment } = await adminWithTwoStep();
  clock.advance(10 * MINUTE);
  const browser = createCookieJarFetch();

  await signIn(browser, server);
  const old = await secondStep(browser, server, appCode(enrolment.key, clock.now() - 2 * MINUTE));
  const drifted = await secondStep(browser, server, appCode(enrolment.key, clock.now() - 30_000));

  expect(old.status).toBe(401);
  expect(drifted.status).toBe(200);
});

test('a recovery code signs in once, and is then used up', async () => {
  const { server, recoveryCodes } = await adminWithTwoStep();
  const [code = ''] = recoveryCodes;
  const first = createCookieJarFetch();
  const second = createCookieJarFetch();

  await signIn(first, server);
  const used = await secondStep(first, server, code.toUpperCase());
  await signIn(second, server);
  const again = await secondStep(second, server, code);
  const state = twoStepStateSchema.parse(await (await first.fetch(`${server.baseUrl}/api/account/two-step`)).json());

  expect(used.status).toBe(200);
  expect(again.status).toBe(401);
  expect(state.recoveryCodesLeft).toBe(9);
});

test('wrong codes are limited like passwords: the 6th within 15 minutes waits, even with a right code', async () => {
  const { clock, server, enrolment } = await adminWithTwoStep();
  clock.advance(MINUTE);
  const browser = createCookieJarFetch();
  await signIn(browser, server);

  const statuses: number[] = [];
  for (let index = 0; index < 5; index += 1) statuses.push((await secondStep(browser, server, `12345${index}`)).status);
  const right = await secondStep(browser, server, appCode(enrolment.key, clock.now()));

  expect(statuses).toEqual([401, 401, 401, 401, 401]);
  expect(right.status).toBe(429);
  expect(await right.json()).toMatchObject({ error: { kind: 'too-many-requests', message: API_MESSAGES.tooManyCodes } });
});

test('the second step must follow the password within 5 minutes', async () => {
  const { clock, server, enrolment } = await adminWithTwoStep();
  const browser = createCookieJarFetch();
  await signIn(browser, server);

  clock.advance(5 * MINUTE + 1000);
  const late = await secondStep(browser, server, appCode(enrolment.key, clock.now()));
  const withoutPassword = await secondStep(createCookieJarFetch(), server, appCode(enrolment.key, clock.now()));

  expect(late.status).toBe(401);
  expect(await late.json()).toMatchObject({ error: { message: API_MESSAGES.secondStepExpired } });
  expect(withoutPassword.status).toBe(401);
});

test('npm run admin -- reset-2fa turns it off for a lost phone: the password alone signs in again', async () => {
  const { server } = await adminWithTwoStep();
  await server.close();

  const result = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/cli/admin.ts'), 'reset-2fa', ADMIN.email], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: server.dataDir },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
  const restarted = await startTestServer({ env: ADMIN_ENV, dataDir: server.dataDir });
  const browser = createCookieJarFetch();
  const password = await signIn(browser, restarted);

  expect(result.code).toBe(0);
  expect(result.stdout).toContain(`Turned off two-step sign-in for ${ADMIN.email}`);
  expect(password.status).toBe(200);
  expect(restarted.app.auditTrail.list({ kind: 'two-step-reset', limit: 10 })).toEqual([
    expect.objectContaining({ actor: ADMIN.email, kind: 'two-step-reset', address: '' }),
  ]);
});

test('turning it off needs the current password, and is refused where the site requires it', async () => {
  const { server, jar } = await adminWithTwoStep();
  const off = (password: string) => jar.fetch(`${server.baseUrl}/api/account/two-step`, { method: 'DELETE', ...json({ password }) });

  const wrong = await off('not my password at all');
  const right = await off(ADMIN.password);
  const state = twoStepStateSchema.parse(await (await jar.fetch(`${server.baseUrl}/api/account/two-step`)).json());

  expect(wrong.status).toBe(400);
  expect(right.status).toBe(204);
  expect(state).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
});

test('ADMIN_REQUIRE_2FA=1: an administrator without it may only set it up, then may use the admin area', async () => {
  const clock = createTestClock();
  const server = await startTestServer({ env: { ...ADMIN_ENV, ADMIN_REQUIRE_2FA: '1' }, clock: clock.now });
  await addTestAccounts(server.app);
  const jar = createCookieJarFetch();

  const password = await signIn(jar, server);
  const user = await currentUser(jar, server);
  const upload = await jar.fetch(`${server.baseUrl}/api/posts`, { method: 'POST', ...json({ title: 'Too early', body: 'Not yet' }) });
  const inbox = await jar.fetch(`${server.baseUrl}/api/contact-messages`);
  const { confirm } = await enrol(jar, server, clock);
  const afterEnrolment = await jar.fetch(`${server.baseUrl}/api/posts`, { method: 'POST', ...json({ title: 'Now', body: 'Allowed' }) });
  const off = await jar.fetch(`${server.baseUrl}/api/account/two-step`, { method: 'DELETE', ...json({ password: ADMIN.password }) });

  expect(await password.json()).toEqual({ email: ADMIN.email, administrator: true, role: 'administrator', mustSetUpTwoStep: true });
  expect(user).toEqual({ email: ADMIN.email, administrator: true, role: 'administrator', mustSetUpTwoStep: true });
  expect(upload.status).toBe(403);
  expect(await upload.json()).toMatchObject({ error: { message: API_MESSAGES.mustSetUpTwoStep } });
  expect(inbox.status).toBe(403);
  expect(confirm.status).toBe(200);
  expect(afterEnrolment.status).toBe(201);
  expect(off.status).toBe(403);
  expect(server.app.posts.list().map((post) => post.title)).toEqual(['Now']);
});
