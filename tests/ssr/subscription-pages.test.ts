import { expect, test } from 'vitest';
import { SUBSCRIPTION_CONSENT_WORDING, SUBSCRIPTION_MESSAGES, subscriberListSchema, SUBSCRIPTION_PATHS } from '../../contract/subscriptions';
import { startListSmtpPeer, type ListSmtpPeer } from '../server/helpers/list-smtp-peer';
import { ADMIN, ADMIN_ENV, addTestAccounts, signedIn } from '../server/helpers/accounts';
import type { TestServer } from '../server/helpers/test-server';
import { fetchPage, heading, startBuiltSite, text } from './support/built-server';

const THANK_YOU = 'Thank you: please check your e-mail for a link to confirm.';

async function siteWithMail(): Promise<{ server: TestServer; peer: ListSmtpPeer }> {
  const peer = await startListSmtpPeer();
  const server = await startBuiltSite({
    env: { ...ADMIN_ENV, SMTP_URL: `smtp://127.0.0.1:${peer.port}`, CONTACT_TO: 'office@example.org', MAIL_FROM: 'news@example.org', MAIL_RATE_PER_MINUTE: '0' },
  });
  return { server, peer };
}

/** A form posted as a browser without script posts it: from the site's own page, not followed. */
function postForm(server: TestServer, path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

async function confirmationToken(peer: ListSmtpPeer, email: string): Promise<string> {
  await expect.poll(() => peer.received.filter((mail) => mail.to === email).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const text = (await peer.received.find((mail) => mail.to === email)?.parsed())?.text ?? '';
  const token = /subscribe\/confirm\?token=([\w-]+)/.exec(text)?.[1];
  if (token === undefined) throw new Error(`No confirmation link in:\n${text}`);
  return token;
}

test('the home page carries a plain form that posts to the server, with the consent wording beside it', async () => {
  const server = await startBuiltSite();

  const { document } = await fetchPage(server, '/');
  const form = document.querySelector('form[action="/subscribe"]');

  expect(form?.getAttribute('method')).toBe('post');
  expect(form?.querySelector('input[name="form"]')?.getAttribute('value')).toBe('home');
  expect(text(form)).toContain(SUBSCRIPTION_CONSENT_WORDING);
});

test('subscribing and confirming without script: post, redirect, a page with the outcome; opening the link confirms nothing', async () => {
  const { server, peer } = await siteWithMail();
  await addTestAccounts(server.app);

  const posted = await postForm(server, '/subscribe', { email: 'nora@example.org', name: 'Nora', form: 'news', website: '' });
  expect(posted.status).toBe(303);
  const outcome = posted.headers.get('location') ?? '';
  expect(outcome).toBe('/subscribe?result=sent&form=news');
  const landed = await fetch(server.baseUrl + outcome);
  expect(landed.headers.get('x-robots-tag')).toBe('noindex');
  expect(landed.headers.get('cache-control')).toBe('no-store');
  expect(landed.headers.get('referrer-policy')).toBe('same-origin');
  const { document } = await fetchPage(server, outcome);
  expect(text(document.querySelector('[role="status"]'))).toBe(THANK_YOU);

  const token = await confirmationToken(peer, 'nora@example.org');
  const page = await fetchPage(server, `/subscribe/confirm?token=${token}`);
  expect(heading(page.document)).toBe('Confirm your subscription');
  expect((await fetch(`${server.baseUrl}/subscribe/confirm?token=${token}`)).headers.get('x-robots-tag')).toBe('noindex');
  const admin = await signedIn(server.baseUrl, ADMIN);
  const list = async () => subscriberListSchema.parse(await (await admin.fetch(`${server.baseUrl}${SUBSCRIPTION_PATHS.subscribers}`)).json()).counts;
  expect(await list()).toMatchObject({ confirmed: 0, pending: 1 });

  const confirmed = await postForm(server, '/subscribe/confirm', { token });
  expect(confirmed.status).toBe(303);
  expect(confirmed.headers.get('location')).toBe('/subscribe/confirm?result=confirmed');
  expect(text((await fetchPage(server, '/subscribe/confirm?result=confirmed')).document.querySelector('[role="status"]'))).toContain('You are subscribed');
  expect(await list()).toMatchObject({ confirmed: 1, pending: 0 });

  // The same link again: used.
  const again = await postForm(server, '/subscribe/confirm', { token });
  expect(again.headers.get('location')).toBe('/subscribe/confirm?result=not-valid');
  expect(text((await fetchPage(server, '/subscribe/confirm?result=not-valid&token=x')).document.querySelector('[role="alert"]'))).toBe(
    SUBSCRIPTION_MESSAGES.confirmationNotValid,
  );
});

test('an invalid address comes back with the error beside the field; a known address gets the same thanks as a new one', async () => {
  const { server } = await siteWithMail();

  const invalid = await postForm(server, '/subscribe', { email: 'not an address', form: 'footer' });
  expect(invalid.headers.get('location')).toBe('/subscribe?result=invalid-email&form=footer');
  const { document } = await fetchPage(server, invalid.headers.get('location') ?? '');
  const field = document.querySelector('input[name="email"]');
  expect(field?.getAttribute('aria-invalid')).toBe('true');
  expect(text(document.getElementById(field?.getAttribute('aria-describedby') ?? ''))).toBe(SUBSCRIPTION_MESSAGES.invalidEmail);

  const first = await postForm(server, '/subscribe', { email: 'eve@example.org', form: 'home' });
  const second = await postForm(server, '/subscribe', { email: 'eve@example.org', form: 'home' });
  expect(second.headers.get('location')).toBe(first.headers.get('location'));
});

test('the unsubscribe page has one button that posts, with no sign-in, and answers alike for any token', async () => {
  const server = await startBuiltSite();

  const page = await fetchPage(server, '/unsubscribe?token=abc');
  const form = page.document.querySelector('form[action="/unsubscribe"]');
  expect(form?.getAttribute('method')).toBe('post');
  expect(form?.querySelector('input[name="token"]')?.getAttribute('value')).toBe('abc');
  expect(text(form?.querySelector('button'))).toBe('Unsubscribe');

  const posted = await postForm(server, '/unsubscribe', { token: 'abc' });
  expect(posted.status).toBe(303);
  expect(posted.headers.get('location')).toBe('/unsubscribe?result=unsubscribed');
  expect(text((await fetchPage(server, '/unsubscribe?result=unsubscribed')).document.querySelector('[role="status"]'))).toContain('You are unsubscribed');
});
