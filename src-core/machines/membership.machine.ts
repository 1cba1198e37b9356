/**
 * What an administrator does on the 'Members' page (the lists themselves are route data, loaded
 * again after each change): decide an application, mark a welcome letter posted, erase a person,
 * and add, rename or remove a branch. Erasing and removing ask first; declining and asking for
 * more information need a note, checked here before anything is sent.
 *
 * Built on the job block (./jobs.setup.ts): erasing and removing a branch ask first; a job ends
 * with a notice, or with `problem` on the job's target (and `field` when the note or the branch
 * name is what needs fixing).
 * The composition root provides: actor `run` (input the job, output what an approval made), from
 *   the membership administration port; action `onChanged` (the lists load again); the view's
 *   `focusNotice`, `focusProblem` and `focusButton`.
 */
import { jobsMachine } from './jobs.setup';
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

export const membershipMachine = jobsMachine({
  id: 'membership',
  target: jobTarget,
  asksFirst: ASKS_FIRST,
  missing: (job: MembershipJob) =>
    (job.kind === 'decline' || job.kind === 'moreInformation') && job.note.trim() === '' ? { message: NOTE_REQUIRED, field: 'note' as 'note' | 'name' | null } : null,
  refused: (job, failure) => ({ message: failure.message, field: job === null || failure.kind !== 'invalid-input' ? null : fieldOf(job) }),
  done: (job, approval: Approval | undefined) => ({ notice: doneText(job, approval) }),
  initial: {},
  changed: () => ({}),
});
