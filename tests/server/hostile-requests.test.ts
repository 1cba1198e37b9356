import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { samplePdf } from '../../server/content/sample-pdf';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { createCookieJarFetch } from './helpers/cookie-jar';
import { rawRequest } from './helpers/raw-http';
import { startTestServer } from './helpers/test-server';

const MESSAGE = { name: 'Ann Smith', email: 'ann@example.org', message: 'Planted by another site' };

test('a contact message sent from another site to an encoded address (/%61pi/contact) is refused and not stored', async () => {
  const server = await startTestServer();
  const body = JSON.stringify(MESSAGE);

  const response = await rawRequest(server.baseUrl, '/%61pi/contact', {
    method: 'POST',
    headers: { origin: 'https://attacker.example', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    body,
  });

  expect(response.status).toBe(403);
  expect(server.app.contactMessages.list(100)).toEqual([]);
});

test('an administrator reaching the API by an encoded address is recognised as by the plain one', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const cookie = [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  const plain = await rawRequest(server.baseUrl, '/api/contact-messages', { headers: { cookie } });
  const encoded = await rawRequest(server.baseUrl, '/%61pi/contact-messages', { headers: { cookie } });

  expect(plain.status).toBe(200);
  expect(encoded.status).toBe(200);
});

test('a request without Origin or Fetch Metadata whose Referer is another site is refused', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);

  const contact = await fetch(`${server.baseUrl}/api/contact`, {
    method: 'POST',
    ...json(MESSAGE),
    headers: { 'content-type': 'application/json', referer: 'https://attacker.example/page.html' },
  });
  const post = await jar.fetch(`${server.baseUrl}/api/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', referer: 'https://attacker.example/' },
    body: JSON.stringify({ title: 'Planted', body: 'By another site' }),
  });
  const ownReferer = await fetch(`${server.baseUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', referer: `${server.baseUrl}/contact` },
    body: JSON.stringify({ ...MESSAGE, message: 'From our own page' }),
  });

  expect(contact.status).toBe(403);
  expect(await contact.json()).toMatchObject({ error: { kind: 'not-authorised', message: API_MESSAGES.crossOrigin } });
  expect(post.status).toBe(403);
  expect(ownReferer.status).toBe(202);
  expect(server.app.contactMessages.list(100).map((message) => message.message)).toEqual(['From our own page']);
  expect(server.app.posts.list()).toEqual([]);
});

test('an upload sent as a form can send it (text/plain, url-encoded, multipart) is refused and stores nothing', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const pdf = Buffer.from(samplePdf('Minutes', ['Line']));
  const upload = (name: string, contentType: string) =>
    jar.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ folder: 'events', name })}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: pdf,
    });

  const plain = await upload('Plain.pdf', 'text/plain');
  const urlEncoded = await upload('Encoded.pdf', 'application/x-www-form-urlencoded');
  const multipart = await upload('Multipart.pdf', 'multipart/form-data; boundary=x');
  const asTheSiteSends = await upload('Minutes.pdf', 'application/pdf');
  const asBytes = await upload('Agenda.pdf', 'application/octet-stream');

  expect([plain.status, urlEncoded.status, multipart.status]).toEqual([415, 415, 415]);
  expect(await plain.json()).toMatchObject({ error: { kind: 'invalid-input', message: API_MESSAGES.wrongUploadEncoding } });
  expect([asTheSiteSends.status, asBytes.status]).toEqual([201, 201]);
  expect((await server.app.files.list('events')).map((file) => file.name)).toEqual(['Agenda.pdf', 'Minutes.pdf']);
});

test('over HTTPS the session cookie carries the __Host- prefix, and only that cookie is read there', async () => {
  const server = await startTestServer({ env: { ...ADMIN_ENV, TRUST_PROXY: '1' } });
  await addTestAccounts(server.app);
  const overHttps = createCookieJarFetch({ headers: { 'x-forwarded-proto': 'https' } });

  await overHttps.fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json(ADMIN) });
  const [name = '', token = ''] = [...overHttps.cookies][0] ?? [];
  const tossed = await fetch(`${server.baseUrl}/api/session`, { headers: { 'x-forwarded-proto': 'https', cookie: `rnai_session=${token}` } });

  expect(name).toBe('__Host-rnai_session');
  expect(overHttps.setCookieHeaders[0]).toMatch(/^__Host-rnai_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  expect(await tossed.json()).toEqual({ user: null });
});
