import { MAX_MESSAGES_PER_NETWORK } from '../../server/contact/contact-intake';
import { expect, test } from 'vitest';
import { ADMIN, ADMIN_ENV, addTestAccounts, json } from './helpers/accounts';
import { startReverseProxy, type ProxyKind } from './helpers/reverse-proxy';
import { startTestServer } from './helpers/test-server';

const PROXIES: readonly ProxyKind[] = ['nginx', 'caddy'];

/** A different made-up client address on every request, as an attacker would write them. */
const faked = (index: number) => ({ 'x-forwarded-for': `203.0.113.${index + 1}` });

test.for(PROXIES)('behind %s as documented, a faked X-Forwarded-For does not reset the sign-in limit for an address', async (kind, context) => {
  const server = await startTestServer({ env: { ...ADMIN_ENV, TRUST_PROXY: '1' } });
  await addTestAccounts(server.app);
  const proxy = await startReverseProxy(context, kind, server.baseUrl);

  const statuses: number[] = [];
  for (let index = 0; index < 21; index += 1) {
    const response = await fetch(`${proxy.baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...faked(index) },
      body: JSON.stringify({ email: `person${index}@example.org`, password: 'some wrong password' }),
    });
    statuses.push(response.status);
  }

  expect(statuses.slice(0, 20)).toEqual(Array<number>(20).fill(401));
  expect(statuses[20]).toBe(429);
});

test.for(PROXIES)('behind %s as documented, a faked X-Forwarded-For does not reset the contact limit for an address', async (kind, context) => {
  const server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  const proxy = await startReverseProxy(context, kind, server.baseUrl);

  // Each message from a new sender, so only the limit per network address can refuse one.
  const statuses: number[] = [];
  for (let index = 0; index <= MAX_MESSAGES_PER_NETWORK; index += 1) {
    const response = await fetch(`${proxy.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...faked(index) },
      body: JSON.stringify({ name: 'Visitor', email: `visitor${index}@example.org`, message: `Message number ${index}` }),
    });
    statuses.push(response.status);
  }

  expect(statuses).toEqual([...Array<number>(MAX_MESSAGES_PER_NETWORK).fill(202), 429]);
});

test.for(PROXIES)('behind %s as documented, the server logs the real address, not the one the client wrote', async (kind, context) => {
  const lines: string[] = [];
  const server = await startTestServer({ env: { ...ADMIN_ENV, TRUST_PROXY: '1', LOG_LEVEL: 'info' }, logDestination: { write: (line) => lines.push(line) } });
  await addTestAccounts(server.app);
  const proxy = await startReverseProxy(context, kind, server.baseUrl);

  const response = await fetch(`${proxy.baseUrl}/api/session`, { method: 'POST', ...json(ADMIN), headers: { 'content-type': 'application/json', ...faked(0) } });
  const addresses = lines
    .map((line) => JSON.parse(line) as { req?: { url?: string; remoteAddress?: string } })
    .filter((entry) => entry.req?.url === '/api/session')
    .map((entry) => entry.req?.remoteAddress);

  expect(response.status).toBe(200);
  expect(addresses).toEqual(['127.0.0.1']);
});
