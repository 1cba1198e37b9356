import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ContactInbox, ReceivedContactMessage } from '../domain/contact-message';
import { CoreError } from '../domain/core-error';
import { inboxMachine, type MarkRequest } from './inbox.machine';

const older: ReceivedContactMessage = {
  id: '1',
  name: 'Older Sender',
  email: 'older@example.org',
  message: 'First',
  receivedAt: '2026-02-01T09:00:00.000Z',
  delivery: 'failed',
  attempts: 5,
  handled: false,
};
const newer: ReceivedContactMessage = { ...older, id: '2', name: 'Newer Sender', receivedAt: '2026-03-01T09:00:00.000Z', delivery: 'sent' };

/** An inbox over a list kept here, as the backend keeps it; `failing` makes the next piece of work fail. */
function inboxOver(initial: ReceivedContactMessage[]) {
  const stored = { messages: [...initial], failing: null as CoreError | null };
  const viewed: string[] = [];
  const failIfAsked = () => {
    const failure = stored.failing;
    stored.failing = null;
    if (failure !== null) throw failure;
  };
  const find = (id: string) => {
    const message = stored.messages.find((candidate) => candidate.id === id);
    if (message === undefined) throw new CoreError('not-found', 'That message is not here any more.');
    return message;
  };
  const machine = inboxMachine.provide({
    actors: {
      list: fromPromise<ContactInbox>(async () => {
        failIfAsked();
        return { messages: stored.messages, emailSetUp: true };
      }),
      mark: fromPromise<ReceivedContactMessage, MarkRequest>(async ({ input }) => {
        failIfAsked();
        const updated = { ...find(input.id), handled: input.handled };
        stored.messages = stored.messages.map((message) => (message.id === input.id ? updated : message));
        return updated;
      }),
      sendAgain: fromPromise<ReceivedContactMessage, string>(async ({ input }) => {
        failIfAsked();
        return { ...find(input), delivery: 'pending', attempts: 0 };
      }),
      remove: fromPromise<void, string>(async ({ input }) => {
        failIfAsked();
        find(input);
        stored.messages = stored.messages.filter((message) => message.id !== input);
      }),
    },
    actions: {
      focusNotice: () => void viewed.push('notice'),
      focusDeleteButton: (_, { id }) => void viewed.push(`delete ${id}`),
    },
  });
  return { actor: createActor(machine).start(), stored, viewed };
}

function listed(actor: ReturnType<typeof inboxOver>['actor']) {
  return actor.getSnapshot().context.inbox?.messages.map((message) => `${message.name}${message.handled ? ' (handled)' : ''}`);
}

test('the messages load newest first, whatever order the backend gives', async () => {
  const { actor } = inboxOver([older, newer]);
  await waitFor(actor, (state) => state.matches('ready'));
  expect(listed(actor)).toEqual(['Newer Sender', 'Older Sender']);
});

test('marking a message handled puts it back as stored, in its place', async () => {
  const { actor, stored } = inboxOver([older, newer]);
  await waitFor(actor, (state) => state.matches('ready'));

  actor.send({ type: 'message.mark', id: '1', handled: true });
  await waitFor(actor, (state) => state.matches('ready'));

  expect(listed(actor)).toEqual(['Newer Sender', 'Older Sender (handled)']);
  expect(stored.messages.find((message) => message.id === '1')?.handled).toBe(true);
});

test('a message is deleted only after the confirmation, and the notice names its sender', async () => {
  const { actor, stored, viewed } = inboxOver([older, newer]);
  await waitFor(actor, (state) => state.matches('ready'));

  actor.send({ type: 'message.delete', id: '2' });
  expect(actor.getSnapshot().matches('confirmingDelete')).toBe(true);
  expect(stored.messages).toHaveLength(2);
  actor.send({ type: 'message.confirmDelete' });
  await waitFor(actor, (state) => state.matches('ready'));

  expect(listed(actor)).toEqual(['Older Sender']);
  expect(stored.messages.map((message) => message.id)).toEqual(['1']);
  expect(actor.getSnapshot().context.notice).toBe('The message from Newer Sender was deleted.');
  expect(viewed).toEqual(['notice']);
});

test('declining the confirmation keeps the message and goes back to its Delete button', async () => {
  const { actor, stored, viewed } = inboxOver([older]);
  await waitFor(actor, (state) => state.matches('ready'));

  actor.send({ type: 'message.delete', id: '1' });
  actor.send({ type: 'message.cancelDelete' });

  expect(actor.getSnapshot().matches('ready')).toBe(true);
  expect(actor.getSnapshot().context.pendingId).toBeNull();
  expect(stored.messages).toHaveLength(1);
  expect(viewed).toEqual(['delete 1']);
});

test('a failure is told beside the message it concerns, and the list is unchanged', async () => {
  const { actor, stored } = inboxOver([older, newer]);
  await waitFor(actor, (state) => state.matches('ready'));

  stored.failing = new CoreError('unavailable', 'The website is busy right now.');
  actor.send({ type: 'message.sendAgain', id: '1' });
  await waitFor(actor, (state) => state.matches('ready'));

  expect(actor.getSnapshot().context.problem).toEqual({ id: '1', message: 'The website is busy right now.' });
  expect(actor.getSnapshot().context.inbox?.messages.find((message) => message.id === '1')?.delivery).toBe('failed');

  // The next piece of work clears it.
  actor.send({ type: 'message.sendAgain', id: '1' });
  await waitFor(actor, (state) => state.matches('ready'));
  expect(actor.getSnapshot().context.problem).toBeNull();
  expect(actor.getSnapshot().context.inbox?.messages.find((message) => message.id === '1')?.delivery).toBe('pending');
});

test('a list that cannot be loaded says why, and Try again loads it', async () => {
  const { actor, stored } = inboxOver([older]);
  await waitFor(actor, (state) => state.matches('ready'));
  stored.messages = [newer, ...stored.messages];
  stored.failing = new CoreError('unavailable', 'The website is busy right now.');

  actor.send({ type: 'inbox.reload' });
  await waitFor(actor, (state) => state.matches('loadFailed'));
  expect(actor.getSnapshot().context.loadError?.message).toBe('The website is busy right now.');

  actor.send({ type: 'retry' });
  await waitFor(actor, (state) => state.matches('ready'));
  expect(listed(actor)).toEqual(['Newer Sender', 'Older Sender']);
});

test('while one piece of work runs, another is not started', async () => {
  const { actor, stored } = inboxOver([older, newer]);
  await waitFor(actor, (state) => state.matches('ready'));

  actor.send({ type: 'message.mark', id: '1', handled: true });
  actor.send({ type: 'message.delete', id: '2' });
  await waitFor(actor, (state) => state.matches('ready'));

  expect(stored.messages).toHaveLength(2);
  expect(listed(actor)).toEqual(['Newer Sender', 'Older Sender (handled)']);
});
