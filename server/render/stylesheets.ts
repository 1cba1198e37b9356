import fs from 'node:fs';
import path from 'node:path';

const STYLESHEET_HREF = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g;

/** The built stylesheets a page links, by address, read once so each page can carry them inline. */
export function readStylesheets(indexHtml: string, clientDir: string): Map<string, string> {
  const styles = new Map<string, string>();
  for (const [, href] of indexHtml.matchAll(STYLESHEET_HREF)) {
    if (href === undefined) continue;
    const file = path.join(clientDir, ...href.split('/').filter(Boolean));
    if (fs.existsSync(file)) styles.set(href, fs.readFileSync(file, 'utf8'));
  }
  return styles;
}
