import { BRANCH_MESSAGES } from '../../src-core/domain/branches';
import { invalidInput } from '../http/api-error';
import type { BranchesRepository } from '../repositories/branches.repository';

/**
 * The branch an event or a post is to belong to, as its row id: null for national, undefined
 * for "as it was" (the request left it out). A branch that is not there is refused, so a
 * stale form cannot point a post at a removed branch.
 */
export function chosenBranch(branches: BranchesRepository, raw: string | null | undefined): number | null | undefined {
  if (raw === undefined || raw === null) return raw;
  const branch = branches.get(raw);
  if (branch === undefined) throw invalidInput({ branch: BRANCH_MESSAGES.notFound }, BRANCH_MESSAGES.notFound);
  return Number(branch.id);
}
