import { formatDate, newsPreview } from '../../../src-core/domain/news';

/**
 * The draft as its card on /news will look: same classes and the same 100-character rule.
 * Not the NewsCard itself, whose 'See More' links to an article a draft does not have yet.
 */
export function PostPreview({ title, body, publishedAt }: { readonly title: string; readonly body: string; readonly publishedAt: string }) {
  return (
    <section aria-labelledby="post-preview" className="post-preview">
      <h3 id="post-preview">Preview of the news card</h3>
      <ul className="grid post-preview__grid">
        <li className="card news-card">
          <h4 className="post-preview__title">{title.trim() === '' ? 'Your title appears here' : title.trim()}</h4>
          <p className="card__meta">
            <time dateTime={publishedAt}>{formatDate(publishedAt)}</time>
          </p>
          <p className="news-card__preview">{body.trim() === '' ? 'The start of your text appears here.' : newsPreview(body.trim())}</p>
          <p className="post-preview__more" aria-hidden="true">
            See More
          </p>
        </li>
      </ul>
    </section>
  );
}
