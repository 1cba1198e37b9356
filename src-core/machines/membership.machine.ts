/**
 * What an administrator does on the 'Members' page (the lists themselves are route data, loaded
 * again after each change): decide an application, mark a welcome letter posted, erase a person,
 * and add, rename or remove a branch. Erasing and removing ask first; declining and asking for
 * more information need a note, checked here before anything is sent.
 *
 * States: 'idle': 'job.start' { job } -> 'confirming' when the job asks first (erasing, removing
 *   a branch), else -> 'working'; 'confirming': 'confirm' -> 'working', 'cancel' -> 'idle'.
 *   'working' runs the job and ends in 'idle' with a notice, or with `problem` on the job's
 *   target (and `fieldError` when the note or the branch name is what needs fixing).
 * The composition root provides: actor `run` (input the job, output what an approval made), from
 *   the membership administration port; action `onChanged` (the lists load again); the view's
 *   `focusNotice`, `focusProblem` (params { target }) and `focusButton` (params { target, kind }:
 *   the button whose question was declined).
 */
import { assign, setup } from 'xstate';
import { toProvide } from './to-provide';
import { toCoreError } from '../domain/core-error';
import { approvalText, type Approval } from '../domain/membership-admin';

export type MembershipJob =
  | { readonly kind: 'approve'; readonly id: string; readonly name: string }
  | { readonly kind: 'decline'; readonly id: string; readonly name: string; readonly note: string }
  | { readonly kind: 'moreInformation'; readonly id: string; readonly name: string; readonly note: string }
  | { readonly kind: 'eraseApplication'; readonly id: string; readonly name: string }
  | { readonly kind: 'eraseMember'; readonly number: number; readonly name: string }
  | { readonly kind: 'letterPosted'; readonly number: number; readonly name: string }
  | { readonly kind: 'addBranch'; readonly name: string }
  | { readonly kind: 'renameBranch'; readonly id: string; readonly from: string; readonly name: string }
  | { readonly kind: 'removeBranch'; readonly id: string; readonly name: string };

export type MembershipJobKind = MembershipJob['kind'];

/** The words that say a note is needed (contract/membership.ts says the same from the server). */
const NOTE_REQUIRED = 'Please write a short note to go with this decision.';

/** Where a job's outcome is shown: 'application:id', 'member:number', 'branch:id' or 'branch:new'. */
export function jobTarget(job: MembershipJob): string {
  switch (job.kind) {
    case 'approve':
    case 'decline':
    case 'moreInformation':
    case 'eraseApplication':
      return `application:${job.id}`;
    case 'eraseMember':
    case 'letterPosted':
      return `member:${job.number}`;
    case 'addBranch':
      return 'branch:new';
    case 'renameBranch':
    case 'removeBranch':
      return `branch:${job.id}`;
  }
}

const ASKS_FIRST: ReadonlySet<MembershipJobKind> = new Set(['eraseApplication', 'eraseMember', 'removeBranch']);

function doneText(job: MembershipJob, approval: Approval | undefined): string {
  switch (job.kind) {
    case 'approve':
      return approval === undefined ? `${job.name} was approved.` : approvalText(approval);
    case 'decline':
      return `${job.name}'s application was declined.`;
    case 'moreInformation':
      return `${job.name} was asked for more information. Their application waits under 'Waiting for more information'.`;
    case 'eraseApplication':
    case 'eraseMember':
      return `Everything we kept about ${job.name} was erased.`;
    case 'letterPosted':
      return `${job.name}'s welcome letter is marked as posted.`;
    case 'addBranch':
      return `${job.name} was added.`;
    case 'renameBranch':
      return `${job.from} is now called ${job.name}.`;
    case 'removeBranch':
      return `${job.name} was removed.`;
  }
}

/** The field a job's problem belongs to, when the fix is there. */
function fieldOf(job: MembershipJob): 'note' | 'name' | null {
  if (job.kind === 'decline' || job.kind === 'moreInformation') return 'note';
  if (job.kind === 'addBranch' || job.kind === 'renameBranch') return 'name';
  return null;
}

export interface MembershipContext {
  job: MembershipJob | null;
  notice: string | null;
  problem: { readonly target: string; readonly message: string; readonly field: 'note' | 'name' | null } | null;
}

export type MembershipEvent = { type: 'job.start'; job: MembershipJob } | { type: 'confirm' } | { type: 'cancel' };

export const membershipMachine = setup({
  types: { context: {} as MembershipContext, events: {} as MembershipEvent },
  actors: { run: toProvide<Approval | undefined, MembershipJob>('run') },
  actions: {
    start: assign((_, { job }: { job: MembershipJob }) => ({ job, notice: null, problem: null })),
    noteMissing: assign((_, { job }: { job: MembershipJob }) => ({
      job: null,
      notice: null,
      problem: { target: jobTarget(job), message: NOTE_REQUIRED, field: 'note' as const },
    })),
    showProblem: assign(({ context }, { error }: { error: unknown }) => {
      const failure = toCoreError(error);
      const job = context.job;
      const field = job === null || failure.kind !== 'invalid-input' ? null : fieldOf(job);
      return { problem: { target: job === null ? '' : jobTarget(job), message: failure.message, field }, job: null };
    }),
    onChanged: () => {},
    focusNotice: () => {},
    focusProblem: (_, _params: { target: string }) => {},
    focusButton: (_, _params: { target: string; kind: MembershipJobKind }) => {},
  },
  guards: {
    noteMissing: (_, { job }: { job: MembershipJob }) => (job.kind === 'decline' || job.kind === 'moreInformation') && job.note.trim() === '',
    asksFirst: (_, { job }: { job: MembershipJob }) => ASKS_FIRST.has(job.kind),
  },
}).createMachine({
  id: 'membership',
  initial: 'idle',
  context: { job: null, notice: null, problem: null },
  states: {
    idle: {
      on: {
        'job.start': [
          {
            guard: { type: 'noteMissing', params: ({ event }) => ({ job: event.job }) },
            actions: [
              { type: 'noteMissing', params: ({ event }) => ({ job: event.job }) },
              { type: 'focusProblem', params: ({ event }) => ({ target: jobTarget(event.job) }) },
            ],
          },
          {
            guard: { type: 'asksFirst', params: ({ event }) => ({ job: event.job }) },
            target: 'confirming',
            actions: { type: 'start', params: ({ event }) => ({ job: event.job }) },
          },
          { target: 'working', actions: { type: 'start', params: ({ event }) => ({ job: event.job }) } },
        ],
      },
    },
    confirming: {
      on: {
        confirm: 'working',
        cancel: {
          target: 'idle',
          actions: [
            {
              type: 'focusButton',
              params: ({ context }) => ({ target: context.job === null ? '' : jobTarget(context.job), kind: context.job?.kind ?? 'approve' }),
            },
            assign({ job: null }),
          ],
        },
      },
    },
    working: {
      invoke: {
        src: 'run',
        input: ({ context }) => {
          if (context.job === null) throw new Error('No job to run.');
          return context.job;
        },
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({ notice: context.job === null ? null : doneText(context.job, event.output), job: null })),
            'onChanged',
            'focusNotice',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'focusProblem', params: ({ context }) => ({ target: context.job === null ? '' : jobTarget(context.job) }) },
            { type: 'showProblem', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});
