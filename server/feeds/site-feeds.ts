import { BRANCHES_PATH, branchPagePath, type BranchLink } from '../../src-core/domain/branches';
import { fileDownloadPath } from '../../contract/wire';
import { eventIdOf, eventPath } from '../../src-core/domain/event-listing';
import { displayName } from '../../src-core/domain/files';
import { INDEXED_PAGE_PATHS, SITE_TITLE, articlePath } from '../../src-core/domain/navigation';
import { newsPreview, sortNewestFirst } from '../../src-core/domain/news';
import type { Post } from '../../src-core/domain/post';
import { FEED_ENTRY_LIMIT, SITE_FEEDS, type SiteFeeds } from '../../src-core/domain/site-feeds';
import type { StoredFile } from '../../src-core/domain/stored-file';
import type { EventChange } from '../events/event-files';
import { atomFeed, type AtomEntry } from './atom-feed';
import type { SitemapPage } from './sitemap';

/** One of the site's feeds, both read on the News page, with its entries. */
function siteFeed(feed: keyof SiteFeeds, origin: string, now: number, entries: readonly AtomEntry[]): string {
  const { path, title } = SITE_FEEDS[feed];
  return atomFeed({
    id: origin + path,
    title,
    self: origin + path,
    page: `${origin}/news`,
    author: SITE_TITLE,
    fallbackUpdated: new Date(now).toISOString(),
    entries,
  });
}

/**
 * The news feed: the newest posts, each with its card's preview text and its article's address.
 * An entry's id is the article's address, which an edit never changes.
 */
export function newsFeed(posts: readonly Post[], origin: string, now: number): string {
  return siteFeed(
    'news',
    origin,
    now,
    sortNewestFirst(posts)
      .slice(0, FEED_ENTRY_LIMIT)
      .map((post) => ({
        id: origin + articlePath(post.id),
        title: post.title,
        published: post.publishedAt,
        updated: post.updatedAt ?? post.publishedAt,
        link: origin + articlePath(post.id),
        summary: newsPreview(post.body),
        ...(post.branch === undefined
          ? {}
          : { category: { term: post.branch.slug, label: post.branch.name, scheme: `${origin}${BRANCHES_PATH}/` } }),
      })),
  );
}

function fileTime(file: StoredFile): number {
  const time = file.updatedAt === undefined ? Number.NaN : Date.parse(file.updatedAt);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** The newsletters feed: a new newsletter file is a new entry, leading to the file itself. */
export function newslettersFeed(files: readonly StoredFile[], origin: string, now: number): string {
  const newest = [...files].sort((a, b) => fileTime(b) - fileTime(a) || a.name.localeCompare(b.name));
  return siteFeed(
    'newsletters',
    origin,
    now,
    newest.slice(0, FEED_ENTRY_LIMIT).map((file) => ({
      id: origin + fileDownloadPath(file.fullPath),
      title: displayName(file.name),
      updated: file.updatedAt ?? new Date(now).toISOString(),
      link: origin + fileDownloadPath(file.fullPath),
      ...(file.contentType === undefined ? {} : { linkType: file.contentType }),
    })),
  );
}

/**
 * Every page of the site anyone may read: the fixed pages, each active branch's page, each article (dated by its last edit)
 * and each event (dated by the later of its file's upload and its details' last save).
 */
export function sitemapPages(posts: readonly Post[], events: readonly EventChange[], branches: readonly Pick<BranchLink, 'slug'>[] = []): SitemapPage[] {
  return [
    ...INDEXED_PAGE_PATHS.map((path) => ({ path })),
    ...branches.map((branch) => ({ path: branchPagePath(branch.slug) })),
    ...sortNewestFirst(posts).map((post) => ({ path: articlePath(post.id), lastModified: post.updatedAt ?? post.publishedAt })),
    ...events.map((event) => ({ path: eventPath(eventIdOf(event.name)), ...(event.changedAt === undefined ? {} : { lastModified: event.changedAt }) })),
  ];
}
