import { articleLines } from '../../../src-core/domain/news';
import './article.css';

/**
 * A post's text as the article page shows it: one list item per line of the body, each styled
 * as a paragraph (no bullet, a paragraph's spacing), so the text reads as prose. The post
 * editor's preview shows the same.
 */
export function ArticleLines({ body }: { readonly body: string }) {
  return (
    <ul className="article__lines">
      {articleLines(body).map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}
