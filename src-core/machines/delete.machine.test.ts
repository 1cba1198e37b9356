import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { StoredFile } from '../domain/stored-file';
import { deleteConfirmation, deleteFailureMessage, deleteMachine } from './delete.machine';
import type { LogParams } from './log';

const file: StoredFile = { name: 'Summer Outing.pdf', fullPath: 'events/Summer Outing.pdf', url: 'memory:events/Summer Outing.pdf' };

function deleteWith(run: (fullPath: string) => Promise<void>) {
  const paths: string[] = [];
  const removed: StoredFile[] = [];
  const logged: LogParams[] = [];
  const machine = deleteMachine.provide({
    actors: {
      deleteFile: fromPromise<void, { fullPath: string }>(({ input }) => {
        paths.push(input.fullPath);
        return run(input.fullPath);
      }),
    },
    actions: {
      onDeleted: (_, params) => void removed.push(params.file),
      log: (_, params) => void logged.push(params),
    },
  });
  return { actor: createActor(machine, { input: { file } }).start(), paths, removed, logged };
}

test('a file starts idle, with nothing to confirm', () => {
  const { actor } = deleteWith(async () => {});

  expect(actor.getSnapshot().value).toBe('idle');
  expect(actor.getSnapshot().context).toEqual({ file, errorMessage: null });
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
  expect(deleteConfirmation(actor.getSnapshot().context.file)).toBe('Delete "Summer Outing"? This cannot be undone.');
});

test('cancelling the confirmation deletes nothing', () => {
  const { actor, paths, removed } = deleteWith(async () => {});
  actor.send({ type: 'delete.request' });

  actor.send({ type: 'delete.cancel' });

  expect(actor.getSnapshot().value).toBe('idle');
  expect(paths).toEqual([]);
  expect(removed).toEqual([]);
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
  expect(removed).toEqual([file]);
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

test('a failed delete keeps the file listed and says so', async () => {
  const error = new CoreError('unavailable', 'Please try again in a few minutes.');
  const { actor, removed, logged } = deleteWith(() => Promise.reject(error));
  actor.send({ type: 'delete.request' });

  actor.send({ type: 'delete.confirm' });
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.errorMessage).toBe('"Summer Outing" was not deleted. Please try again in a few minutes.');
  expect(removed).toEqual([]);
  expect(logged).toEqual([{ level: 'warn', message: 'Delete of events/Summer Outing.pdf failed.', error }]);
});

test('after a failure the delete can be asked for again and succeed, clearing the message', async () => {
  const answers = [() => Promise.reject(new Error('offline')), () => Promise.resolve()];
  const { actor, removed } = deleteWith(() => answers.shift()!());
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
  expect(removed).toEqual([file]);
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
  expect(deleteFailureMessage(new CoreError('not-found', 'Object does not exist.'), file)).toBe(
    '"Summer Outing" could not be found. It may have been deleted already; reload the page to see the current files.',
  );
  expect(deleteFailureMessage(new CoreError('not-authorised', 'no'), file)).toBe(
    '"Summer Outing" was not deleted: you are no longer signed in as an administrator. Please sign in again.',
  );
  expect(deleteFailureMessage(new Error('socket hang up'), file)).toBe(
    '"Summer Outing" was not deleted. The service is not available right now. Please try again.',
  );
});

test('without a provided deleteFile the delete fails rather than hangs', async () => {
  const machine = deleteMachine.provide({ actions: { log: () => {} } });
  const actor = createActor(machine, { input: { file } }).start();
  actor.send({ type: 'delete.request' });

  actor.send({ type: 'delete.confirm' });
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.errorMessage).toContain('was not deleted');
});
