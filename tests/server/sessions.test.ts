import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { ADMIN, ADMIN_ENV, MEMBER, addTestAccounts, json, signedIn } from './helpers/accounts';
import { createCookieJarFetch } from './helpers/cookie-jar';
import { HOUR, MINUTE, createTestClock } from './helpers/test-clock';
import { startTestServer } from './helpers/test-server';

async function sessionUser(fetchImpl: typeof fetch, baseUrl: string) {
  return ((await (await fetchImpl(`${baseUrl}/api/session`)).json()) as { user: unknown }).user;
}

test('an administrator signs in and gets a long random session cookie that scripts cannot read', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = createCookieJarFetch();

  const response = await jar.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(ADMIN) });
  const cookie = jar.setCookieHeaders[0] ?? '';
  const token = jar.cookies.get('rnai_session') ?? '';

  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ email: ADMIN.email, administrator: true, role: 'administrator' });
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; SameSite=Lax/);
  expect(cookie).toMatch(/; Path=\//);
  expect(cookie).not.toMatch(/; Secure/);
  // 32 random bytes in base64url: 256 bits.
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await sessionUser(jar.fetch, server.baseUrl)).toEqual({ email: ADMIN.email, administrator: true, role: 'administrator' });
});

test('over HTTPS behind a trusted proxy the cookie is Secure', async () => {
  const server = await startTestServer({ env: { ...ADMIN_ENV, TRUST_PROXY: '1' } });
  await addTestAccounts(server.app);
  const jar = createCookieJarFetch({ headers: { 'x-forwarded-proto': 'https' } });

  await jar.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(ADMIN) });

  expect(jar.setCookieHeaders[0]).toMatch(/; Secure/);
});

test('nobody is signed in without a cookie, and a made-up cookie counts for nothing', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);

  const anonymous = await sessionUser(fetch, server.baseUrl);
  const forged = await sessionUser((input, init) => fetch(input, { ...init, headers: { cookie: 'rnai_session=forged-token' } }), server.baseUrl);

  expect(anonymous).toBeNull();
  expect(forged).toBeNull();
});

test('a wrong password and an unknown account get the same response', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);

  const wrong = await fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json({ ...ADMIN, password: 'not the password!' }) });
  const unknown = await fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json({ email: 'nobody@example.org', password: ADMIN.password }) });

  expect(wrong.status).toBe(401);
  expect(unknown.status).toBe(401);
  expect(await wrong.json()).toEqual(await unknown.json());
});

test('signing in again replaces the session, so an earlier token stops working', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const before = jar.cookies.get('rnai_session');

  await jar.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(ADMIN) });
  const after = jar.cookies.get('rnai_session');
  const withOldToken = await sessionUser(
    (input, init) => fetch(input, { ...init, headers: { cookie: `rnai_session=${before}` } }),
    server.baseUrl,
  );

  expect(after).not.toBe(before);
  expect(withOldToken).toBeNull();
  expect(await sessionUser(jar.fetch, server.baseUrl)).toMatchObject({ email: ADMIN.email });
});

test('signing out ends the session on the server, not only in the browser', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const token = jar.cookies.get('rnai_session');

  const response = await jar.fetch(`${server.baseUrl}/api/session`, { method: 'DELETE' });
  const replayed = await fetch(`${server.baseUrl}/api/posts`, { method: 'POST', headers: { cookie: `rnai_session=${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'T', body: 'B' }) });

  expect(response.status).toBe(204);
  expect(jar.cookies.has('rnai_session')).toBe(false);
  expect(replayed.status).toBe(401);
});

test('a session ends after 2 hours without activity', async () => {
  const clock = createTestClock();
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);

  clock.advance(2 * HOUR - MINUTE);
  const stillThere = await sessionUser(jar.fetch, server.baseUrl);
  clock.advance(2 * HOUR + MINUTE);
  const gone = await sessionUser(jar.fetch, server.baseUrl);

  expect(stillThere).not.toBeNull();
  expect(gone).toBeNull();
});

test('a session ends 12 hours after sign-in however active it is', async () => {
  const clock = createTestClock();
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);

  const seen: unknown[] = [];
  for (let hour = 1; hour <= 12; hour += 1) {
    clock.advance(HOUR);
    seen.push(await sessionUser(jar.fetch, server.baseUrl));
  }
  clock.advance(MINUTE);
  const afterTwelveHours = await sessionUser(jar.fetch, server.baseUrl);

  expect(seen.every((user) => user !== null)).toBe(true);
  expect(afterTwelveHours).toBeNull();
});

test('the 6th failed sign-in for an account within 15 minutes gets 429 with Retry-After, even with the right password', async () => {
  const clock = createTestClock();
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  await addTestAccounts(server.app);
  const attempt = (password: string) => fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json({ email: ADMIN.email, password }) });

  const failures = [];
  for (let index = 0; index < 5; index += 1) {
    failures.push((await attempt(`wrong password ${index}`)).status);
    clock.advance(MINUTE);
  }
  const sixth = await attempt(ADMIN.password);
  clock.advance(10 * MINUTE);
  const afterWindow = await attempt(ADMIN.password);

  expect(failures).toEqual([401, 401, 401, 401, 401]);
  expect(sixth.status).toBe(429);
  // The oldest failure was 5 minutes ago, so the window frees up in 10.
  expect(sixth.headers.get('retry-after')).toBe(String(10 * 60));
  expect(await sixth.json()).toMatchObject({ error: { kind: 'too-many-requests', message: API_MESSAGES.tooManySignIns, retryAfterSeconds: 600 } });
  expect(afterWindow.status).toBe(200);
});

test('more than 20 failed sign-ins from one address, across accounts, are throttled', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);

  const statuses = [];
  for (let index = 0; index < 21; index += 1) {
    const response = await fetch(`${server.baseUrl}/api/session`, {
      method: 'POST',
      ...json({ email: `person${index}@example.org`, password: 'some wrong password' }),
    });
    statuses.push(response.status);
  }
  const member = await fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(MEMBER) });

  expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
  expect(statuses[20]).toBe(429);
  expect(member.status).toBe(429);
});

test('a sign-in flood waits for a hashing slot or is told the site is busy, while pages keep responding', async () => {
  const server = await startTestServer({ env: { ...ADMIN_ENV, HASH_CONCURRENCY: '1', PASSWORD_HASH_COST: '14' } });

  const flood = Array.from({ length: 30 }, (_, index) =>
    fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json({ email: `flood${index}@example.org`, password: 'flooding password' }) }),
  );
  const started = Date.now();
  const page = await fetch(`${server.baseUrl}/api/posts`);
  const pageMs = Date.now() - started;
  const responses = await Promise.all(flood);
  const busy = responses.filter((response) => response.status === 503);

  expect(page.status).toBe(200);
  expect(pageMs).toBeLessThan(1_000);
  expect(busy.length).toBeGreaterThan(0);
  expect(busy[0]?.headers.get('retry-after')).toBe('5');
  expect(responses.every((response) => response.status === 401 || response.status === 503)).toBe(true);
});

test('a request from another site cannot change anything, even with the administrator cookie', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const post = (headers: Record<string, string>) =>
    jar.fetch(`${server.baseUrl}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ title: 'Planted', body: 'By another site' }),
    });

  const fromOtherOrigin = await post({ origin: 'https://attacker.example' });
  const fromNullOrigin = await post({ origin: 'null' });
  const crossSiteWithoutOrigin = await post({ 'sec-fetch-site': 'cross-site' });
  const fromOwnPage = await post({ origin: server.baseUrl, 'sec-fetch-site': 'same-origin' });

  expect(fromOtherOrigin.status).toBe(403);
  expect(await fromOtherOrigin.json()).toMatchObject({ error: { kind: 'not-authorised', message: API_MESSAGES.crossOrigin } });
  expect(fromNullOrigin.status).toBe(403);
  expect(crossSiteWithoutOrigin.status).toBe(403);
  expect(fromOwnPage.status).toBe(201);
  expect(server.app.posts.list().map((p) => p.title)).toEqual(['Planted']);
});

test('with PUBLIC_URL set, only that origin may change things', async () => {
  const server = await startTestServer({ env: { ...ADMIN_ENV, PUBLIC_URL: 'https://www.example.org' } });
  await addTestAccounts(server.app);

  const fromPublic = await fetch(`${server.baseUrl}/api/contact`, {
    method: 'POST',
    headers: { origin: 'https://www.example.org', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ann', email: 'ann@example.org', message: 'Hello' }),
  });
  const fromLocal = await fetch(`${server.baseUrl}/api/contact`, {
    method: 'POST',
    headers: { origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ann', email: 'ann@example.org', message: 'Hello' }),
  });

  expect(fromPublic.status).toBe(202);
  expect(fromLocal.status).toBe(403);
});
