import { Link, useSearchParams } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import { formatDate } from '../../../src-core/domain/news';
import { SEARCH_KIND_LABELS, SEARCH_PARAM, tidyQuery, type SearchResult, type SearchResults } from '../../../src-core/domain/search';
import { DataState } from '../../components/data-state';
import { ExternalLink } from '../../components/external-link';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { SearchForm } from '../../components/search-form';
import { useBackend } from '../../lib/backend.context';
import { useRouteData } from '../../lib/route-data.hook';
import { searchQuery } from '../route.queries';
import './search.css';

const DATE_WORDS: Readonly<Record<SearchResult['kind'], string>> = {
  page: 'Updated',
  news: 'Published',
  newsletter: 'Added',
  document: 'Added',
  event: 'On',
};

function ResultItem({ result }: { readonly result: SearchResult }) {
  const date = result.date === null ? '' : formatDate(result.date);
  return (
    <li className="search-result">
      <h2 className="search-result__title">
        {result.isFile ? <ExternalLink href={result.href}>{result.title}</ExternalLink> : <Link to={result.href}>{result.title}</Link>}
      </h2>
      <p className="search-result__about">
        <span className="search-result__kind">{SEARCH_KIND_LABELS[result.kind]}</span>
        {date === '' ? null : (
          <>
            {' · '}
            {DATE_WORDS[result.kind]} <time dateTime={result.date ?? undefined}>{date}</time>
          </>
        )}
      </p>
      {result.snippet.length === 0 ? null : (
        <p className="search-result__snippet">
          {result.snippet.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
        </p>
      )}
    </li>
  );
}

function NothingFound({ query }: { readonly query: string }) {
  return (
    <div className="search-nothing">
      <p role="status">Nothing was found for ‘{query}’.</p>
      <p>You could:</p>
      <ul>
        <li>check the spelling, or try another word for the same thing</li>
        <li>use fewer words</li>
        <li>
          look through <Link to="/news">News and newsletters</Link>, <Link to="/events">Events</Link> or{' '}
          <Link to="/documents">Join Us Today</Link> for forms and documents
        </li>
      </ul>
    </div>
  );
}

function Results({ found }: { readonly found: SearchResults }) {
  if (found.results.length === 0) return <NothingFound query={found.query} />;
  const count = found.results.length === 1 ? '1 result' : `${found.results.length} results`;
  return (
    <>
      <p role="status" className="search-count">
        {found.matched === 'all' ? `${count} for ‘${found.query}’` : `Nothing had all of ‘${found.query}’; ${count} with some of the words`}
      </p>
      <ResultList results={found.results.slice(0, found.withAllWords)} />
      {found.withAllWords === undefined ? null : (
        <>
          <h2>With some of the words</h2>
          <ResultList results={found.results.slice(found.withAllWords)} />
        </>
      )}
    </>
  );
}

function ResultList({ results }: { readonly results: readonly SearchResult[] }) {
  return (
    <ol className="search-results">
      {results.map((result) => (
        <ResultItem key={`${result.kind} ${result.href}`} result={result} />
      ))}
    </ol>
  );
}

/**
 * The results page: a search form with the query in it, then what was found, best first, each
 * saying what it is (news, newsletter, document, event), its date, and its words around the
 * match. Rendered by the server, so it works without the app's script.
 */
export function SearchView() {
  usePageTitle(pageTitle('search'));
  const [params] = useSearchParams();
  const query = tidyQuery(params.get(SEARCH_PARAM));
  const found = useRouteData(searchQuery(query));
  const { coverage } = useBackend().search;

  return (
    <>
      <PageHeading>Search</PageHeading>
      {/* A new query makes a new form, so the box shows what was searched for. */}
      <SearchForm key={query} id="search-page-query" label="Search news, newsletters, documents and events" defaultQuery={query} className="search-page__form" />
      {coverage.textInsideFiles ? null : (
        <p className="search-coverage">
          This search looks through news posts, events and the names of files. It does not look at the words inside the files themselves.
        </p>
      )}
      {query === '' ? (
        <p className="lead">Type a word or two, such as ‘pension’ or ‘membership form’, and press Search.</p>
      ) : (
        <DataState data={found} loadingText="Searching..." failureText="The search could not be done.">
          {(results) => <Results found={results} />}
        </DataState>
      )}
    </>
  );
}
