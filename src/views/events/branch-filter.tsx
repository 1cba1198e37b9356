import { Link } from 'react-router-dom';
import { branchEventsPath, type BranchLink } from '../../../src-core/domain/branches';

/**
 * A link per branch to its events only, and one back to every event: plain links, so the
 * filter works without script. The current choice is marked for screen readers too.
 */
export function BranchFilter({ branches, chosen }: { readonly branches: readonly BranchLink[]; readonly chosen: BranchLink | null }) {
  if (branches.length === 0) return null;
  return (
    <nav aria-labelledby="events-by-branch" className="events__branches">
      <h2 id="events-by-branch">Events by branch</h2>
      <ul>
        <li>
          <Link to="/events" aria-current={chosen === null ? 'page' : undefined}>
            Every branch and national events
          </Link>
        </li>
        {branches.map((branch) => (
          <li key={branch.id}>
            <Link to={branchEventsPath(branch.slug)} aria-current={chosen?.slug === branch.slug ? 'page' : undefined}>
              {branch.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
