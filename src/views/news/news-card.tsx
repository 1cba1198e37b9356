import { Link } from 'react-router-dom';
import { articlePath } from '../../../src-core/domain/navigation';
import { formatDate, newsPreview } from '../../../src-core/domain/news';
import type { Post } from '../../../src-core/domain/post';

/**
 * One post in the 'Latest News' grid. The 'See More' link is stretched over the card, so the
 * whole card leads to the article while there is only one link (no nested links, one tab stop).
 */
export function NewsCard({ post }: { readonly post: Post }) {
  return (
    <li className="card news-card">
      <h3>{post.title}</h3>
      <p className="card__meta">
        <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
      </p>
      <p className="news-card__preview">{newsPreview(post.body)}</p>
      <Link to={articlePath(post.id)} className="card__link news-card__more">
        See More<span className="visually-hidden">: {post.title}</span>
      </Link>
    </li>
  );
}
