/**
 * The contact messages an administrator reads (self-hosted): the list, newest first, and what can
 * be done with one message at a time: mark it handled (or new again), send it by e-mail again,
 * delete it after a confirmation. The admin navigation's Inbox link counts the new ones from the
 * same actor, so the count follows every change made here.
 *
 * States: 'loading' (initial; a list loaded before stays in `inbox` while it loads again) ->
 *   'ready' or 'loadFailed' ('retry' loads again). 'ready': 'inbox.reload' -> 'loading';
 *   'message.mark' { id, handled } -> 'marking'; 'message.sendAgain' { id } -> 'sendingAgain';
 *   'message.delete' { id } -> 'confirmingDelete', where 'message.confirmDelete' -> 'deleting'
 *   and 'message.cancelDelete' -> 'ready'. Each piece of work puts the message back as stored,
 *   or takes it out, and returns to 'ready'; a failure returns with `problem` on that message.
 * The composition root provides:
 *   actors `list` (ContactInbox), `mark` (input { id, handled }; the message as stored),
 *     `sendAgain` (input the id; the message as stored) and `remove` (input the id), from the
 *     contact inbox port.
 *   actions `focusNotice` (a message was deleted) and `focusDeleteButton` (params { id }: the
 *     confirmation was declined): the view's.
 */
import { assign, setup } from 'xstate';
import { toProvide } from './to-provide';
import { newestFirst, type ContactInbox, type ReceivedContactMessage } from '../domain/contact-message';
import { toCoreError, type CoreError } from '../domain/core-error';

export interface InboxContext {
  /** Null until the first list has loaded. */
  inbox: ContactInbox | null;
  /** The message being asked about or worked on. */
  pendingId: string | null;
  /** Why the last piece of work on a message failed, shown beside that message. */
  problem: { readonly id: string; readonly message: string } | null;
  notice: string | null;
  /** Why the list could not be loaded. */
  loadError: CoreError | null;
}

export type InboxEvent =
  | { type: 'retry' }
  | { type: 'inbox.reload' }
  | { type: 'message.mark'; id: string; handled: boolean }
  | { type: 'message.sendAgain'; id: string }
  | { type: 'message.delete'; id: string }
  | { type: 'message.confirmDelete' }
  | { type: 'message.cancelDelete' };

export interface MarkRequest {
  readonly id: string;
  readonly handled: boolean;
}

/** What deleting a message says once it is gone. */
function deletedNotice(message: ReceivedContactMessage): string {
  return `The message from ${message.name} was deleted.`;
}

function replaced(inbox: ContactInbox | null, updated: ReceivedContactMessage): ContactInbox | null {
  if (inbox === null) return null;
  return { ...inbox, messages: inbox.messages.map((message) => (message.id === updated.id ? updated : message)) };
}

function without(inbox: ContactInbox | null, id: string | null): ContactInbox | null {
  if (inbox === null) return null;
  return { ...inbox, messages: inbox.messages.filter((message) => message.id !== id) };
}

export const inboxMachine = setup({
  types: { context: {} as InboxContext, events: {} as InboxEvent },
  actors: {
    list: toProvide<ContactInbox>('list'),
    mark: toProvide<ReceivedContactMessage, MarkRequest>('mark'),
    sendAgain: toProvide<ReceivedContactMessage, string>('sendAgain'),
    remove: toProvide<void, string>('remove'),
  },
  actions: {
    startWork: assign((_, { id }: { id: string }) => ({ pendingId: id, problem: null, notice: null })),
    putBack: assign(({ context }, { message }: { message: ReceivedContactMessage }) => ({ inbox: replaced(context.inbox, message), pendingId: null })),
    showProblem: assign(({ context }, { error }: { error: unknown }) => ({
      problem: { id: context.pendingId ?? '', message: toCoreError(error).message },
      pendingId: null,
    })),
    focusNotice: () => {},
    focusDeleteButton: (_, _params: { id: string }) => {},
  },
}).createMachine({
  id: 'inbox',
  initial: 'loading',
  context: { inbox: null, pendingId: null, problem: null, notice: null, loadError: null },
  states: {
    loading: {
      invoke: {
        src: 'list',
        onDone: {
          target: 'ready',
          actions: assign({ inbox: ({ event }) => ({ ...event.output, messages: newestFirst(event.output.messages) }) }),
        },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => toCoreError(event.error) }) },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: assign({ loadError: null }) } } },
    ready: {
      on: {
        'inbox.reload': { target: 'loading', actions: assign({ notice: null, problem: null }) },
        'message.mark': { target: 'marking', actions: { type: 'startWork', params: ({ event }) => ({ id: event.id }) } },
        'message.sendAgain': { target: 'sendingAgain', actions: { type: 'startWork', params: ({ event }) => ({ id: event.id }) } },
        'message.delete': { target: 'confirmingDelete', actions: { type: 'startWork', params: ({ event }) => ({ id: event.id }) } },
      },
    },
    marking: {
      invoke: {
        src: 'mark',
        input: ({ event }) => (event.type === 'message.mark' ? { id: event.id, handled: event.handled } : { id: '', handled: false }),
        onDone: { target: 'ready', actions: { type: 'putBack', params: ({ event }) => ({ message: event.output }) } },
        onError: { target: 'ready', actions: { type: 'showProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sendingAgain: {
      invoke: {
        src: 'sendAgain',
        input: ({ context }) => context.pendingId ?? '',
        onDone: { target: 'ready', actions: { type: 'putBack', params: ({ event }) => ({ message: event.output }) } },
        onError: { target: 'ready', actions: { type: 'showProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingDelete: {
      on: {
        'message.confirmDelete': 'deleting',
        'message.cancelDelete': {
          target: 'ready',
          // Back to the button that asked, so the keyboard stays where it was.
          actions: [{ type: 'focusDeleteButton', params: ({ context }) => ({ id: context.pendingId ?? '' }) }, assign({ pendingId: null })],
        },
      },
    },
    deleting: {
      invoke: {
        src: 'remove',
        input: ({ context }) => context.pendingId ?? '',
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context }) => {
              const gone = context.inbox?.messages.find((message) => message.id === context.pendingId);
              return { inbox: without(context.inbox, context.pendingId), pendingId: null, notice: gone === undefined ? null : deletedNotice(gone) };
            }),
            'focusNotice',
          ],
        },
        onError: { target: 'ready', actions: { type: 'showProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
