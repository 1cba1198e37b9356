import { articlePath } from '../../src-core/domain/navigation';
import type { ContentPort } from '../../src-core/ports/content.port';
import type { EventsPort } from '../../src-core/ports/events.port';
import type { StoragePort } from '../../src-core/ports/storage.port';
import { download } from './download';
import { ImportError } from './import-error';
import type { ImportItem, SourceContent } from './import-items';

/** The hosted backend's ports the import reads, made from the hosted build's settings by the import command. */
export interface HostedSite {
  readonly content: ContentPort;
  readonly storage: StoragePort;
  readonly events: EventsPort;
}

/**
 * Everything the hosted site shows: its posts (Contentful) and its files in the three folders
 * (Firebase Storage), event files with the details kept in their metadata. Its files keep their
 * names, so their addresses on this site are the ones the hosted site had; a post's address
 * (/article/<entry id>) is answered with a 301 to its new one.
 */
export async function readHostedSite(site: HostedSite): Promise<SourceContent> {
  const [posts, root, newsletters, events] = await Promise.all([
    site.content.listPosts(),
    site.storage.listFiles('root'),
    site.storage.listFiles('newsletters'),
    site.events.listEvents(),
  ]).catch((error: unknown) => {
    throw new ImportError(`The hosted site could not be read: ${error instanceof Error ? error.message : String(error)} Nothing was changed.`);
  });
  const items: ImportItem[] = [
    // Oldest first, so posts published on the same day keep their order.
    ...[...posts].reverse().map((post): ImportItem => ({
      kind: 'post',
      source: 'contentful',
      sourceId: post.id,
      oldAddresses: [articlePath(post.id)],
      title: post.title,
      body: post.body,
      publishedAt: post.publishedAt,
    })),
    ...[
      ...root.map((file) => ({ file, folder: 'root' as const, details: null })),
      ...newsletters.map((file) => ({ file, folder: 'newsletters' as const, details: null })),
      ...events.events.map(({ file, details }) => ({ file, folder: 'events' as const, details })),
    ].map(({ file, folder, details }): ImportItem => ({
      kind: 'file',
      source: 'firebase-storage',
      sourceId: file.fullPath,
      oldAddresses: [],
      folder,
      name: file.name,
      details,
      read: () => download(file.url),
    })),
  ];
  return { description: 'the hosted site (posts from Contentful, files from Firebase Storage)', items, skipped: [], rules: [] };
}
