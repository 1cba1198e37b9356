import { expect, test } from 'vitest';
import { isCoreError } from '../../../src-core/domain/core-error';
import { createMemoryContent } from '../../support/memory/memory-content.adapter';

const clock = () => new Date('2026-06-01T08:00:00Z');

async function failure(promise: Promise<unknown>) {
  const error: unknown = await promise.then(() => undefined, (reason: unknown) => reason);
  return isCoreError(error) ? { kind: error.kind, fieldErrors: error.fieldErrors } : error;
}

test('a created post is published now and listed first', async () => {
  const { content, editor } = createMemoryContent({
    now: clock,
    posts: [{ id: 'post-1', title: 'Old', body: 'x', publishedAt: '2020-01-01T00:00:00Z' }],
  });

  const post = await editor.createPost({ title: '  New  ', body: 'Line 1\nLine 2' });

  expect(post).toEqual({ id: 'post-2', title: 'New', body: 'Line 1\nLine 2', publishedAt: '2026-06-01T08:00:00.000Z' });
  expect((await content.listPosts()).map((item) => item.id)).toEqual(['post-2', 'post-1']);
});

test('an edited post keeps its id and date and records the edit', async () => {
  const { content, editor } = createMemoryContent({ now: clock });
  const post = await editor.createPost({ title: 'Draft', body: 'x' });

  await editor.updatePost(post.id, { title: 'Final', body: 'y' });

  expect(await content.getPost(post.id)).toEqual({ ...post, title: 'Final', body: 'y', updatedAt: '2026-06-01T08:00:00.000Z' });
});

test('a deleted post is gone', async () => {
  const { content, editor } = createMemoryContent();
  const post = await editor.createPost({ title: 'T', body: 'B' });

  await editor.deletePost(post.id);

  expect(await failure(content.getPost(post.id))).toMatchObject({ kind: 'not-found' });
  expect(await failure(editor.deletePost(post.id))).toMatchObject({ kind: 'not-found' });
  expect(await failure(editor.updatePost(post.id, { title: 'T', body: 'B' }))).toMatchObject({ kind: 'not-found' });
});

test('an empty title or body is refused, naming the fields', async () => {
  const { editor } = createMemoryContent();

  expect(await failure(editor.createPost({ title: ' ', body: '' }))).toEqual({
    kind: 'invalid-input',
    fieldErrors: { title: 'Please enter a title.', body: 'Please enter the text of the post.' },
  });
});

test('new ids never reuse a seeded one', async () => {
  const { editor } = createMemoryContent({ posts: [{ id: 'post-2', title: 'T', body: 'B', publishedAt: '2026-01-01T00:00:00Z' }] });

  const post = await editor.createPost({ title: 'T', body: 'B' });

  expect(post.id).toBe('post-3');
});

test('a post handed out cannot change the stored one', async () => {
  const { content, editor } = createMemoryContent();
  const post = await editor.createPost({ title: 'T', body: 'B' });

  (post as { title: string }).title = 'Changed';

  expect((await content.getPost(post.id)).title).toBe('T');
});
