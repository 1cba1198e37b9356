import { describe, expect, onTestFinished, test } from 'vitest';
import type { ContentPort } from '../../src-core/ports/content.port';
import type { Post } from '../../src-core/domain/post';
import { rejectsWithKind } from '../support/core-error';

export interface PostSeed {
  readonly title: string;
  readonly body: string;
  /** ISO 8601 date-time. */
  readonly publishedAt: string;
}

/** What a backend gives the content contract: the port, and a way to put posts behind it. */
export interface ContentHarness {
  readonly content: ContentPort;
  /** Puts posts in the backend its own way (database rows, a fake CMS) and returns them with their ids, in the given order. */
  seedPosts(posts: readonly PostSeed[]): Promise<Post[]>;
  cleanup(): Promise<void>;
}

async function harnessFrom(makeHarness: () => Promise<ContentHarness>): Promise<ContentHarness> {
  const harness = await makeHarness();
  onTestFinished(() => harness.cleanup());
  return harness;
}

/** The behaviour every ContentPort shares, run against one backend. */
export function contentContract(name: string, makeHarness: () => Promise<ContentHarness>): void {
  describe(`ContentPort contract: ${name}`, () => {
    test('a backend without posts lists none', async () => {
      const { content } = await harnessFrom(makeHarness);

      expect(await content.listPosts()).toEqual([]);
    });

    test('posts are listed newest first, whatever order they were added in', async () => {
      const { content, seedPosts } = await harnessFrom(makeHarness);
      await seedPosts([
        { title: 'Middle', body: 'b', publishedAt: '2026-02-01T10:00:00Z' },
        { title: 'Oldest', body: 'a', publishedAt: '2025-12-24T10:00:00Z' },
        { title: 'Newest', body: 'c', publishedAt: '2026-03-15T10:00:00Z' },
      ]);

      const posts = await content.listPosts();

      expect(posts.map((post) => post.title)).toEqual(['Newest', 'Middle', 'Oldest']);
    });

    test('one post is found by its id with its title, multi-line body and date', async () => {
      const { content, seedPosts } = await harnessFrom(makeHarness);
      const [, second] = await seedPosts([
        { title: 'Other', body: 'x', publishedAt: '2026-01-01T10:00:00Z' },
        { title: 'AGM 2026', body: 'First line\nSecond line\n\nFourth line', publishedAt: '2026-04-02T09:30:00Z' },
      ]);

      const post = await content.getPost(second!.id);

      expect(post).toMatchObject({ id: second!.id, title: 'AGM 2026', body: 'First line\nSecond line\n\nFourth line' });
      expect(Date.parse(post.publishedAt)).toBe(Date.parse('2026-04-02T09:30:00Z'));
    });

    test('the listed posts carry the same fields as one post fetched alone', async () => {
      const { content, seedPosts } = await harnessFrom(makeHarness);
      const [seeded] = await seedPosts([{ title: 'Only', body: 'Body text', publishedAt: '2026-05-05T05:05:00Z' }]);

      const [listed] = await content.listPosts();
      const alone = await content.getPost(seeded!.id);

      expect(listed).toEqual(alone);
    });

    test('an unknown id is not found', async () => {
      const { content, seedPosts } = await harnessFrom(makeHarness);
      await seedPosts([{ title: 'Only', body: 'x', publishedAt: '2026-01-01T10:00:00Z' }]);

      await rejectsWithKind(content.getPost('no-such-post'), 'not-found');
    });
  });
}
