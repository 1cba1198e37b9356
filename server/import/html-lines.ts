import { compile, type HtmlToTextOptions } from 'html-to-text';
import { articleLines } from '../../src-core/domain/news';

// WordPress's own shortcodes, which its editor wraps around pictures and embedded media; the
// text inside (a caption) is kept, the brackets are not.
const WORDPRESS_SHORTCODE = /\[\/?(?:caption|gallery|embed|audio|video|playlist|wp_caption)\b[^\]]*\]/g;

const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  // WordPress keeps paragraphs as blank lines and line breaks as new lines, and adds the
  // <p> and <br> only when it shows a post: the text's own new lines are its structure.
  preserveNewlines: true,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, noAnchorUrl: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    // Each line is already shown as an item of a list on the article page (the space is trimmed).
    { selector: 'ul', options: { itemPrefix: ' ' } },
    ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
};

// Compiled once: html-to-text builds its selector tree for each call otherwise.
const toText = compile(OPTIONS);
const toOneLine = compile({ wordwrap: false });

/**
 * A post's HTML as the plain lines the article page shows, one line per paragraph, heading,
 * line break or list item, with no blank lines (src-core/domain/news.ts articleLines). The HTML
 * is read by a forgiving parser (htmlparser2, through html-to-text), so broken markup from an old
 * editor still gives its text.
 */
export function htmlToLines(html: string): string {
  return articleLines(toText(html.replace(WORDPRESS_SHORTCODE, '')))
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** A title or a name written with HTML entities ('Tom &amp; Jerry&#8217;s'), as one line of text. */
export function htmlToOneLine(html: string): string {
  return toOneLine(html).replace(/\s+/g, ' ').trim();
}
