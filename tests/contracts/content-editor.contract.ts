import { describe, expect, onTestFinished, test } from 'vitest';
import type { ContentEditorPort, ContentPort } from '../../src-core/ports/content.port';
import { rejectsWithKind } from '../support/core-error';

/** What a backend with post editing gives this contract: both sides, already allowed to write. */
export interface ContentEditorHarness {
  readonly content: ContentPort;
  readonly editor: ContentEditorPort;
  cleanup(): Promise<void>;
}

async function harnessFrom(makeHarness: () => Promise<ContentEditorHarness>): Promise<ContentEditorHarness> {
  const harness = await makeHarness();
  onTestFinished(() => harness.cleanup());
  return harness;
}

/** The behaviour every ContentEditorPort shares (only the self-hosted and in-memory backends have one). */
export function contentEditorContract(name: string, makeHarness: () => Promise<ContentEditorHarness>): void {
  describe(`ContentEditorPort contract: ${name}`, () => {
    test('a new post is published and listed first', async () => {
      const { content, editor } = await harnessFrom(makeHarness);
      await editor.createPost({ title: 'Earlier', body: 'x' });
      await new Promise((resolve) => setTimeout(resolve, 5));

      const created = await editor.createPost({ title: 'AGM 2026', body: 'Line one\nLine two' });

      expect(created).toMatchObject({ title: 'AGM 2026', body: 'Line one\nLine two' });
      expect(Number.isNaN(Date.parse(created.publishedAt))).toBe(false);
      expect((await content.listPosts()).map((post) => post.title)).toEqual(['AGM 2026', 'Earlier']);
      expect(await content.getPost(created.id)).toEqual(created);
    });

    test('an edited post keeps its id and publication date', async () => {
      const { content, editor } = await harnessFrom(makeHarness);
      const created = await editor.createPost({ title: 'Draft', body: 'x' });

      const updated = await editor.updatePost(created.id, { title: 'Final', body: 'y' });

      expect(updated).toMatchObject({ id: created.id, title: 'Final', body: 'y', publishedAt: created.publishedAt });
      expect(await content.getPost(created.id)).toMatchObject({ title: 'Final', body: 'y' });
    });

    test('a deleted post can no longer be found', async () => {
      const { content, editor } = await harnessFrom(makeHarness);
      const created = await editor.createPost({ title: 'Gone soon', body: 'x' });

      await editor.deletePost(created.id);

      await rejectsWithKind(content.getPost(created.id), 'not-found');
      expect(await content.listPosts()).toEqual([]);
    });

    test('editing or deleting an unknown post is not found', async () => {
      const { editor } = await harnessFrom(makeHarness);

      await rejectsWithKind(editor.updatePost('no-such-post', { title: 'T', body: 'B' }), 'not-found');
      await rejectsWithKind(editor.deletePost('no-such-post'), 'not-found');
    });

    test('a post without a title or body is refused and nothing is published', async () => {
      const { content, editor } = await harnessFrom(makeHarness);

      const error = await rejectsWithKind(editor.createPost({ title: '  ', body: '' }), 'invalid-input');

      expect(Object.keys(error.fieldErrors ?? {}).sort()).toEqual(['body', 'title']);
      expect(await content.listPosts()).toEqual([]);
    });
  });
}
