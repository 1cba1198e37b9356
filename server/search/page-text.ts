/**
 * The words of a rendered page a visitor reads in its main part (not the header, navigation or
 * footer every page shares), as plain text for the search index. The markup is the app's own,
 * rendered by this server, so a small reader of it is enough: no scripts or styles are in `main`.
 */

/** Elements that sit inside a line of text: taken out without a space, so 'Join <a>now</a>.' stays 'Join now.' */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'cite', 'code', 'data', 'em', 'i', 'kbd', 'mark', 'q', 's', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u']);

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/giu, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** The text of the page's `<main>` element; null where the page has none (an unbuilt site's empty shell). */
export function mainText(html: string): string | null {
  const start = html.search(/<main[\s>]/u);
  const end = html.lastIndexOf('</main>');
  if (start === -1 || end < start) return null;
  const main = html
    .slice(start, end)
    .replace(/<(script|style|template)[\s>][\s\S]*?<\/\1>/gu, ' ')
    .replace(/<!--[\s\S]*?-->/gu, '');
  const text = main.replace(/<\/?([a-z][\w-]*)[^>]*>/giu, (_tag, name: string) => (INLINE.has(name.toLowerCase()) ? '' : ' '));
  return decodeEntities(text).replace(/\s+/gu, ' ').trim();
}
