import { ADMIN_PAGE_PATHS } from '../http/admin-pages';
import { xml, xmlDocument } from './xml-writer';

export interface SitemapPage {
  /** The page's address on the site, already encoded as in a link: '/news', '/events/Summer%20Outing'. */
  readonly path: string;
  /** ISO 8601: when the page last changed, where that is known. */
  readonly lastModified?: string;
}

/** A sitemap (sitemaps.org 0.9) of the pages at `origin`, each once, in the order given. */
export function sitemapXml(origin: string, pages: readonly SitemapPage[]): string {
  const seen = new Set<string>();
  const unique = pages.filter((page) => !seen.has(page.path) && seen.add(page.path));
  return xmlDocument(
    xml(
      'urlset',
      { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' },
      ...unique.map((page) => {
        const time = page.lastModified === undefined ? Number.NaN : Date.parse(page.lastModified);
        return xml('url', {}, xml('loc', {}, origin + page.path), Number.isNaN(time) ? undefined : xml('lastmod', {}, new Date(time).toISOString()));
      }),
    ),
  );
}

/** The robots file: everything may be read but the admin area, and the sitemap is named by its whole address. */
export function robotsTxt(sitemapUrl: string | undefined): string {
  const lines = ['User-agent: *', ...ADMIN_PAGE_PATHS.map((path) => `Disallow: ${path}`)];
  if (sitemapUrl !== undefined) lines.push('', `Sitemap: ${sitemapUrl}`);
  return `${lines.join('\n')}\n`;
}
