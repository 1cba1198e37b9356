import type { FastifyInstance } from 'fastify';
import { createCookieJarFetch, type CookieJarFetch } from './cookie-jar';

export const ADMIN = { email: 'secretary@example.org', password: 'correct horse battery staple' } as const;
export const MEMBER = { email: 'member@example.org', password: 'another long passphrase' } as const;

/** The env that makes ADMIN an administrator. */
export const ADMIN_ENV = { ADMIN_EMAILS: ADMIN.email } as const;

export async function addAccount(app: FastifyInstance, account: { email: string; password: string }): Promise<void> {
  app.accounts.save(account.email, await app.hasher.hash(account.password), new Date().toISOString());
}

export async function addTestAccounts(app: FastifyInstance): Promise<void> {
  await addAccount(app, ADMIN);
  await addAccount(app, MEMBER);
}

/** A cookie-keeping client signed in as the given account. */
export async function signedIn(baseUrl: string, account: { email: string; password: string }): Promise<CookieJarFetch> {
  const jar = createCookieJarFetch();
  const response = await jar.fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 200) throw new Error(`Sign-in failed with ${response.status}: ${await response.text()}`);
  return jar;
}

export function json(body: unknown): RequestInit {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
