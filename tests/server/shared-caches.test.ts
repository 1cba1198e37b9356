import { expect, test } from 'vitest';
import { twoStepEnrolmentSchema } from '../../contract/wire';
import { ADMIN, ADMIN_ENV, MEMBER, addTestAccounts, json, signedIn } from './helpers/accounts';
import { appCode } from './helpers/authenticator-app';
import { createCookieJarFetch } from './helpers/cookie-jar';
import { sharedCacheMayStore } from './helpers/shared-cache';
import { createTestClock } from './helpers/test-clock';
import { startTestServer } from './helpers/test-server';

/** Every response that sets or clears a cookie, as a cache between the browser and the server sees it. */
function expectStoredByNoCache(response: Response, what: string): void {
  expect(response.headers.getSetCookie().length, `${what} sets a cookie`).toBeGreaterThan(0);
  expect(response.headers.get('cache-control'), what).toBe('no-store');
  expect(sharedCacheMayStore(response.headers), what).toBe(false);
}

test('signing in, its second step and signing out set cookies that no cache stores', async () => {
  const clock = createTestClock();
  const server = await startTestServer({ env: { ...ADMIN_ENV }, clock: clock.now });
  await addTestAccounts(server.app);
  const enrolling = await signedIn(server.baseUrl, ADMIN);
  const { key } = twoStepEnrolmentSchema.parse(await (await enrolling.fetch(`${server.baseUrl}/api/account/two-step/enrolment`, { method: 'POST' })).json());
  await enrolling.fetch(`${server.baseUrl}/api/account/two-step/enrolment`, { method: 'PUT', ...json({ code: appCode(key, clock.now()) }) });
  clock.advance(60_000);
  const browser = createCookieJarFetch();
  const member = createCookieJarFetch();

  const password = await browser.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(ADMIN) });
  const secondStep = await browser.fetch(`${server.baseUrl}/api/session/second-step`, { method: 'POST', ...json({ code: appCode(key, clock.now()) }) });
  const signOut = await browser.fetch(`${server.baseUrl}/api/session`, { method: 'DELETE' });
  const memberSignIn = await member.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(MEMBER) });

  expect([password.status, secondStep.status, signOut.status, memberSignIn.status]).toEqual([202, 200, 204, 200]);
  expectStoredByNoCache(password, 'the password step');
  expectStoredByNoCache(secondStep, 'the second step');
  expectStoredByNoCache(signOut, 'signing out');
  expectStoredByNoCache(memberSignIn, 'a one-step sign-in');
});

test('the display settings posted without script set or clear their cookie in a response no cache stores', async () => {
  const server = await startTestServer();
  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  const choosing = await fetch(`${server.baseUrl}/display-settings`, form({ text: 'large', colours: 'dark' }));
  const clearing = await fetch(`${server.baseUrl}/display-settings`, form({ text: 'standard', colours: 'standard' }));

  expect([choosing.status, clearing.status]).toEqual([303, 303]);
  expectStoredByNoCache(choosing, 'choosing a setting');
  expectStoredByNoCache(clearing, 'going back to standard');
});

test('an unknown API address, a refused sign-in and a missing file are errors no cache stores', async () => {
  const server = await startTestServer({ env: { ...ADMIN_ENV } });
  await addTestAccounts(server.app);

  const responses = await Promise.all([
    fetch(`${server.baseUrl}/api/nothing-here`),
    fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json({ email: ADMIN.email, password: 'not the password at all' }) }),
    fetch(`${server.baseUrl}/files/newsletters/Nothing.pdf`),
    fetch(`${server.baseUrl}/api/contact-messages`),
  ]);

  expect(responses.map((response) => response.status)).toEqual([404, 401, 404, 401]);
  for (const response of responses) expect(response.headers.get('cache-control'), response.url).toBe('no-store');
});
