/**
 * The devices the administrator is signed in on: the list, ending one, ending all others.
 *
 * States: 'loading' (initial; the list so far stays in `devices`) -> 'ready' or 'loadFailed'
 *   ('retry' loads again). 'ready': 'device.end' { id } -> 'ending', 'devices.endOthers' ->
 *   'endingOthers', 'devices.reload' -> 'loading'. Each ending loads the list again with a
 *   `notice`, or goes back to 'ready' with `errorMessage`.
 * The composition root provides:
 *   actors `list` (SignedInDevice[]), `end` (input the device's id) and `endOthers` (how many),
 *     from the account port.
 *   actions `focusNotice` and `focusFailure`: the view's.
 */
import { assign, setup } from 'xstate';
import { toProvide } from './to-provide';
import { toCoreError } from '../domain/core-error';
import type { SignedInDevice } from '../ports/account.port';

export interface DevicesContext {
  devices: readonly SignedInDevice[];
  notice: string | null;
  errorMessage: string | null;
}

export type DevicesEvent =
  | { type: 'retry' }
  | { type: 'devices.reload' }
  | { type: 'device.end'; id: string }
  | { type: 'devices.endOthers' };

/**
 * What ending all other devices says.
 * @internal Outside this file only tests and fakes use it.
 */
export function endedOthersNotice(ended: number): string {
  if (ended === 0) return 'No other device was signed in.';
  return ended === 1 ? '1 other device has been signed out.' : `${ended} other devices have been signed out.`;
}

/** @internal Outside this file only tests and fakes use it. */
export const DEVICE_ENDED = 'That device has been signed out. It will be asked to sign in again.';

export const devicesMachine = setup({
  types: { context: {} as DevicesContext, events: {} as DevicesEvent },
  actors: {
    list: toProvide<readonly SignedInDevice[]>('list'),
    end: toProvide<void, string>('end'),
    endOthers: toProvide<number>('endOthers'),
  },
  actions: {
    showFailure: assign((_, { error }: { error: unknown }) => ({ errorMessage: toCoreError(error).message, notice: null })),
    focusNotice: () => {},
    focusFailure: () => {},
  },
}).createMachine({
  id: 'devices',
  initial: 'loading',
  context: { devices: [], notice: null, errorMessage: null },
  states: {
    loading: {
      invoke: {
        src: 'list',
        onDone: { target: 'ready', actions: assign({ devices: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ errorMessage: ({ event }) => toCoreError(event.error).message }) },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: assign({ errorMessage: null }) } } },
    ready: {
      on: {
        'devices.reload': { target: 'loading', actions: assign({ errorMessage: null, notice: null }) },
        'device.end': { target: 'ending', actions: assign({ errorMessage: null, notice: null }) },
        'devices.endOthers': { target: 'endingOthers', actions: assign({ errorMessage: null, notice: null }) },
      },
    },
    ending: {
      invoke: {
        src: 'end',
        input: ({ event }) => (event.type === 'device.end' ? event.id : ''),
        onDone: { target: 'loading', actions: [assign({ notice: DEVICE_ENDED }), 'focusNotice'] },
        onError: { target: 'ready', actions: [{ type: 'showFailure', params: ({ event }) => ({ error: event.error }) }, 'focusFailure'] },
      },
    },
    endingOthers: {
      invoke: {
        src: 'endOthers',
        onDone: { target: 'loading', actions: [assign({ notice: ({ event }) => endedOthersNotice(event.output) }), 'focusNotice'] },
        onError: { target: 'ready', actions: [{ type: 'showFailure', params: ({ event }) => ({ error: event.error }) }, 'focusFailure'] },
      },
    },
  },
});
