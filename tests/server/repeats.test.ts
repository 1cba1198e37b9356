import { expect, test } from 'vitest';
import { postListSchema, postSchema } from '../../contract/wire';
import { ADMIN, ADMIN_ENV, addTestAccounts, signedIn } from './helpers/accounts';
import { MINUTE, createTestClock } from './helpers/test-clock';
import { startTestServer } from './helpers/test-server';

const MESSAGE = { name: 'Mary Byrne', email: 'mary.byrne@example.org', message: 'When is the next branch meeting?' };
const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

async function site() {
  const clock = createTestClock();
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const sendMessage = (body: object, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const addPost = (draft: object, headers: Record<string, string> = {}) =>
    jar.fetch(`${server.baseUrl}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(draft) });
  const stored = () => server.app.contactMessages.list(10).map((message) => message.message);
  const posts = async () => postListSchema.parse(await (await fetch(`${server.baseUrl}/api/posts`)).json()).posts;
  return { server, clock, sendMessage, addPost, stored, posts };
}

test('the same contact message from the same sender twice within a minute is stored once, and both are told it arrived', async () => {
  const { clock, sendMessage, stored } = await site();

  const first = await sendMessage(MESSAGE);
  clock.advance(MINUTE / 2);
  const again = await sendMessage({ ...MESSAGE, email: ' Mary.Byrne@Example.org ' });
  const [doubleA, doubleB] = await Promise.all([sendMessage({ ...MESSAGE, message: 'Two clicks' }), sendMessage({ ...MESSAGE, message: 'Two clicks' })]);

  expect([first.status, again.status, doubleA?.status, doubleB?.status]).toEqual([202, 202, 202, 202]);
  expect(stored()).toEqual(['Two clicks', MESSAGE.message]);
});

test('the same text again after a minute, or another text at once, is a new message', async () => {
  const { clock, sendMessage, stored } = await site();

  await sendMessage(MESSAGE);
  await sendMessage({ ...MESSAGE, message: 'And one more question.' });
  clock.advance(MINUTE + 1);
  await sendMessage(MESSAGE);

  expect(stored()).toEqual([MESSAGE.message, 'And one more question.', MESSAGE.message]);
});

test('a contact message sent again with the same Idempotency-Key is stored once, however late', async () => {
  const { clock, sendMessage, stored } = await site();

  const first = await sendMessage(MESSAGE, { 'idempotency-key': KEY });
  clock.advance(10 * MINUTE);
  const retried = await sendMessage(MESSAGE, { 'idempotency-key': KEY });

  expect([first.status, retried.status]).toEqual([202, 202]);
  expect(stored()).toEqual([MESSAGE.message]);
});

test('the same new post twice within a minute is stored once, and both get that post', async () => {
  const { addPost, posts } = await site();
  const draft = { title: 'Summer outing', body: 'The bus leaves at nine.' };

  const [first, second] = await Promise.all([addPost(draft), addPost(draft)]);
  const firstPost = postSchema.parse(await first?.json());
  const secondPost = postSchema.parse(await second?.json());

  expect([first?.status, second?.status]).toEqual([201, 201]);
  expect(secondPost).toEqual(firstPost);
  expect((await posts()).map((post) => post.title)).toEqual(['Summer outing']);
});

test('a new post sent again with the same Idempotency-Key gets the post made the first time', async () => {
  const { clock, addPost, posts } = await site();
  const draft = { title: 'Summer outing', body: 'The bus leaves at nine.' };

  const first = postSchema.parse(await (await addPost(draft, { 'idempotency-key': KEY })).json());
  clock.advance(10 * MINUTE);
  const retried = await addPost(draft, { 'idempotency-key': KEY });

  expect(retried.status).toBe(201);
  expect(postSchema.parse(await retried.json())).toEqual(first);
  expect(await posts()).toHaveLength(1);
});
