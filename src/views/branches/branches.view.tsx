import { Link, useSearchParams } from 'react-router-dom';
import { BRANCHES_PATH, COUNTY_PARAM, IRISH_COUNTIES, branchesInCounty, isCounty, type Branch } from '../../../src-core/domain/branches';
import { pageTitle } from '../../../src-core/domain/navigation';
import { DataState } from '../../components/data-state';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { useRouteData } from '../../lib/route-data.hook';
import { BranchCard } from './branch-card';
import { activeBranchesQuery } from './branches.queries';
import { NoBranchPages } from './no-branch-pages';

/**
 * 'Which branch is near me?': a plain form that asks the server for /branches?county=..., so it
 * works before (and without) any script; the answer is part of the page the server sends.
 */
function NearMe({ branches, county }: { readonly branches: readonly Branch[]; readonly county: string }) {
  const chosen = isCounty(county) ? county : '';
  const near = chosen === '' ? [] : branchesInCounty(branches, chosen);
  return (
    <section aria-labelledby="near-me" className="branches__near-me">
      <h2 id="near-me">Which branch is near me?</h2>
      <form method="get" action={BRANCHES_PATH} className="branches__county-form">
        <label htmlFor="county">Your county</label>
        <select id="county" name={COUNTY_PARAM} defaultValue={chosen}>
          <option value="">Choose your county</option>
          {IRISH_COUNTIES.map((each) => (
            <option key={each} value={each}>
              {each}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          Show branches
        </button>
      </form>
      {chosen !== '' && (
        <div className="branches__answer">
          <h3 id="county-answer">Branches in County {chosen}</h3>
          {near.length === 0 ? (
            <p>
              No branch covers County {chosen} yet. Please <Link to="/contact">contact us</Link> and we will tell you about the
              nearest one.
            </p>
          ) : (
            <ul className="grid" aria-labelledby="county-answer">
              {near.map((branch) => (
                <BranchCard key={branch.id} branch={branch} />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

export function BranchesView() {
  usePageTitle(pageTitle('branches'));
  const [search] = useSearchParams();
  const data = useRouteData(activeBranchesQuery());

  return (
    <>
      <PageHeading>Branches</PageHeading>
      <DataState
        data={data}
        loadingText="Loading branches..."
        emptyText="There are no branches listed yet. Please check back soon."
        failureText="The branches could not be loaded."
        isEmpty={(branches) => branches !== null && branches.length === 0}
      >
        {(branches) =>
          branches === null ? (
            <NoBranchPages />
          ) : (
            <>
              <p>Our members meet locally in branches across the country. Find yours, see when it meets and who to contact.</p>
              <NearMe branches={branches} county={search.get(COUNTY_PARAM) ?? ''} />
              <section aria-labelledby="all-branches">
                <h2 id="all-branches">All our branches</h2>
                <ul className="grid">
                  {branches.map((branch) => (
                    <BranchCard key={branch.id} branch={branch} />
                  ))}
                </ul>
              </section>
            </>
          )
        }
      </DataState>
    </>
  );
}
