import { Link } from 'react-router-dom';
import { articlePath } from '../../../src-core/domain/navigation';
import { formatDate, newsPreview } from '../../../src-core/domain/news';
import type { Post } from '../../../src-core/domain/post';
import { pictureAddress, pictureSrcset, pictureWidths, type PostPicture } from '../../../src-core/domain/post-picture';

/**
 * One post in the 'Latest News' grid. The 'See More' link is stretched over the card, so the
 * whole card leads to the article while there is only one link (no nested links, one tab stop).
 */
export function NewsCard({ post }: { readonly post: Post }) {
  return (
    <li className="card news-card">
      {/* Below the first screen on every page that lists posts: loaded as the reader scrolls to it. */}
      {post.picture && <PostPictureImage className="news-card__picture" picture={post.picture} sizes="(min-width:40em) 30vw, 100vw" lazy />}
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

export interface PostPictureImageProps {
  readonly picture: Pick<PostPicture, 'id' | 'width' | 'height'> & { readonly alt: string };
  /** How wide the picture shows at each screen width, for the browser to choose a size. */
  readonly sizes: string;
  /** Below the first screen: loaded as the reader scrolls near it. */
  readonly lazy: boolean;
  readonly className?: string;
}

/**
 * A post's picture in WebP, or JPEG for a browser without it, at the size the screen needs. Its
 * width and height hold its place before it arrives, so nothing below it moves. Kept beside the
 * news card, so every page that shows posts loads the two in one piece.
 */
export function PostPictureImage({ picture, sizes, lazy, className }: PostPictureImageProps) {
  const widths = pictureWidths(picture.width);
  return (
    <picture className={className}>
      <source type="image/webp" srcSet={pictureSrcset(picture, 'webp')} sizes={sizes} />
      <img
        src={pictureAddress(picture.id, widths[Math.min(1, widths.length - 1)] ?? picture.width, 'jpg')}
        srcSet={pictureSrcset(picture, 'jpg')}
        sizes={sizes}
        width={picture.width}
        height={picture.height}
        alt={picture.alt}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
      />
    </picture>
  );
}
