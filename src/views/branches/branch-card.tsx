import { Link } from 'react-router-dom';
import { branchPagePath, type Branch } from '../../../src-core/domain/branches';

/** One branch in a list: its name leading to its page, the counties it covers and when it meets. */
export function BranchCard({ branch }: { readonly branch: Branch }) {
  return (
    <li className="card branch-card">
      <h3 className="branch-card__title">
        <Link to={branchPagePath(branch.slug)}>{branch.name}</Link>
      </h3>
      <dl className="branch-card__facts">
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
      </dl>
    </li>
  );
}
