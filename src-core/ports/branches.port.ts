import type { Branch } from '../domain/branches';

/** The association's branches as their public pages show them. */
export interface BranchesPort {
  /**
   * Every branch, active or not, in the association's order.
   * @throws CoreError 'unavailable'.
   */
  listBranches(options?: { readonly signal?: AbortSignal }): Promise<readonly Branch[]>;
}
