/** pdf.js's text items as this module reads them: text, or the edge of marked content (a tag). */
type TextPiece = { readonly str: string; readonly hasEOL: boolean } | { readonly type: string };

/**
 * One page's text from pdf.js's items. pdf.js already splits a line into items where the font
 * or position changes, adds a space item where it sees a gap between words, and marks the item
 * that ends a line, so the items are joined as they are, with a line break after each line.
 */
export function pageText(items: readonly TextPiece[]): string {
  return items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
}

/**
 * Text as a search index wants it: composed accents (an 'á' drawn as 'a' and an accent becomes
 * one letter), invisible format characters (soft hyphens) gone, other control characters and
 * odd spaces as plain spaces, no runs of spaces, trimmed lines, and at most one empty line
 * between paragraphs.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\p{Cf}/gu, '')
    .replace(/[^\S\n]|[^\P{Cc}\n]/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The first `maxChars` characters, never splitting a letter written as two UTF-16 units. */
export function cutAt(text: string, maxChars: number): string {
  const cut = text.slice(0, maxChars);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
