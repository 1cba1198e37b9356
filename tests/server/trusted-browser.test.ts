import { expect, test } from 'vitest';
import { recoveryCodesSchema, trustedBrowsersSchema, twoStepEnrolmentSchema } from '../../contract/wire';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { appCode } from './helpers/authenticator-app';
import { createCookieJarFetch, type CookieJarFetch } from './helpers/cookie-jar';
import { MINUTE, createTestClock, type TestClock } from './helpers/test-clock';
import { startTestServer, type TestServer } from './helpers/test-server';

const DAY = 24 * 60 * MINUTE;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

async function adminWithTwoStep() {
  const clock = createTestClock();
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  await addTestAccounts(server.app);
  const setUp = await signedIn(server.baseUrl, ADMIN);
  const start = await setUp.fetch(`${server.baseUrl}/api/account/two-step/enrolment`, { method: 'POST' });
  const { key } = twoStepEnrolmentSchema.parse(await start.json());
  const confirm = await setUp.fetch(`${server.baseUrl}/api/account/two-step/enrolment`, { method: 'PUT', ...json({ code: appCode(key, clock.now()) }) });
  recoveryCodesSchema.parse(await confirm.json());
  return { clock, server, key };
}

function signIn(jar: CookieJarFetch, server: TestServer) {
  return jar.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(ADMIN) });
}

/** Both steps, a fresh app code each time (a used one is refused). */
async function signInWithCode(jar: CookieJarFetch, server: TestServer, clock: TestClock, key: string, trustBrowser: boolean) {
  clock.advance(MINUTE);
  expect((await signIn(jar, server)).status).toBe(202);
  return jar.fetch(`${server.baseUrl}/api/session/second-step`, { method: 'POST', ...json({ code: appCode(key, clock.now()), trustBrowser }) });
}

function trail(server: TestServer) {
  return server.app.auditTrail.list({ limit: 20 }).map(({ kind, detail }) => ({ kind, detail }));
}

test('a browser trusted at the second step signs in with the password alone for 30 days, and not a day longer', async () => {
  const { clock, server, key } = await adminWithTwoStep();
  const browser = createCookieJarFetch({ headers: { 'user-agent': FIREFOX } });

  const second = await signInWithCode(browser, server, clock, key, true);
  expect(second.status).toBe(200);
  const cookie = browser.setCookieHeaders.find((header) => header.startsWith('rnai_trusted='));
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/Max-Age=2592000/);
  await browser.fetch(`${server.baseUrl}/api/session`, { method: 'DELETE' });

  clock.advance(29 * DAY);
  const again = await signIn(browser, server);
  expect(again.status).toBe(200);
  expect(trail(server)[0]).toEqual({ kind: 'signed-in', detail: 'with password, in a trusted browser' });
  await browser.fetch(`${server.baseUrl}/api/session`, { method: 'DELETE' });

  clock.advance(2 * DAY);
  expect((await signIn(browser, server)).status).toBe(202);
});

test('a browser not trusted, or holding a changed cookie, still needs the code', async () => {
  const { clock, server, key } = await adminWithTwoStep();
  const untrusted = createCookieJarFetch();
  expect((await signInWithCode(untrusted, server, clock, key, false)).status).toBe(200);
  await untrusted.fetch(`${server.baseUrl}/api/session`, { method: 'DELETE' });
  expect((await signIn(untrusted, server)).status).toBe(202);

  const trusted = createCookieJarFetch();
  await signInWithCode(trusted, server, clock, key, true);
  await trusted.fetch(`${server.baseUrl}/api/session`, { method: 'DELETE' });
  const value = trusted.cookies.get('rnai_trusted') ?? '';
  // The same token with a forged signature, and another token with a copied signature.
  trusted.cookies.set('rnai_trusted', `${value.split('.')[0]}.AAAA`);
  expect((await signIn(trusted, server)).status).toBe(202);
  trusted.cookies.set('rnai_trusted', `x${value}`);
  expect((await signIn(trusted, server)).status).toBe(202);
});

test('trusted browsers are listed on the account and can be revoked; both are recorded', async () => {
  const { clock, server, key } = await adminWithTwoStep();
  const browser = createCookieJarFetch({ headers: { 'user-agent': FIREFOX, 'x-forwarded-for': '192.0.2.10' } });
  await signInWithCode(browser, server, clock, key, true);

  const listed = trustedBrowsersSchema.parse(await (await browser.fetch(`${server.baseUrl}/api/account/trusted-browsers`)).json());
  expect(listed.browsers).toHaveLength(1);
  expect(listed.browsers[0]).toMatchObject({ browser: 'Firefox on Windows', current: true, expiresAt: new Date(clock.now() + 30 * DAY).toISOString() });
  expect(trail(server)).toContainEqual({ kind: 'browser-trusted', detail: expect.stringMatching(/^Firefox on Windows, /) });

  const revoked = await browser.fetch(`${server.baseUrl}/api/account/trusted-browsers/${listed.browsers[0]!.id}`, { method: 'DELETE' });
  expect(revoked.status).toBe(204);
  expect(trail(server)[0]).toEqual({ kind: 'browser-trust-ended', detail: expect.stringMatching(/^Firefox on Windows, /) });
  const after = trustedBrowsersSchema.parse(await (await browser.fetch(`${server.baseUrl}/api/account/trusted-browsers`)).json());
  expect(after.browsers).toEqual([]);

  await browser.fetch(`${server.baseUrl}/api/session`, { method: 'DELETE' });
  expect((await signIn(browser, server)).status).toBe(202);
});

test('a new password ends every trust, so whoever knew the old one cannot skip the code', async () => {
  const { clock, server, key } = await adminWithTwoStep();
  const browser = createCookieJarFetch();
  await signInWithCode(browser, server, clock, key, true);

  await browser.fetch(`${server.baseUrl}/api/account/password`, { method: 'PUT', ...json({ currentPassword: ADMIN.password, newPassword: 'a brand new passphrase' }) });
  await browser.fetch(`${server.baseUrl}/api/session`, { method: 'DELETE' });

  const again = await browser.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json({ email: ADMIN.email, password: 'a brand new passphrase' }) });
  expect(again.status).toBe(202);
});
