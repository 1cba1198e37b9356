import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { jobTarget, type MembershipJobKind, type membershipMachine } from '../../../../src-core/machines/membership.machine';
import { StatusMessage } from '../../../components/status-message';
import { focusById } from '../../../lib/focus';

export type MembershipActor = ActorRefFrom<typeof membershipMachine>;

export const NOTICE_ID = 'membership-notice';
const safe = (target: string) => target.replace(/[^a-zA-Z0-9-]/g, '-');
const problemId = (target: string) => `membership-problem-${safe(target)}`;
export const buttonId = (target: string, kind: MembershipJobKind) => `membership-${kind}-${safe(target)}`;
/** The box around one applicant, member or branch: a refused note or name is focused inside it. */
export const areaId = (target: string) => `membership-area-${safe(target)}`;

export function focusProblem(target: string): void {
  const invalid = document.getElementById(areaId(target))?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid === null || invalid === undefined) focusById(problemId(target));
  else invalid.focus();
}

/** The job running or asked about for this target, and the problem shown on it. */
export function useTargetState(actor: MembershipActor, target: string) {
  const asking = useSelector(actor, (state) => (state.context.job !== null && jobTarget(state.context.job) === target ? state.context.job.kind : null));
  const confirming = useSelector(actor, (state) => state.matches('confirming'));
  const working = useSelector(actor, (state) => state.matches('working'));
  const busy = useSelector(actor, (state) => !state.matches('idle'));
  const problem = useSelector(actor, (state) => (state.context.problem?.target === target ? state.context.problem : null));
  return { asking, confirming: asking !== null && confirming, working: asking !== null && working, busy, problem };
}

/** A refusal beside what caused it; focus moves to it (focusProblem). */
export function Problem({ target, message }: { readonly target: string; readonly message: string }) {
  return (
    <StatusMessage tone="error" id={problemId(target)}>
      {message}
    </StatusMessage>
  );
}

