import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { accountSessionsSchema } from '../../contract/wire';
import { ADMIN, ADMIN_ENV, addTestAccounts, json } from './helpers/accounts';
import { createCookieJarFetch, type CookieJarFetch } from './helpers/cookie-jar';
import { MINUTE, createTestClock } from './helpers/test-clock';
import { startTestServer, type TestServer } from './helpers/test-server';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

async function device(server: TestServer, userAgent: string, address: string): Promise<CookieJarFetch> {
  const jar = createCookieJarFetch({ headers: { 'user-agent': userAgent, 'x-forwarded-for': address } });
  const response = await jar.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(ADMIN) });
  if (response.status !== 200) throw new Error(`Sign-in failed with ${response.status}`);
  return jar;
}

async function sessionsSeenBy(jar: CookieJarFetch, server: TestServer) {
  return accountSessionsSchema.parse(await (await jar.fetch(`${server.baseUrl}/api/account/sessions`)).json()).sessions;
}

async function isSignedIn(jar: CookieJarFetch, server: TestServer): Promise<boolean> {
  return ((await (await jar.fetch(`${server.baseUrl}/api/session`)).json()) as { user: unknown }).user !== null;
}

async function adminOnThreeDevices() {
  const clock = createTestClock();
  const server = await startTestServer({ env: { ...ADMIN_ENV, TRUST_PROXY: '1' }, clock: clock.now });
  await addTestAccounts(server.app);
  const laptop = await device(server, FIREFOX_ON_WINDOWS, '192.0.2.10');
  clock.advance(MINUTE);
  const phone = await device(server, SAFARI_ON_IPHONE, '198.51.100.20');
  clock.advance(MINUTE);
  const tablet = await device(server, CHROME_ON_ANDROID, '203.0.113.30');
  clock.advance(MINUTE);
  return { clock, server, laptop, phone, tablet };
}

test('an administrator sees each signed-in device: the browser in plain words, its address, when it was last used', async () => {
  const { server, laptop, clock } = await adminOnThreeDevices();

  const sessions = await sessionsSeenBy(laptop, server);

  // The laptop's own request just now makes it the most recently used.
  expect(sessions.map(({ browser, address, current, lastUsedAt }) => ({ browser, address, current, lastUsedAt }))).toEqual([
    { browser: 'Firefox on Windows', address: '192.0.2.10', current: true, lastUsedAt: new Date(clock.now()).toISOString() },
    { browser: 'Chrome on Android', address: '203.0.113.30', current: false, lastUsedAt: new Date(clock.now() - MINUTE).toISOString() },
    { browser: 'Safari on iPhone', address: '198.51.100.20', current: false, lastUsedAt: new Date(clock.now() - 2 * MINUTE).toISOString() },
  ]);
});

test('ending another device signs that browser out at its next request', async () => {
  const { server, laptop, phone, tablet } = await adminOnThreeDevices();
  const phoneSession = (await sessionsSeenBy(laptop, server)).find((session) => session.browser === 'Safari on iPhone');

  const ended = await laptop.fetch(`${server.baseUrl}/api/account/sessions/${phoneSession?.id ?? ''}`, { method: 'DELETE' });
  const again = await laptop.fetch(`${server.baseUrl}/api/account/sessions/${phoneSession?.id ?? ''}`, { method: 'DELETE' });
  const phoneWrites = await phone.fetch(`${server.baseUrl}/api/posts`, { method: 'POST', ...json({ title: 'From the phone', body: 'Too late' }) });

  expect(ended.status).toBe(204);
  expect(again.status).toBe(404);
  expect(await again.json()).toMatchObject({ error: { message: API_MESSAGES.sessionNotFound } });
  expect(phoneWrites.status).toBe(401);
  expect(await isSignedIn(phone, server)).toBe(false);
  expect(await isSignedIn(tablet, server)).toBe(true);
  expect(await isSignedIn(laptop, server)).toBe(true);
});

test('ending all other devices leaves only this one', async () => {
  const { server, laptop, phone, tablet } = await adminOnThreeDevices();

  const response = await laptop.fetch(`${server.baseUrl}/api/account/sessions`, { method: 'DELETE' });

  expect(await response.json()).toEqual({ ended: 2 });
  expect(await isSignedIn(phone, server)).toBe(false);
  expect(await isSignedIn(tablet, server)).toBe(false);
  expect((await sessionsSeenBy(laptop, server)).map((session) => session.current)).toEqual([true]);
});

test('another account cannot end an administrator device, even knowing its id', async () => {
  const { server, laptop } = await adminOnThreeDevices();
  const chair = { email: 'chair@example.org', password: 'the chair passphrase' };
  server.app.accounts.save(chair.email, await server.app.hasher.hash(chair.password), new Date().toISOString());
  const [laptopSession] = await sessionsSeenBy(laptop, server);
  const other = createCookieJarFetch();
  await other.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(chair) });

  const attempt = await other.fetch(`${server.baseUrl}/api/account/sessions/${laptopSession?.id ?? ''}`, { method: 'DELETE' });

  expect(attempt.status).toBe(403);
  expect(await isSignedIn(laptop, server)).toBe(true);
});

test('changing the password needs the current one, follows the policy, and signs out every other device', async () => {
  const { server, laptop, phone } = await adminOnThreeDevices();
  const change = (currentPassword: string, newPassword: string) =>
    laptop.fetch(`${server.baseUrl}/api/account/password`, { method: 'PUT', ...json({ currentPassword, newPassword }) });

  const wrongCurrent = await change('not my password!', 'a brand new passphrase');
  const tooShort = await change(ADMIN.password, 'short');
  const phoneStillIn = await isSignedIn(phone, server);
  const changed = await change(ADMIN.password, 'a brand new passphrase');
  const oldPassword = await fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(ADMIN) });
  const newPassword = await fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json({ ...ADMIN, password: 'a brand new passphrase' }) });

  expect(wrongCurrent.status).toBe(400);
  expect(await wrongCurrent.json()).toMatchObject({ error: { message: API_MESSAGES.wrongCurrentPassword, fieldErrors: { currentPassword: API_MESSAGES.wrongCurrentPassword } } });
  expect(tooShort.status).toBe(400);
  expect(await tooShort.json()).toMatchObject({ error: { fieldErrors: { newPassword: 'Please choose a password of at least 12 characters.' } } });
  expect(phoneStillIn).toBe(true);
  expect(changed.status).toBe(204);
  expect(await isSignedIn(phone, server)).toBe(false);
  expect(await isSignedIn(laptop, server)).toBe(true);
  expect(oldPassword.status).toBe(401);
  expect(newPassword.status).toBe(200);
});

test('guessing the current password from an open session is limited like signing in', async () => {
  const { server, laptop } = await adminOnThreeDevices();

  const statuses: number[] = [];
  for (let index = 0; index < 6; index += 1) {
    const response = await laptop.fetch(`${server.baseUrl}/api/account/password`, {
      method: 'PUT',
      ...json({ currentPassword: `guess number ${index}`, newPassword: 'a brand new passphrase' }),
    });
    statuses.push(response.status);
  }

  expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
});
