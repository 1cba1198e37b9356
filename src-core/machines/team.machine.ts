/**
 * What an administrator does on the 'Team' page: invite by e-mail with a role, change a role,
 * suspend or allow back, remove (after a confirmation). The list itself is route data; this is
 * the flow around one change.
 *
 * States: 'ready' (initial) -'team.invite' | 'team.role' | 'team.suspend'-> 'working';
 *   'ready' -'team.remove'-> 'confirming' -'team.confirm'-> 'working' (or 'team.cancel' -> 'ready');
 *   'working' -> 'ready' with `notice` (and the `changed` action) or `errorMessage` (and
 *   `emailError` when the invitation's address was refused, `branchError` when a branch
 *   officer's branch was missing).
 * The composition root provides:
 *   actor `run`: the change, from the team port, resolving with the team as it is afterwards.
 *   actions `changed` (loads the list again), `invited` (the view empties its form),
 *   `focusNotice`, `focusFailure` (the view's).
 */
import { assign, fromPromise, setup } from 'xstate';
import { toCoreError } from '../domain/core-error';
import { INVITATION_HOURS, ROLE_NAMES, isOneBranchRole, type StaffRole } from '../domain/roles';
import type { TeamMember } from '../domain/team';

export type TeamJob =
  | { readonly kind: 'invite'; readonly email: string; readonly role: StaffRole; readonly branchId?: string }
  | { readonly kind: 'role'; readonly email: string; readonly role: StaffRole; readonly branchId?: string }
  | { readonly kind: 'suspend'; readonly email: string; readonly suspended: boolean }
  | { readonly kind: 'remove'; readonly email: string };

export interface TeamContext {
  job: TeamJob | null;
  notice: string | null;
  errorMessage: string | null;
  emailError: string | null;
  /** The refusal of the branch chosen (or not chosen) for a branch officer. */
  branchError: string | null;
}

export type TeamEvent =
  | { type: 'team.invite'; email: string; role: StaffRole; branchId?: string }
  | { type: 'team.role'; email: string; role: StaffRole; branchId?: string }
  | { type: 'team.suspend'; email: string; suspended: boolean }
  | { type: 'team.remove'; email: string }
  | { type: 'team.confirm' }
  | { type: 'team.cancel' };

/** What the page says once a change is done; `team`: the team as it is afterwards. */
function noticeFor(job: TeamJob, team: readonly TeamMember[]): string {
  switch (job.kind) {
    case 'invite':
      return `Invitation sent to ${job.email.trim()}. The link in it works for ${INVITATION_HOURS} hours.`;
    case 'role': {
      // A role limited to one branch is named with the branch the team now shows for them.
      const branch = isOneBranchRole(job.role) ? team.find((member) => member.email === job.email)?.branch : undefined;
      return `${job.email} is now ${ROLE_NAMES[job.role].toLowerCase()}${branch === undefined ? '' : ` for ${branch.name}`}.`;
    }
    case 'suspend':
      return job.suspended ? `${job.email} is suspended and was signed out.` : `${job.email} can sign in again.`;
    case 'remove':
      return `${job.email} was removed from the team.`;
  }
}

export const teamMachine = setup({
  types: { context: {} as TeamContext, events: {} as TeamEvent },
  actors: {
    run: fromPromise<readonly TeamMember[], TeamJob>(async () => {
      throw new Error('Provide the run actor.');
    }),
  },
  actions: {
    clearMessages: assign({ notice: null, errorMessage: null, emailError: null, branchError: null }),
    changed: () => {},
    invited: () => {},
    focusNotice: () => {},
    focusFailure: () => {},
  },
}).createMachine({
  id: 'team',
  initial: 'ready',
  context: { job: null, notice: null, errorMessage: null, emailError: null, branchError: null },
  states: {
    ready: {
      on: {
        'team.invite': { target: 'working', actions: ['clearMessages', assign({ job: ({ event }) => ({ kind: 'invite', email: event.email, role: event.role, branchId: event.branchId }) })] },
        'team.role': { target: 'working', actions: ['clearMessages', assign({ job: ({ event }) => ({ kind: 'role', email: event.email, role: event.role, branchId: event.branchId }) })] },
        'team.suspend': { target: 'working', actions: ['clearMessages', assign({ job: ({ event }) => ({ kind: 'suspend', email: event.email, suspended: event.suspended }) })] },
        'team.remove': { target: 'confirming', actions: ['clearMessages', assign({ job: ({ event }) => ({ kind: 'remove', email: event.email }) })] },
      },
    },
    confirming: {
      on: { 'team.confirm': 'working', 'team.cancel': { target: 'ready', actions: assign({ job: null }) } },
    },
    working: {
      invoke: {
        src: 'run',
        input: ({ context }) => context.job ?? { kind: 'remove', email: '' },
        onDone: [
          {
            guard: ({ context }) => context.job?.kind === 'invite',
            target: 'ready',
            actions: [assign({ notice: ({ context, event }) => (context.job === null ? null : noticeFor(context.job, event.output)) }), 'changed', 'invited', 'focusNotice'],
          },
          { target: 'ready', actions: [assign({ notice: ({ context, event }) => (context.job === null ? null : noticeFor(context.job, event.output)) }), 'changed', 'focusNotice'] },
        ],
        onError: {
          target: 'ready',
          actions: [
            assign(({ event }) => {
              const failure = toCoreError(event.error);
              return { errorMessage: failure.message, emailError: failure.fieldErrors?.email ?? null, branchError: failure.fieldErrors?.branchId ?? null };
            }),
            'focusFailure',
          ],
        },
      },
    },
  },
});
