import { Link } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import { NotForSearchEnginesOnceRunning } from '../../components/not-for-search-engines';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';

export function NotFoundView() {
  usePageTitle(pageTitle('not-found'));

  return (
    <>
      <NotForSearchEnginesOnceRunning />
      <PageHeading>Page not found</PageHeading>
      <p>
        Sorry, we could not find that page. It may have moved, or there may be a small mistake in the address.
      </p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
    </>
  );
}
