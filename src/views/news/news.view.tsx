import { pageTitle } from '../../../src-core/domain/navigation';
import { useBackend } from '../../lib/backend.context';
import { useRouteData } from '../../lib/route-data.hook';
import { DataState } from '../../components/data-state';
import { FileLink } from '../../components/file-link';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { SubscriptionFormPart } from '../../components/subscription-form.part';
import { filesQuery, postsQuery } from '../route.queries';
import { FeedLink } from './feed-link';
import { NewsCard } from './news-card';
import './news.css';

export function NewsView() {
  usePageTitle(pageTitle('news'));
  const posts = useRouteData(postsQuery());
  const newsletters = useRouteData(filesQuery('newsletters'));
  // Only where the backend's server makes them: a static host has no feeds to link to.
  const { feeds } = useBackend();

  return (
    <>
      <PageHeading>News</PageHeading>

      <section aria-labelledby="latest-news">
        <h2 id="latest-news">Latest News</h2>
        <DataState
          data={posts}
          loadingText="Loading posts..."
          emptyText="There is no news yet. Please check back soon."
          failureText="The news could not be loaded."
        >
          {(list) => (
            <ul className="grid">
              {list.map((post) => (
                <NewsCard key={post.id} post={post} />
              ))}
            </ul>
          )}
        </DataState>
        {feeds === undefined ? (
          <p className="news__no-feed">This website has no news feed for feed readers: please visit this page for the latest news.</p>
        ) : (
          <FeedLink feed={feeds.news} what="our news">Follow news in a feed reader</FeedLink>
        )}
      </section>

      <section aria-labelledby="newsletters">
        <h2 id="newsletters">Newsletters</h2>
        <DataState
          data={newsletters}
          loadingText="Loading files..."
          emptyText="There are no newsletters yet. Please check back soon."
          failureText="The newsletters could not be loaded."
        >
          {(files) => (
            <ul className="grid">
              {files.map((file) => (
                <li key={file.fullPath} className="card newsletter-card">
                  <FileLink file={file} className="card__link newsletter-card__link" />
                </li>
              ))}
            </ul>
          )}
        </DataState>
        {feeds === undefined ? null : <FeedLink feed={feeds.newsletters} what="new newsletters">Follow new newsletters in a feed reader</FeedLink>}
      </section>

      <SubscriptionFormPart form="news" />
    </>
  );
}
