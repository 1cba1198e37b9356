/**
 * Sending a news post or a newsletter to every confirmed subscriber: pick what to send, see the
 * e-mail as readers will, send a test to yourself, send it (after a question), and follow its
 * progress, with pause and resume. The progress is the server's, so a reload finds it again:
 * on opening, a mailing still under way is shown at once.
 *
 * States: 'starting' (reads the mailings) -> 'underWay' when one is sending or paused, else
 *   'choosing'. 'choosing' / 'ready': 'mailing.choose' { source } -> 'creating' -> 'previewing' ->
 *   'ready' with `preview`. 'ready': 'mailing.test' -> 'sendingTest' -> 'ready' (a notice);
 *   'mailing.send' -> 'confirmingSend' ('confirm' -> 'startingSend' -> 'underWay'; 'cancel' ->
 *   'ready'). 'underWay' follows the mailing's own state: 'sending' asks again every `pollDelay`
 *   until nothing waits ('mailing.pause' -> 'pausing'), 'paused' ('mailing.resume' ->
 *   'resuming'), 'finished' ('mailing.new' -> 'choosing'). A failure keeps the state and sets `problem`.
 * The composition root provides: actors `list`, `create` (input the source), `preview`, `test`,
 *   `send`, `pause`, `resume` and `check` (input the mailing's id) from the member mail port;
 *   the view's `focusPreview`, `focusProgress`, `focusNotice`, `focusProblem` and `focusSendButton`.
 */
import { assign, setup } from 'xstate';
import { toProvide } from './to-provide';
import { toCoreError } from '../domain/core-error';
import { mailingUnderWay, type Mailing, type MailingPreview, type Mailings, type MailingSource } from '../domain/member-mail';

export interface MailingContext {
  mailing: Mailing | null;
  preview: MailingPreview | null;
  emailSetUp: boolean;
  notice: string | null;
  problem: string | null;
}

export type MailingEvent =
  | { type: 'mailing.choose'; source: MailingSource }
  | { type: 'mailing.test' }
  | { type: 'mailing.send' }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'mailing.pause' }
  | { type: 'mailing.resume' }
  | { type: 'mailing.new' };

const choose = { target: '#mailing.creating', actions: 'reset' } as const;

const mailingId = ({ context }: { context: MailingContext }) => context.mailing?.id ?? '';

export const mailingMachine = setup({
  types: { context: {} as MailingContext, events: {} as MailingEvent },
  actors: {
    list: toProvide<Mailings>('list'),
    create: toProvide<Mailing, MailingSource>('create'),
    preview: toProvide<MailingPreview, string>('preview'),
    test: toProvide<void, string>('test'),
    send: toProvide<Mailing, string>('send'),
    pause: toProvide<Mailing, string>('pause'),
    resume: toProvide<Mailing, string>('resume'),
    check: toProvide<Mailing, string>('check'),
  },
  actions: {
    keepMailing: assign((_, { mailing }: { mailing: Mailing }) => ({ mailing })),
    showProblem: assign((_, { error }: { error: unknown }) => ({ problem: toCoreError(error).message })),
    clearMessages: assign({ notice: null, problem: null }),
    reset: assign({ mailing: null, preview: null, notice: null, problem: null }),
    focusPreview: () => {},
    focusProgress: () => {},
    focusNotice: () => {},
    focusProblem: () => {},
    focusSendButton: () => {},
  },
  guards: {
    isFinished: ({ context }) => context.mailing?.state === 'finished' || context.mailing?.state === 'draft',
    isPaused: ({ context }) => context.mailing?.state === 'paused',
  },
  delays: { pollDelay: 2_000 },
}).createMachine({
  id: 'mailing',
  initial: 'starting',
  context: { mailing: null, preview: null, emailSetUp: true, notice: null, problem: null },
  states: {
    starting: {
      invoke: {
        src: 'list',
        onDone: [
          {
            guard: ({ event }) => mailingUnderWay(event.output.mailings) !== undefined,
            target: 'underWay',
            actions: assign(({ event }) => ({ mailing: mailingUnderWay(event.output.mailings) ?? null, emailSetUp: event.output.emailSetUp })),
          },
          { target: 'choosing', actions: assign({ emailSetUp: ({ event }) => event.output.emailSetUp }) },
        ],
        // The choice still works: a failure to read past mailings only hides their progress.
        onError: { target: 'choosing', actions: { type: 'showProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    choosing: { on: { 'mailing.choose': choose } },
    creating: {
      invoke: {
        src: 'create',
        input: ({ event }) => (event.type === 'mailing.choose' ? event.source : { kind: 'news' as const, ref: '' }),
        onDone: { target: 'previewing', actions: { type: 'keepMailing', params: ({ event }) => ({ mailing: event.output }) } },
        onError: { target: 'choosing', actions: [{ type: 'showProblem', params: ({ event }) => ({ error: event.error }) }, 'focusProblem'] },
      },
    },
    previewing: {
      invoke: {
        src: 'preview',
        input: mailingId,
        onDone: { target: 'ready', actions: [assign({ preview: ({ event }) => event.output }), 'focusPreview'] },
        onError: { target: 'choosing', actions: [{ type: 'showProblem', params: ({ event }) => ({ error: event.error }) }, 'focusProblem'] },
      },
    },
    ready: {
      on: {
        'mailing.choose': choose,
        'mailing.test': { target: 'sendingTest', actions: 'clearMessages' },
        'mailing.send': { target: 'confirmingSend', actions: 'clearMessages' },
      },
    },
    sendingTest: {
      invoke: {
        src: 'test',
        input: mailingId,
        onDone: { target: 'ready', actions: [assign({ notice: 'A test e-mail is on its way to you. It may take a minute or two to arrive.' }), 'focusNotice'] },
        onError: { target: 'ready', actions: [{ type: 'showProblem', params: ({ event }) => ({ error: event.error }) }, 'focusProblem'] },
      },
    },
    confirmingSend: {
      on: {
        confirm: 'startingSend',
        cancel: { target: 'ready', actions: 'focusSendButton' },
      },
    },
    startingSend: {
      invoke: {
        src: 'send',
        input: mailingId,
        onDone: { target: 'underWay', actions: [{ type: 'keepMailing', params: ({ event }) => ({ mailing: event.output }) }, 'focusProgress'] },
        onError: { target: 'ready', actions: [{ type: 'showProblem', params: ({ event }) => ({ error: event.error }) }, 'focusProblem'] },
      },
    },
    underWay: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'isFinished', target: 'finished' }, { guard: 'isPaused', target: 'paused' }, { target: 'sending' }],
        },
        sending: {
          after: { pollDelay: 'asking' },
          on: { 'mailing.pause': { target: 'pausing', actions: 'clearMessages' } },
        },
        asking: {
          invoke: {
            src: 'check',
            input: mailingId,
            onDone: { target: 'checking', actions: { type: 'keepMailing', params: ({ event }) => ({ mailing: event.output }) } },
            // Offline for a moment: ask again later.
            onError: 'sending',
          },
          on: { 'mailing.pause': { target: 'pausing', actions: 'clearMessages' } },
        },
        pausing: {
          invoke: {
            src: 'pause',
            input: mailingId,
            onDone: { target: 'checking', actions: { type: 'keepMailing', params: ({ event }) => ({ mailing: event.output }) } },
            onError: { target: 'checking', actions: [{ type: 'showProblem', params: ({ event }) => ({ error: event.error }) }, 'focusProblem'] },
          },
        },
        paused: { on: { 'mailing.resume': { target: 'resuming', actions: 'clearMessages' } } },
        resuming: {
          invoke: {
            src: 'resume',
            input: mailingId,
            onDone: { target: 'checking', actions: { type: 'keepMailing', params: ({ event }) => ({ mailing: event.output }) } },
            onError: { target: 'checking', actions: [{ type: 'showProblem', params: ({ event }) => ({ error: event.error }) }, 'focusProblem'] },
          },
        },
        finished: {
          on: { 'mailing.new': { target: '#mailing.choosing', actions: 'reset' } },
        },
      },
    },
  },
});
