import { expect, test } from 'vitest';
import { createHttpBackend } from '../../adapters/http/http-backend';
import { ADMIN, ADMIN_ENV, addTestAccounts, signedIn } from '../server/helpers/accounts';
import { MINUTE, createTestClock } from '../server/helpers/test-clock';
import { startTestServer } from '../server/helpers/test-server';

const MESSAGE = { name: 'Mary Byrne', email: 'mary.byrne@example.org', message: 'When is the next branch meeting?' };

/**
 * The self-hosted backend on a line that delivers every POST twice, the second copy two minutes
 * late, as a browser can when it sends a request again over a connection that dropped.
 */
async function backendOnADoublingLine() {
  const clock = createTestClock();
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const doubling: typeof fetch = async (input, init) => {
    const response = await jar.fetch(input, init);
    if (init?.method === 'POST') {
      clock.advance(2 * MINUTE);
      await jar.fetch(input, init);
    }
    return response;
  };
  return { server, clock, backend: createHttpBackend({ baseUrl: server.baseUrl, fetch: doubling }) };
}

test('a contact message delivered twice is stored once, while sending it again later is a new message', async () => {
  const { server, clock, backend } = await backendOnADoublingLine();

  await backend.mail.sendContactMessage(MESSAGE);
  clock.advance(2 * MINUTE);
  await backend.mail.sendContactMessage(MESSAGE);

  expect(server.app.contactMessages.list(10).map((message) => message.message)).toEqual([MESSAGE.message, MESSAGE.message]);
});

test('a new post delivered twice is stored once', async () => {
  const { server, backend } = await backendOnADoublingLine();

  const post = await backend.contentEditor?.createPost({ title: 'Summer outing', body: 'The bus leaves at nine.' });

  expect(server.app.posts.list()).toEqual([post]);
});
