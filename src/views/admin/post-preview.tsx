import { formatDate, newsPreview } from '../../../src-core/domain/news';
import { ArticleLines } from '../article/article-lines';
import './post-preview.css';

/**
 * The draft as it will look: its card on /news (same classes and the same 100-character rule;
 * not the NewsCard itself, whose 'See More' links to an article a draft does not have yet), and
 * its article page, whose lines read as paragraphs.
 */
export function PostPreview({ title, body, publishedAt }: { readonly title: string; readonly body: string; readonly publishedAt: string }) {
  const shownTitle = title.trim() === '' ? 'Your title appears here' : title.trim();
  const date = <time dateTime={publishedAt}>{formatDate(publishedAt)}</time>;
  return (
    // One column beside the form on a wide screen: the card, then the article.
    <div className="post-previews">
      <section aria-labelledby="post-preview" className="post-preview">
        <h3 id="post-preview">Preview of the news card</h3>
        <ul className="grid post-preview__grid">
          <li className="card news-card">
            <h4 className="post-preview__title">{shownTitle}</h4>
            <p className="card__meta">{date}</p>
            <p className="news-card__preview">{body.trim() === '' ? 'The start of your text appears here.' : newsPreview(body.trim())}</p>
            <p className="post-preview__more" aria-hidden="true">
              See More
            </p>
          </li>
        </ul>
      </section>
      <section aria-labelledby="post-preview-article" className="post-preview post-preview--article">
        <h3 id="post-preview-article">Preview of the article</h3>
        <div className="card article">
          <h4 className="post-preview__title">{shownTitle}</h4>
          <p className="card__meta">{date}</p>
          {body.trim() === '' ? <p>Your text appears here, each line as a paragraph.</p> : <ArticleLines body={body} />}
        </div>
      </section>
    </div>
  );
}
