import { expect, test } from 'vitest';
import { ADMIN, ADMIN_ENV, addTestAccounts, json } from './helpers/accounts';
import { createCookieJarFetch, type CookieJarFetch } from './helpers/cookie-jar';
import { MINUTE, createTestClock } from './helpers/test-clock';
import { startTestServer } from './helpers/test-server';

// The server trusts one proxy hop, so each test "client" is told apart by the address the
// proxy would have written last, as it is in production.
const ENV = { ...ADMIN_ENV, TRUST_PROXY: '1' };

function from(address: string, jar: CookieJarFetch = createCookieJarFetch()) {
  return (baseUrl: string, password: string) =>
    jar.fetch(`${baseUrl}/api/session`, {
      method: 'POST',
      ...json({ email: ADMIN.email, password }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    });
}

test('someone who knows the administrator e-mail cannot lock them out: wrong passwords slow only the address they come from', async () => {
  const server = await startTestServer({ env: ENV });
  await addTestAccounts(server.app);
  const attacker = from('198.51.100.7');
  const administrator = from('192.0.2.10');

  const attempts: number[] = [];
  for (let index = 0; index < 8; index += 1) attempts.push((await attacker(server.baseUrl, `guess number ${index}`)).status);
  const realSignIn = await administrator(server.baseUrl, ADMIN.password);
  const attackerWithRightPassword = await attacker(server.baseUrl, ADMIN.password);

  expect(attempts).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  expect(realSignIn.status).toBe(200);
  expect(attackerWithRightPassword.status).toBe(429);
});

test('guesses spread over many addresses slow new browsers, but the browser the administrator signed in with before still gets in', async () => {
  const clock = createTestClock();
  const server = await startTestServer({ env: ENV, clock: clock.now });
  await addTestAccounts(server.app);
  const usualBrowser = createCookieJarFetch();
  const before = await from('192.0.2.10', usualBrowser)(server.baseUrl, ADMIN.password);
  await usualBrowser.fetch(`${server.baseUrl}/api/session`, { method: 'DELETE' });

  const guesses: number[] = [];
  for (let index = 0; index < 12; index += 1) {
    guesses.push((await from(`198.51.100.${index + 1}`)(server.baseUrl, `guess number ${index}`)).status);
  }
  const newBrowser = await from('192.0.2.99')(server.baseUrl, ADMIN.password);
  const known = await from('192.0.2.10', usualBrowser)(server.baseUrl, ADMIN.password);
  clock.advance(15 * MINUTE + 1000);
  const newBrowserLater = await from('192.0.2.99')(server.baseUrl, ADMIN.password);

  expect(before.status).toBe(200);
  expect(guesses.slice(0, 10)).toEqual(Array<number>(10).fill(401));
  expect(guesses.slice(10)).toEqual([429, 429]);
  expect(newBrowser.status).toBe(429);
  expect(known.status).toBe(200);
  expect(newBrowserLater.status).toBe(200);
});

test('a known browser still has a limit of its own', async () => {
  const server = await startTestServer({ env: ENV });
  await addTestAccounts(server.app);
  const browser = createCookieJarFetch();
  await from('192.0.2.10', browser)(server.baseUrl, ADMIN.password);

  const statuses: number[] = [];
  for (let index = 0; index < 6; index += 1) {
    statuses.push((await from(`192.0.2.${20 + index}`, browser)(server.baseUrl, `wrong ${index}`)).status);
  }

  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
});
