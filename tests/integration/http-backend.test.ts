import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MOCK_ADMIN, MOCK_MEMBER, createSelfHostedApi, mockPdfBytes } from '../../mocks/self-hosted-api';
import type { User } from '../../src-core/domain/user';
import type { UploadProgress } from '../../src-core/ports/storage.port';
import { createHttpBackend } from '../../adapters/http/http-backend';
import { API_MESSAGES } from '../../contract/api-messages';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const baseUrl = 'http://rnai.test';

function backendWith(seed: Parameters<typeof createSelfHostedApi>[0] = {}) {
  const api = createSelfHostedApi(seed);
  server.resetHandlers(...api.handlers);
  return { api, backend: createHttpBackend({ baseUrl }) };
}

test('lists posts newest first and reads one by id', async () => {
  const { backend } = backendWith();

  const posts = await backend.content.listPosts();
  const post = await backend.content.getPost('1');

  expect(posts.map((p) => p.title)).toEqual(['Annual General Meeting', 'Welcome to our new website']);
  expect(post.title).toBe('Welcome to our new website');
});

test('a missing post is a not-found error carrying the server message', async () => {
  const { backend } = backendWith();

  const error = await backend.content.getPost('999').catch((e: unknown) => e);

  expect(error).toMatchObject({ name: 'CoreError', kind: 'not-found', message: API_MESSAGES.postNotFound });
});

test('a wrong password is refused without saying whether the account exists', async () => {
  const { backend } = backendWith();

  const wrongPassword = await backend.auth.signIn({ email: MOCK_ADMIN.email, password: 'not the password' }).catch((e: unknown) => e);
  const noAccount = await backend.auth.signIn({ email: 'nobody@example.org', password: 'whatever it is' }).catch((e: unknown) => e);

  expect(wrongPassword).toMatchObject({ kind: 'not-authorised', message: API_MESSAGES.signInFailed });
  expect(noAccount).toMatchObject({ kind: 'not-authorised', message: API_MESSAGES.signInFailed });
});

test('observers hear about sign-in and sign-out, and a member is not an administrator', async () => {
  const { backend } = backendWith();
  const seen: (User | null)[] = [];
  const stop = backend.auth.observeUser((user) => seen.push(user));
  await expect.poll(() => seen.length).toBe(1);

  const member = await backend.auth.signIn(MOCK_MEMBER);
  await backend.auth.signOut();
  stop();

  expect(member).toEqual({ email: MOCK_MEMBER.email, administrator: false });
  expect(seen).toEqual([null, { email: MOCK_MEMBER.email, administrator: false }, null]);
});

test('an administrator uploads a file with progress, and the same name again is a conflict', async () => {
  const { backend, api } = backendWith({ signedInAs: MOCK_ADMIN.email });
  const progress: UploadProgress[] = [];
  const data = new Blob([mockPdfBytes('minutes')], { type: 'application/pdf' });

  const stored = await backend.storage.upload({ folder: 'events', name: 'Minutes.pdf', data, onProgress: (p) => progress.push(p) }).result;
  const again = await backend.storage.upload({ folder: 'events', name: 'Minutes.pdf', data }).result.catch((e: unknown) => e);

  expect(stored).toMatchObject({ name: 'Minutes.pdf', fullPath: 'events/Minutes.pdf', url: `${baseUrl}/files/events/Minutes.pdf` });
  expect(progress.at(-1)).toEqual({ bytesTransferred: data.size, totalBytes: data.size });
  expect(again).toMatchObject({ kind: 'conflict' });
  expect(api.state.files.filter((file) => file.name === 'Minutes.pdf')).toHaveLength(1);
});

test('a cancelled upload rejects as canceled and stores nothing', async () => {
  const { backend, api } = backendWith({ signedInAs: MOCK_ADMIN.email });
  const data = new Blob([mockPdfBytes()], { type: 'application/pdf' });

  const task = backend.storage.upload({ folder: 'root', name: 'Form.pdf', data });
  task.cancel();
  const error = await task.result.catch((e: unknown) => e);

  expect(error).toMatchObject({ kind: 'canceled' });
  expect(api.state.files.some((file) => file.name === 'Form.pdf')).toBe(false);
});

test('throttling carries the wait from Retry-After', async () => {
  const { backend } = backendWith();
  server.use(http.post(`${baseUrl}/api/contact`, () => new HttpResponse(null, { status: 429, headers: { 'retry-after': '120' } })));

  const error = await backend.mail.sendContactMessage({ name: 'Ann', email: 'ann@example.org', message: 'Hello' }).catch((e: unknown) => e);

  expect(error).toMatchObject({ kind: 'too-many-requests', retryAfterSeconds: 120 });
});

test('a proxy error page or an unreachable server is unavailable', async () => {
  const { backend } = backendWith();
  server.use(
    http.get(`${baseUrl}/api/posts`, () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })),
    http.get(`${baseUrl}/api/files`, () => HttpResponse.error()),
  );

  const proxyError = await backend.content.listPosts().catch((e: unknown) => e);
  const networkError = await backend.storage.listFiles('root').catch((e: unknown) => e);

  expect(proxyError).toMatchObject({ kind: 'unavailable' });
  expect(networkError).toMatchObject({ kind: 'unavailable' });
});

test('field errors from the server reach the caller', async () => {
  const { backend } = backendWith();

  const error = await backend.mail.sendContactMessage({ name: '', email: 'ann@example.org', message: 'Hello' }).catch((e: unknown) => e);

  expect(error).toMatchObject({ kind: 'invalid-input', fieldErrors: { name: 'Please enter your name.' } });
});
