import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { Post } from '../domain/post';
import type { StoredFile } from '../domain/stored-file';
import { deleteConfirmation, deleteFailureMessage, deleteMachine, deletedName, type DeleteItem } from './delete.machine';
import type { LogParams } from './log';

const file: StoredFile = { name: 'Summer Outing.pdf', fullPath: 'events/Summer Outing.pdf', url: 'memory:events/Summer Outing.pdf' };
const post: Post = { id: '7', title: 'Annual General Meeting', body: 'In Dublin.', publishedAt: '2026-03-01T10:00:00.000Z' };

function deleteWith(run: (fullPath: string) => Promise<void>, item: DeleteItem = { file }) {
  const paths: string[] = [];
  const removed: DeleteItem[] = [];
  const logged: LogParams[] = [];
  const focused: string[] = [];
  const machine = deleteMachine.provide({
    actors: {
      deleteItem: fromPromise<void, DeleteItem>(({ input }) => {
        const path = 'file' in input ? input.file.fullPath : `post:${input.post.id}`;
        paths.push(path);
        return run(path);
      }),
    },
    actions: {
      onDeleted: ({ context }) => void removed.push(context.item),
      focusDeleteButton: () => void focused.push('delete button'),
      log: (_, params) => void logged.push(params),
    },
  });
  return { actor: createActor(machine, { input: item }).start(), paths, removed, logged, focused };
}

test('a file starts idle, with nothing to confirm', () => {
  const { actor } = deleteWith(async () => {});

  expect(actor.getSnapshot().value).toBe('idle');
  expect(actor.getSnapshot().context).toEqual({ item: { file }, errorMessage: null });
});

test('a confirm without a request deletes nothing', () => {
  const { actor, paths } = deleteWith(async () => {});

  actor.send({ type: 'delete.confirm' });

  expect(actor.getSnapshot().value).toBe('idle');
  expect(paths).toEqual([]);
});

test('asking to delete shows a confirmation naming the file', () => {
  const { actor } = deleteWith(async () => {});

  actor.send({ type: 'delete.request' });

  expect(actor.getSnapshot().value).toBe('confirming');
  expect(deleteConfirmation(actor.getSnapshot().context.item)).toBe('Delete "Summer Outing"? This cannot be undone.');
});

test('cancelling the confirmation deletes nothing and gives focus back to the Delete button', () => {
  const { actor, paths, removed, focused } = deleteWith(async () => {});
  actor.send({ type: 'delete.request' });

  actor.send({ type: 'delete.cancel' });

  expect(actor.getSnapshot().value).toBe('idle');
  expect(paths).toEqual([]);
  expect(removed).toEqual([]);
  expect(focused).toEqual(['delete button']);
});

test('the file leaves the list only once the backend confirms the delete', async () => {
  const gate: { open?: () => void } = {};
  const { actor, paths, removed, logged } = deleteWith(() => new Promise<void>((resolve) => (gate.open = resolve)));
  actor.send({ type: 'delete.request' });

  actor.send({ type: 'delete.confirm' });
  const removedWhileDeleting = [...removed];
  const stateWhileDeleting = actor.getSnapshot().value;
  gate.open?.();
  await waitFor(actor, (state) => state.matches('deleted'));

  expect(stateWhileDeleting).toBe('deleting');
  expect(removedWhileDeleting).toEqual([]);
  expect(paths).toEqual(['events/Summer Outing.pdf']);
  expect(removed).toEqual([{ file }]);
  expect(actor.getSnapshot().status).toBe('done');
  expect(logged).toEqual([{ level: 'info', message: 'Deleted events/Summer Outing.pdf.' }]);
});

test('confirming twice deletes once', async () => {
  const { actor, paths } = deleteWith(() => new Promise((resolve) => setTimeout(resolve, 10)));
  actor.send({ type: 'delete.request' });

  actor.send({ type: 'delete.confirm' });
  actor.send({ type: 'delete.confirm' });
  actor.send({ type: 'delete.cancel' });
  await waitFor(actor, (state) => state.matches('deleted'));

  expect(paths).toHaveLength(1);
});

test('a failed delete keeps the file listed, says so, and gives focus back to the Delete button', async () => {
  const error = new CoreError('unavailable', 'Please try again in a few minutes.');
  const { actor, removed, logged, focused } = deleteWith(() => Promise.reject(error));
  actor.send({ type: 'delete.request' });

  actor.send({ type: 'delete.confirm' });
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.errorMessage).toBe('"Summer Outing" was not deleted. Please try again in a few minutes.');
  expect(removed).toEqual([]);
  expect(logged).toEqual([{ level: 'warn', message: 'Delete of events/Summer Outing.pdf failed.', error }]);
  expect(focused).toEqual(['delete button']);
});

test('after a failure the delete can be asked for again and succeed, clearing the message', async () => {
  const responses = [() => Promise.reject(new Error('offline')), () => Promise.resolve()];
  const { actor, removed } = deleteWith(() => responses.shift()!());
  actor.send({ type: 'delete.request' });
  actor.send({ type: 'delete.confirm' });
  await waitFor(actor, (state) => state.matches('failed'));

  actor.send({ type: 'delete.request' });
  const asking = actor.getSnapshot().value;
  actor.send({ type: 'delete.confirm' });
  const whileDeleting = actor.getSnapshot().context.errorMessage;
  await waitFor(actor, (state) => state.matches('deleted'));

  expect(asking).toBe('confirming');
  expect(whileDeleting).toBeNull();
  expect(removed).toEqual([{ file }]);
});

test('a failure message can be dismissed', async () => {
  const { actor } = deleteWith(() => Promise.reject(new Error('offline')));
  actor.send({ type: 'delete.request' });
  actor.send({ type: 'delete.confirm' });
  await waitFor(actor, (state) => state.matches('failed'));

  actor.send({ type: 'delete.cancel' });

  expect(actor.getSnapshot().value).toBe('idle');
  expect(actor.getSnapshot().context.errorMessage).toBeNull();
});

test('failure messages say what happened to the named file', () => {
  expect(deleteFailureMessage(new CoreError('not-found', 'Object does not exist.'), { file })).toBe(
    '"Summer Outing" could not be found. It may have been deleted already; reload the page to see the current files.',
  );
  expect(deleteFailureMessage(new CoreError('not-authorised', 'Please sign in as an administrator to do this.'), { file })).toBe(
    '"Summer Outing" was not deleted. Please sign in as an administrator to do this.',
  );
  expect(deleteFailureMessage(new Error('socket hang up'), { file })).toBe(
    '"Summer Outing" was not deleted. The service is not available right now. Please try again.',
  );
});

test('a delete refused because the record is outside the signed-in person’s branch says so, not that they were signed out', async () => {
  // The self-hosted server's words for a record outside the signed-in person's branch.
  const refusal = new CoreError('not-authorised', 'This belongs to another branch, or to the whole association, and your role covers only your own branch.');
  const { actor, removed, focused } = deleteWith(() => Promise.reject(refusal));
  actor.send({ type: 'delete.request' });

  actor.send({ type: 'delete.confirm' });
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.errorMessage).toBe(
    '"Summer Outing" was not deleted. This belongs to another branch, or to the whole association, and your role covers only your own branch.',
  );
  expect(removed).toEqual([]);
  expect(focused).toEqual(['delete button']);
});

test('without a provided deleteItem actor the delete fails rather than hangs', async () => {
  const machine = deleteMachine.provide({ actions: { log: () => {} } });
  const actor = createActor(machine, { input: { file } }).start();
  actor.send({ type: 'delete.request' });

  actor.send({ type: 'delete.confirm' });
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.errorMessage).toContain('was not deleted');
});

test('a confirmed delete moves focus nowhere: the list that held it says what happened', async () => {
  const { actor, focused } = deleteWith(async () => {});
  actor.send({ type: 'delete.request' });

  actor.send({ type: 'delete.confirm' });
  await waitFor(actor, (state) => state.matches('deleted'));

  expect(focused).toEqual([]);
});

test('a post is asked about and deleted by its id, and logged as a post', async () => {
  const { actor, paths, removed, logged } = deleteWith(async () => {}, { post });
  actor.send({ type: 'delete.request' });

  actor.send({ type: 'delete.confirm' });
  await waitFor(actor, (state) => state.matches('deleted'));

  expect(deleteConfirmation({ post })).toBe('Delete the post "Annual General Meeting"? This cannot be undone.');
  expect(deletedName({ post })).toBe('Annual General Meeting');
  expect(paths).toEqual(['post:7']);
  expect(removed).toEqual([{ post }]);
  expect(logged).toEqual([{ level: 'info', message: 'Deleted post 7.' }]);
});

test('a post the backend would not delete says so in the same words whatever went wrong', async () => {
  const error = new CoreError('not-found', 'There is no such post.');
  const { actor, logged } = deleteWith(() => Promise.reject(error), { post });
  actor.send({ type: 'delete.request' });

  actor.send({ type: 'delete.confirm' });
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.errorMessage).toBe('"Annual General Meeting" was not deleted. There is no such post.');
  expect(deleteFailureMessage(new CoreError('not-authorised', 'Please sign in again.'), { post })).toBe(
    '"Annual General Meeting" was not deleted. Please sign in again.',
  );
  expect(logged).toEqual([{ level: 'warn', message: 'Delete of post 7 failed.', error }]);
});
