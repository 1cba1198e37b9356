import fs from 'node:fs';
import path from 'node:path';
import { CRAWLER_PATHS } from '../../contract/wire';
import { INDEXED_PAGE_PATHS } from '../../src-core/domain/navigation';
import { robotsTxt, sitemapXml } from '../../server/feeds/sitemap';

/** The hosted build's public address: the sitemap's addresses must be whole, and a static build knows no other. */
const PUBLIC_URL_VARIABLE = 'VITE_PUBLIC_URL';

export interface CrawlerFiles {
  readonly written: readonly string[];
  /** Said at the end of the build when the sitemap could not be made. */
  readonly warning?: string;
}

/** The origin of VITE_PUBLIC_URL; undefined when it is not set, and a stop naming it when it is not an address. */
export function publicOriginOf(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`${PUBLIC_URL_VARIABLE}: must be the address visitors use, like https://www.example.org (it is ${JSON.stringify(text)})`);
  }
  return url.origin;
}

/**
 * The static host's robots.txt, and its sitemap.xml of the pages that need no id. Articles and
 * events come from the content services after the build, so a static file cannot list them (a
 * search engine finds them through the News and Events pages' links instead). Without the
 * public address no sitemap is written, and the robots file names none.
 */
export function writeCrawlerFiles(clientDir: string, publicUrl: string | undefined): CrawlerFiles {
  const origin = publicOriginOf(publicUrl);
  const robots = path.basename(CRAWLER_PATHS.robots);
  const sitemap = path.basename(CRAWLER_PATHS.sitemap);
  fs.writeFileSync(path.join(clientDir, robots), robotsTxt(origin === undefined ? undefined : origin + CRAWLER_PATHS.sitemap));
  if (origin === undefined) {
    fs.rmSync(path.join(clientDir, sitemap), { force: true });
    return {
      written: [robots],
      warning: `No sitemap.xml was written: set ${PUBLIC_URL_VARIABLE} to the address visitors use (https://www.example.org) so search engines get one.`,
    };
  }
  fs.writeFileSync(path.join(clientDir, sitemap), sitemapXml(origin, INDEXED_PAGE_PATHS.map((page) => ({ path: page }))));
  return { written: [robots, sitemap] };
}
