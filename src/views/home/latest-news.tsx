import { Link } from 'react-router-dom';
import { latestPosts } from '../../../src-core/domain/news';
import { useRouteData } from '../../lib/route-data.hook';
import { NewsCard } from '../news/news-card';
import { postsQuery } from '../route.queries';
import '../news/news.css';

/** How many of the newest posts the home page shows. */
const HOME_POSTS = 3;

/**
 * The newest news posts, so a returning member sees what is new. Like the next event, shown only
 * once known: the server renders it into the page, and a failure leaves the home page as it was.
 */
export function LatestNews() {
  const posts = useRouteData(postsQuery());
  if (posts.status !== 'ready') return null;
  const latest = latestPosts(posts.data, HOME_POSTS);
  if (latest.length === 0) return null;
  return (
    <section aria-labelledby="home-latest-news" className="home__news">
      <h2 id="home-latest-news">Latest news</h2>
      <ul className="grid">
        {latest.map((post) => (
          <NewsCard key={post.id} post={post} />
        ))}
      </ul>
      <p>
        <Link to="/news">All our news</Link>
      </p>
    </section>
  );
}
