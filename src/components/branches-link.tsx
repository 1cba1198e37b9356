import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BRANCHES_PATH } from '../../src-core/domain/branches';
import { useBackend } from '../lib/backend.context';

/**
 * A pointer to the branches page, shown only where the backend keeps branches: the hosted build
 * has none yet, and a link to a page that says so would only send a reader round in a circle.
 */
export function BranchesLink({ children, className }: { readonly children: ReactNode; readonly className?: string }) {
  if (useBackend().branches === undefined) return null;
  return (
    <p className={className}>
      {children} <Link to={BRANCHES_PATH}>Find your branch</Link>.
    </p>
  );
}
