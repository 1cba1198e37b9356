import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { Post, PostVersion } from '../domain/post';
import { postVersionsMachine, type RestoreInput } from './post-versions.machine';

const FIRST: PostVersion = { number: 1, title: 'AGM', body: 'In Cork.', savedAt: '2026-11-21T09:00:00.000Z' };
const SECOND: PostVersion = { number: 2, title: 'AGM moved', body: 'In Galway.', savedAt: '2026-11-21T10:00:00.000Z' };

function versionsWith(restore: (input: RestoreInput) => Promise<Post>) {
  const stored: PostVersion[][] = [[SECOND, FIRST]];
  const effects: string[] = [];
  const restored: Post[] = [];
  const machine = postVersionsMachine.provide({
    actors: {
      loadVersions: fromPromise<PostVersion[], string>(async () => stored.at(-1) ?? []),
      restoreVersion: fromPromise<Post, RestoreInput>(async ({ input }) => {
        const post = await restore(input);
        stored.push([{ ...FIRST, number: 3 }, SECOND, FIRST]);
        return post;
      }),
    },
    actions: {
      onRestored: (_, { post }) => void restored.push(post),
      focusNotice: () => void effects.push('focusNotice'),
    },
  });
  return { actor: createActor(machine, { input: { postId: '7' } }).start(), effects, restored };
}

const asRestored = async ({ postId }: RestoreInput): Promise<Post> => ({ id: postId, title: 'AGM', body: 'In Cork.', publishedAt: '2026-11-21T09:00:00.000Z' });

test('the versions load when asked for, newest first, and one shows its text until asked again', async () => {
  const { actor } = versionsWith(asRestored);
  const closed = actor.getSnapshot().value;

  actor.send({ type: 'versions.open' });
  await waitFor(actor, (state) => state.matches('listing'));
  actor.send({ type: 'version.show', number: 1 });
  const shown = actor.getSnapshot().context.shown;
  actor.send({ type: 'version.show', number: 1 });

  expect(closed).toBe('closed');
  expect(actor.getSnapshot().context.versions.map((version) => version.number)).toEqual([2, 1]);
  expect(shown).toBe(1);
  expect(actor.getSnapshot().context.shown).toBeNull();
});

test('restoring a version saves it again, reloads the list with the new newest version and announces it', async () => {
  const { actor, effects, restored } = versionsWith(asRestored);
  actor.send({ type: 'versions.open' });
  await waitFor(actor, (state) => state.matches('listing'));

  actor.send({ type: 'version.restore', number: 1 });
  await waitFor(actor, (state) => state.matches('listing') && state.context.versions.length === 3);

  expect(restored).toEqual([expect.objectContaining({ id: '7', title: 'AGM' })]);
  expect(effects).toEqual(['focusNotice']);
  expect(actor.getSnapshot().context.notice).toBe('Version 1 was restored: "AGM" is saved again as the newest version.');
  expect(actor.getSnapshot().context.versions[0]?.number).toBe(3);
});

test('a refused restore says why, changes nothing and keeps the list', async () => {
  const { actor, restored } = versionsWith(() => Promise.reject(new CoreError('not-found', 'That version of the news post could not be found.')));
  actor.send({ type: 'versions.open' });
  await waitFor(actor, (state) => state.matches('listing'));

  actor.send({ type: 'version.restore', number: 1 });
  await waitFor(actor, (state) => state.context.errorMessage !== null);

  expect(actor.getSnapshot().value).toBe('listing');
  expect(actor.getSnapshot().context.errorMessage).toBe('Version 1 was not restored. That version of the news post could not be found.');
  expect(restored).toEqual([]);
});
