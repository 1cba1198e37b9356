import { Link, useParams } from 'react-router-dom';
import { branchPagePath } from '../../../src-core/domain/branch-pages';
import { formatDate } from '../../../src-core/domain/news';
import { pageTitle } from '../../../src-core/domain/navigation';
import { useRouteData } from '../../lib/route-data.hook';
import { NotForSearchEnginesOnceRunning } from '../../components/not-for-search-engines';
import { PageHeading } from '../../components/page-heading';
import { LoadFailure } from '../../components/data-state';
import { usePageTitle } from '../../components/page-title.hook';
import { postQuery } from '../route.queries';
import { ArticleLines } from './article-lines';
import { PostPictureImage } from '../news/news-card';
import './article.css';

const backToNews = (
  <p>
    <Link to="/news" className="article__back">
      <span aria-hidden="true">←</span> Back to News
    </Link>
  </p>
);

export function ArticleView() {
  const { id = '' } = useParams();
  const post = useRouteData(postQuery(id));
  const missing = post.status === 'error' && post.error.kind === 'not-found';

  usePageTitle(
    post.status === 'ready' ? pageTitle('article', post.data.title) : missing ? pageTitle('not-found') : pageTitle('article'),
  );

  if (post.status === 'ready') {
    return (
      <article className="article">
        {backToNews}
        <PageHeading>{post.data.title}</PageHeading>
        <p className="card__meta">
          <time dateTime={post.data.publishedAt}>{formatDate(post.data.publishedAt)}</time>
          {post.data.branch === undefined ? null : (
            <>
              {' · '}News of <Link to={branchPagePath(post.data.branch.slug)}>{post.data.branch.name}</Link>
            </>
          )}
        </p>
        {post.data.picture && <PostPictureImage className="article__picture" picture={post.data.picture} sizes="(min-width:50em) 46rem, 100vw" lazy={false} />}
        <ArticleLines body={post.data.body} />
      </article>
    );
  }

  if (missing) {
    return (
      <>
        <NotForSearchEnginesOnceRunning />
        <PageHeading>Article not found</PageHeading>
        <p>Sorry, we could not find that news article. It may have been removed.</p>
        <p>
          <Link to="/news" className="button">
            See all the news
          </Link>
        </p>
      </>
    );
  }

  // The same elements as the loaded article, in the same places, so the heading the layout focused
  // on arrival stays the same element (and keeps focus) when the post's title replaces this one.
  return (
    <article className="article">
      {backToNews}
      <PageHeading>News article</PageHeading>
      {post.status === 'loading' ? (
        <p role="status" className="data-state--loading">
          Loading posts...
        </p>
      ) : (
        <LoadFailure retry={post.retry}>The article could not be loaded. {post.error.message}</LoadFailure>
      )}
    </article>
  );
}
