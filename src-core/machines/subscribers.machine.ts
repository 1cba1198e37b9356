/**
 * What an administrator does with one address on the subscriber list (the list itself is route
 * data, loaded again after each change): see everything stored about it, take it off the list,
 * or erase it and its past mail for good. Removing and erasing each ask first.
 *
 * States: 'idle': 'subscriber.showRecord' { id } -> 'loadingRecord' -> 'idle' with `record`;
 *   'subscriber.remove' { id, email } -> 'confirmingRemove' ('confirm' -> 'removing', 'cancel' ->
 *   'idle'); 'subscriber.erase' { id, email } -> 'confirmingErase' ('confirm' -> 'erasing',
 *   'cancel' -> 'idle'); 'record.close' drops the record. Work ends in 'idle' with a notice, or
 *   with `problem` on that address.
 * The composition root provides: actors `loadRecord`, `remove` and `erase` (input the id), from
 *   the member mail port; action `onChanged` (the list loads again); the view's `focusNotice`,
 *   `focusRecord` and `focusButton` (params { id, action }: the button whose question was declined).
 */
import { assign, setup } from 'xstate';
import { toProvide } from './to-provide';
import { toCoreError } from '../domain/core-error';
import type { SubscriberRecord } from '../domain/member-mail';

export type SubscriberAction = 'remove' | 'erase';

export interface SubscribersContext {
  /** The address being asked about or worked on. */
  pending: { readonly id: string; readonly email: string } | null;
  /** Everything stored about one address, once asked for. */
  record: { readonly id: string; readonly data: SubscriberRecord } | null;
  notice: string | null;
  problem: { readonly id: string; readonly message: string } | null;
}

export type SubscribersEvent =
  | { type: 'subscriber.showRecord'; id: string; email: string }
  | { type: 'subscriber.remove'; id: string; email: string }
  | { type: 'subscriber.erase'; id: string; email: string }
  | { type: 'record.close' }
  | { type: 'confirm' }
  | { type: 'cancel' };

export const subscribersMachine = setup({
  types: { context: {} as SubscribersContext, events: {} as SubscribersEvent },
  actors: {
    loadRecord: toProvide<SubscriberRecord, string>('loadRecord'),
    remove: toProvide<void, string>('remove'),
    erase: toProvide<void, string>('erase'),
  },
  actions: {
    start: assign((_, { id, email }: { id: string; email: string }) => ({ pending: { id, email }, problem: null, notice: null })),
    showProblem: assign(({ context }, { error }: { error: unknown }) => ({
      problem: { id: context.pending?.id ?? '', message: toCoreError(error).message },
      pending: null,
    })),
    onChanged: () => {},
    focusNotice: () => {},
    focusRecord: () => {},
    focusButton: (_, _params: { id: string; action: SubscriberAction }) => {},
  },
}).createMachine({
  id: 'subscribers',
  initial: 'idle',
  context: { pending: null, record: null, notice: null, problem: null },
  states: {
    idle: {
      on: {
        'subscriber.showRecord': { target: 'loadingRecord', actions: { type: 'start', params: ({ event }) => ({ id: event.id, email: event.email }) } },
        'subscriber.remove': { target: 'confirmingRemove', actions: { type: 'start', params: ({ event }) => ({ id: event.id, email: event.email }) } },
        'subscriber.erase': { target: 'confirmingErase', actions: { type: 'start', params: ({ event }) => ({ id: event.id, email: event.email }) } },
        'record.close': { actions: assign({ record: null }) },
      },
    },
    loadingRecord: {
      invoke: {
        src: 'loadRecord',
        input: ({ context }) => context.pending?.id ?? '',
        onDone: {
          target: 'idle',
          actions: [assign(({ context, event }) => ({ record: { id: context.pending?.id ?? '', data: event.output }, pending: null })), 'focusRecord'],
        },
        onError: { target: 'idle', actions: { type: 'showProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingRemove: {
      on: {
        confirm: 'removing',
        cancel: {
          target: 'idle',
          actions: [{ type: 'focusButton', params: ({ context }) => ({ id: context.pending?.id ?? '', action: 'remove' as const }) }, assign({ pending: null })],
        },
      },
    },
    removing: {
      invoke: {
        src: 'remove',
        input: ({ context }) => context.pending?.id ?? '',
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({ notice: `${context.pending?.email ?? ''} was taken off the list.`, pending: null, record: null })),
            'onChanged',
            'focusNotice',
          ],
        },
        onError: { target: 'idle', actions: { type: 'showProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingErase: {
      on: {
        confirm: 'erasing',
        cancel: {
          target: 'idle',
          actions: [{ type: 'focusButton', params: ({ context }) => ({ id: context.pending?.id ?? '', action: 'erase' as const }) }, assign({ pending: null })],
        },
      },
    },
    erasing: {
      invoke: {
        src: 'erase',
        input: ({ context }) => context.pending?.id ?? '',
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({
              notice: `Everything we kept about ${context.pending?.email ?? ''} was erased, past e-mails included.`,
              pending: null,
              record: null,
            })),
            'onChanged',
            'focusNotice',
          ],
        },
        onError: { target: 'idle', actions: { type: 'showProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
