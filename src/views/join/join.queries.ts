import type { Branch } from '../../../src-core/ports/membership.port';
import { defineQuery } from '../../lib/route-data.cache';

/** The branches for the join form's list; none where the backend has no joining online. */
export const branchesQuery = () =>
  defineQuery('branches', async (backend): Promise<readonly Branch[]> => (backend.membership === undefined ? [] : backend.membership.listBranches()));
