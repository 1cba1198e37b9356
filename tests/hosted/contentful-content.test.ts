import { expect, test } from 'vitest';
import { createContentfulContent, createContentfulPostSearch } from '../../adapters/contentful/contentful-content.adapter';
import { contentfulFailures, contentfulHandlers, contentfulPreflight } from '../../mocks/contentful';
import { TEST_CONTENTFUL, samplePosts } from './hosted-samples';
import { useFakeNetwork } from '../support/fake-network';
import { failureOf } from '../support/core-error';

const server = useFakeNetwork();

// Short pauses keep the suite quick; the budget is the real one.
const content = () => createContentfulContent({ ...TEST_CONTENTFUL, retryWaitsMs: [50, 100] });

test('lists the posts of content type newsletters, newest first', async () => {
  server.use(...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts }));

  const posts = await content().listPosts();

  expect(posts.map((post) => post.title)).toEqual([
    'Pension increase agreed',
    'Spring lunch in Athlone',
    'Annual general meeting',
  ]);
  expect(posts[1]).toEqual({
    id: 'spring-lunch',
    title: 'Spring lunch in Athlone',
    body: 'Join us for lunch on 12 April.\nBooking through your branch secretary.',
    publishedAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T09:00:00.000Z',
  });
});

test('entries of other content types are not posts', async () => {
  server.use(...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts, contentType: 'landingPage' }));

  const posts = await content().listPosts();

  expect(posts).toEqual([]);
});

test('reads one post by its id', async () => {
  server.use(...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts }));

  const post = await content().getPost('agm-2025');

  expect(post.title).toBe('Annual general meeting');
  expect(post.body).toBe('Minutes of the annual general meeting are now available.');
});

test('a post that does not exist is not-found, with a text a visitor understands', async () => {
  server.use(...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts }));

  const error = await failureOf(content().getPost('no-such-post'));

  expect(error.kind).toBe('not-found');
  expect(error.message).toBe('This news post could not be found. It may have been removed.');
});

test('an id Contentful could never have issued is not-found without asking it', async () => {
  const error = await failureOf(content().getPost('../../spaces'));

  expect(error.kind).toBe('not-found');
});

test('two server errors are retried and the third response is used', async () => {
  server.use(contentfulFailures([500, 500]), ...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts }));

  const posts = await content().listPosts();

  expect(posts).toHaveLength(3);
});

test('a rate limit response is retried too', async () => {
  server.use(contentfulFailures([429]), ...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts }));

  const post = await content().getPost('spring-lunch');

  expect(post.title).toBe('Spring lunch in Athlone');
});

test('after two retries a visitor is told the news cannot be loaded', async () => {
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') requests.push(request.url);
  });
  server.use(contentfulFailures([500, 500, 500]), ...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts }));

  const error = await failureOf(content().listPosts());

  server.events.removeAllListeners();
  expect(error.kind).toBe('unavailable');
  expect(error.message).toBe('The news service is not answering just now. Please try again in a minute.');
  expect(requests).toHaveLength(3);
});

test('a lasting rate limit ends as too-many-requests after two retries', async () => {
  server.use(contentfulFailures([429, 429, 429]), ...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts }));

  const error = await failureOf(content().listPosts());

  expect(error.kind).toBe('too-many-requests');
  expect(error.message).toBe('The news service is busy just now. Please try again in a minute.');
});

test('with the default pauses, two retries end well within five seconds', async () => {
  server.use(contentfulFailures([500, 500, 500]), ...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts }));
  const started = performance.now();

  const error = await failureOf(createContentfulContent(TEST_CONTENTFUL).listPosts());

  expect(error.kind).toBe('unavailable');
  expect(performance.now() - started).toBeLessThan(5000);
});

test('a service that never responds costs the visitor at most the wait budget', async () => {
  const { delay, http } = await import('msw');
  server.use(contentfulPreflight(), http.get('https://cdn.contentful.com/*', () => delay('infinite')));
  const started = performance.now();

  const error = await failureOf(createContentfulContent({ ...TEST_CONTENTFUL, waitBudgetMs: 600 }).listPosts());

  expect(error.kind).toBe('unavailable');
  expect(performance.now() - started).toBeLessThan(1000);
});

test('a dropped connection is retried like a server error', async () => {
  server.use(contentfulFailures(['network']), ...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts }));

  const posts = await content().listPosts();

  expect(posts).toHaveLength(3);
});

test('leaving the page during a retry pause stops the wait at once', async () => {
  server.use(contentfulFailures([500, 500, 500]));
  const controller = new AbortController();
  const started = performance.now();
  const listing = createContentfulContent({ ...TEST_CONTENTFUL, retryWaitsMs: [3000, 3000] }).listPosts({
    signal: controller.signal,
  });

  setTimeout(() => controller.abort(), 300);
  const error = await failureOf(listing);

  expect(error.kind).toBe('canceled');
  expect(performance.now() - started).toBeLessThan(1000);
});

test('leaving the page while the request is on its way stops the wait at once', async () => {
  const { delay, http } = await import('msw');
  server.use(contentfulPreflight(), http.get('https://cdn.contentful.com/*', () => delay('infinite')));
  const controller = new AbortController();
  const listing = content().getPost('spring-lunch', { signal: controller.signal });

  setTimeout(() => controller.abort(), 100);
  const error = await failureOf(listing);

  expect(error.kind).toBe('canceled');
});

test('a wrong access token is not retried and reads as unavailable', async () => {
  server.use(...contentfulHandlers({ ...TEST_CONTENTFUL, accessToken: 'another-token', posts: samplePosts }));

  const error = await failureOf(content().listPosts());

  expect(error.kind).toBe('unavailable');
});

test("the post search asks Contentful for each word by itself and says which words found each post, so posts with some of the words are found too", async () => {
  server.use(...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts }));
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') asked.push(new URL(request.url).searchParams.get('query') ?? '');
  });

  const found = await createContentfulPostSearch(TEST_CONTENTFUL)(['lunch', 'pension']);

  server.events.removeAllListeners();
  expect(asked.sort()).toEqual(['lunch', 'pension']);
  expect(found.map(({ post, words }) => ({ id: post.id, words })).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
    { id: 'pension-update', words: ['pension'] },
    { id: 'spring-lunch', words: ['lunch'] },
  ]);
});
