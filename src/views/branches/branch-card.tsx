import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Branch } from '../../../src-core/domain/branches';
import { branchPagePath } from '../../../src-core/domain/branch-pages';

/** One branch in a list: its name leading to its page, the counties it covers and when it meets. */
export function BranchCard({ branch }: { readonly branch: Branch }) {
  return (
    <li className="card branch-card">
      <h3 className="branch-card__title">
        <Link to={branchPagePath(branch.slug)}>{branch.name}</Link>
      </h3>
      <BranchFacts branch={branch} className="branch-card__facts" />
    </li>
  );
}

/** The counties a branch covers and when it meets, on its card and at the top of its page, which adds its contact lines. */
export function BranchFacts({ branch, className, children }: { readonly branch: Branch; readonly className: string; readonly children?: ReactNode }) {
  return (
    <dl className={className}>
      {branch.counties.length > 0 && (
        <div>
          <dt>Counties:</dt> <dd>{branch.counties.join(', ')}</dd>
        </div>
      )}
      {branch.meets !== '' && (
        <div>
          <dt>Meets:</dt> <dd>{branch.meets}</dd>
        </div>
      )}
      {children}
    </dl>
  );
}
