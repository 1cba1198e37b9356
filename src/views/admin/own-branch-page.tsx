import { Link } from 'react-router-dom';
import { branchPagePath } from '../../../src-core/domain/branch-pages';
import { DataState } from '../../components/data-state';
import { PAGE_HEADING_ID } from '../../components/page-heading';
import { useRouteData } from '../../lib/route-data.hook';
import { adminBranchesQuery } from './admin.queries';
import { useBranchLimit } from './branch-limit';
import { BranchDetailsForm } from './members/branch-details-form';

/**
 * A branch officer's 'Branch page': what their branch's public page says about where and when it
 * meets, its contact and its description. Its name, web address, counties and whether it is
 * active stay with an administrator or the membership secretary (the server holds to it).
 */
export function OwnBranchPage() {
  const branchId = useBranchLimit();
  const list = useRouteData(adminBranchesQuery());
  return (
    <section aria-labelledby={PAGE_HEADING_ID} className="admin-card">
      <DataState
        data={list}
        loadingText="Loading your branch..."
        emptyText="Your branch could not be found. Please ask an administrator."
        failureText="Your branch could not be loaded."
        isEmpty={(branches) => !branches.some((branch) => branch.id === branchId)}
      >
        {(branches) => {
          const branch = branches.find((each) => each.id === branchId);
          if (branch === undefined) return null;
          return (
            <>
              <p>
                What the page of <strong>{branch.name}</strong> says about the branch. Visitors see it at{' '}
                <Link to={branchPagePath(branch.slug)}>{branchPagePath(branch.slug)}</Link>, with the branch&rsquo;s events and news. Its name,
                web address and counties are changed by an administrator.
              </p>
              <BranchDetailsForm branch={branch} pageOnly />
            </>
          );
        }}
      </DataState>
    </section>
  );
}
