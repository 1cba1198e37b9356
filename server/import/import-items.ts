import type { EventDetails } from '../../src-core/domain/event-details';
import type { Folder } from '../../src-core/domain/stored-file';
import type { ImportSource } from '../repositories/imports.repository';

/** What every item read from another site carries: where it came from, and its old addresses. */
interface ItemOrigin {
  readonly source: ImportSource;
  /** The source's own id (a Contentful entry id, a Storage path, a WordPress guid): imported once. */
  readonly sourceId: string;
  /** Addresses of the old site that should answer with a 301 to the new one. */
  readonly oldAddresses: readonly string[];
}

export interface PostToImport extends ItemOrigin {
  readonly kind: 'post';
  readonly title: string;
  /** Plain lines, as the article page shows them. */
  readonly body: string;
  /** ISO 8601. */
  readonly publishedAt: string;
}

export interface FileToImport extends ItemOrigin {
  readonly kind: 'file';
  readonly folder: Folder;
  /** The file's name as the source gives it; made safe before it is stored. */
  readonly name: string;
  /** The file's bytes: downloaded, or made here (an event with no file of its own). */
  read(): Promise<Uint8Array>;
  /** An event file's details; null for none. */
  readonly details: EventDetails | null;
  /** Said in the report after the file, e.g. why it goes to this folder. */
  readonly note?: string;
}

export type ImportItem = PostToImport | FileToImport;

/** Something the source has that is not imported, and why, for the report. */
export interface SkippedItem {
  /** What a person recognises it by: "post 'Spring lunch'". */
  readonly label: string;
  readonly reason: string;
}

/** Everything read from a source, before anything is compared with the data directory. */
export interface SourceContent {
  /** The source as the report names it: 'the WordPress export site.xml'. */
  readonly description: string;
  readonly items: readonly ImportItem[];
  readonly skipped: readonly SkippedItem[];
  /** Rules the source applied that a person should check in the dry run (which folder a PDF goes to). */
  readonly rules: readonly string[];
}

export function labelOf(item: ImportItem): string {
  return item.kind === 'post' ? `post '${item.title}'` : `${item.folder === 'events' ? 'event' : 'file'} '${item.name}'`;
}
