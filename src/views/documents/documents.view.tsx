import { pageTitle } from '../../../src-core/domain/navigation';
import { useRouteData } from '../../lib/route-data.hook';
import { DataState } from '../../components/data-state';
import { FileLink } from '../../components/file-link';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { filesQuery } from '../route.queries';
import { paragraphsOf } from '../../../src-core/domain/association-details';
import { useAssociationDetails } from '../../components/association/association-details.hook';
import { HowToJoin } from '../../components/association/how-to-join';
import { useBackend } from '../../lib/backend.context';
import { BranchesLink } from '../../components/branches-link';
import { JOIN_PAGES } from '../../../src-core/domain/join-pages';

export function DocumentsView() {
  usePageTitle(pageTitle('documents'));
  const files = useRouteData(filesQuery('root'));
  const howToJoin = paragraphsOf(useAssociationDetails()?.howToJoin ?? '');
  // Only where the backend takes applications; elsewhere the paper form below is the way.
  const joinsOnline = useBackend().membership !== undefined;

  return (
    <>
      <PageHeading>Join Us Today</PageHeading>
      <p className="lead">
        {/* 'How to join' says who may join where the association has written it; never twice. */}
        {howToJoin.length === 0 && 'Membership is open to every retired nurse. '}
        The membership form and our important documents are below; each one opens in a new tab, where you can read,
        print or save it.
      </p>
      {joinsOnline && (
        <p className="join-online">
          <a href={JOIN_PAGES.form} className="button">
            Join online
          </a>{' '}
          <span className="join-online__or">or print the membership form below and post it to us.</span>
        </p>
      )}
      <HowToJoin headingId="how-to-join" />
      <BranchesLink>Members meet locally in branches across the country.</BranchesLink>
      <h2 className="file-list__heading">Forms and documents</h2>
      <DataState
        data={files}
        loadingText="Loading files..."
        emptyText="There are no documents here yet. Please check back soon."
        failureText="The documents could not be loaded."
      >
        {(list) => (
          <ul className="file-list">
            {list.map((file) => (
              <li key={file.fullPath}>
                <FileLink file={file} />
              </li>
            ))}
          </ul>
        )}
      </DataState>
    </>
  );
}
