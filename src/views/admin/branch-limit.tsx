import { createContext, useContext, type ReactNode } from 'react';
import { branchLimitOf } from '../../../src-core/domain/roles';
import type { User } from '../../../src-core/domain/user';

/**
 * The one branch whose news and events the signed-in user works on (a branch officer's), for
 * the admin pages' lists: undefined for a role that has every branch, null for none at all. The
 * server holds to the same limit on every request; this only keeps the lists to what it allows.
 */
const BranchLimitContext = createContext<string | null | undefined>(undefined);

export function BranchLimitProvider({ user, children }: { readonly user: User; readonly children: ReactNode }) {
  return <BranchLimitContext.Provider value={branchLimitOf(user)}>{children}</BranchLimitContext.Provider>;
}

export function useBranchLimit(): string | null | undefined {
  return useContext(BranchLimitContext);
}
