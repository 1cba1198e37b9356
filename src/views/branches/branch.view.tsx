import { Link, useParams } from 'react-router-dom';
import type { Branch } from '../../../src-core/domain/branches';
import { BRANCHES_PATH, branchEventsPath } from '../../../src-core/domain/branch-pages';
import { pageTitle } from '../../../src-core/domain/navigation';
import { NotForSearchEnginesOnceRunning } from '../../components/not-for-search-engines';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { useRouteData } from '../../lib/route-data.hook';
import { EventCard } from '../events/event-card';
import { NewsCard } from '../news/news-card';
import { BranchFacts } from './branch-card';
import { branchPageQuery, type BranchPageData } from './branches.queries';
import { NoBranchPages } from './no-branch-pages';

const backToBranches = (
  <p>
    <Link to={BRANCHES_PATH} className="branch__back">
      <span aria-hidden="true">←</span> All branches
    </Link>
  </p>
);

function Facts({ branch }: { readonly branch: Branch }) {
  const phone = branch.contactPhone.replace(/[^+0-9]/g, '');
  return (
    <BranchFacts branch={branch} className="branch__facts">
      {branch.contactName !== '' && (
        <div>
          <dt>Contact:</dt> <dd>{branch.contactName}</dd>
        </div>
      )}
      {branch.contactPhone !== '' && (
        <div>
          <dt>Phone:</dt>{' '}
          <dd>
            <a href={`tel:${phone}`}>{branch.contactPhone}</a>
          </dd>
        </div>
      )}
      {branch.contactEmail !== '' && (
        <div>
          <dt>E-mail:</dt>{' '}
          <dd>
            <a href={`mailto:${branch.contactEmail}`}>{branch.contactEmail}</a>
          </dd>
        </div>
      )}
    </BranchFacts>
  );
}

function BranchPage({ data }: { readonly data: BranchPageData }) {
  const { branch, upcoming, news, calendarPath } = data;
  return (
    <article className="branch">
      {backToBranches}
      <PageHeading>{branch.name}</PageHeading>
      {branch.description !== '' && <p className="branch__description">{branch.description}</p>}
      <Facts branch={branch} />
      <section aria-labelledby="branch-events" className="branch__section">
        <h2 id="branch-events">Upcoming events</h2>
        {upcoming.length === 0 ? (
          <p className="status">This branch has no upcoming events listed yet.</p>
        ) : (
          <ul className="grid">
            {upcoming.map((event) => (
              <EventCard key={event.id} event={event} heading="h3" />
            ))}
          </ul>
        )}
        <p>
          <Link to={branchEventsPath(branch.slug)}>
            All events of {branch.name}, past ones too
          </Link>
        </p>
        {calendarPath !== null && (
          <p>
            <a href={calendarPath}>
              Calendar feed of {branch.name}&rsquo;s events (.ics)
            </a>
            : add it to your calendar app and new events appear by themselves.
          </p>
        )}
      </section>
      <section aria-labelledby="branch-news" className="branch__section">
        <h2 id="branch-news">Recent news</h2>
        {news.length === 0 ? (
          <p className="status">There is no news from this branch yet.</p>
        ) : (
          <ul className="grid">
            {news.map((post) => (
              <NewsCard key={post.id} post={post} />
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

export function BranchView() {
  const { slug = '' } = useParams();
  const data = useRouteData(branchPageQuery(slug));
  const missing = data.status === 'error' && data.error.kind === 'not-found';
  usePageTitle(data.status === 'ready' && data.data !== null ? pageTitle('branch', data.data.branch.name) : missing ? pageTitle('not-found') : pageTitle('branch'));

  if (data.status === 'ready') {
    return data.data === null ? (
      <>
        <PageHeading>Branches</PageHeading>
        <NoBranchPages />
      </>
    ) : (
      <BranchPage data={data.data} />
    );
  }
  if (missing) {
    return (
      <>
        <NotForSearchEnginesOnceRunning />
        <PageHeading>Branch not found</PageHeading>
        <p>Sorry, we could not find that branch. It may have closed or changed its address.</p>
        <p>
          <Link to={BRANCHES_PATH} className="button">
            See all the branches
          </Link>
        </p>
      </>
    );
  }
  return (
    <article className="branch">
      {backToBranches}
      <PageHeading>Branch</PageHeading>
      {data.status === 'loading' ? (
        <p role="status" className="data-state--loading">
          Loading branches...
        </p>
      ) : (
        <div role="alert" className="status status--error">
          <p>The branch could not be loaded. {data.error.message}</p>
          <button type="button" className="button" onClick={data.retry}>
            Try again
          </button>
        </div>
      )}
    </article>
  );
}
