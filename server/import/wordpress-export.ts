import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { isCoreError } from '../../src-core/domain/core-error';
import { kindFromName } from '../../src-core/domain/file-types';
import { sanitiseFileName } from '../../src-core/domain/files';
import type { EventDetails } from '../../src-core/domain/event-details';
import { download } from './download';
import { htmlToLines, htmlToOneLine } from './html-lines';
import { ImportError } from './import-error';
import type { FileToImport, ImportItem, PostToImport, SkippedItem, SourceContent } from './import-items';
import { eventDetailsOf, eventPdf, type Venue } from './wordpress-events';

/** One <item> of a WordPress export (WXR), with the fields the import reads, as text. */
interface ExportItem {
  readonly id: string;
  readonly type: string;
  readonly status: string;
  readonly title: string;
  readonly link: string;
  readonly guid: string;
  readonly content: string;
  readonly publishedAt: string;
  readonly parent: string;
  readonly attachmentUrl: string;
  readonly meta: ReadonlyMap<string, string>;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  // Every value stays text: a title of '2024' is not a number.
  parseTagValue: false,
  htmlEntities: true,
  isArray: (name) => name === 'item' || name === 'wp:postmeta',
});

const exportSchema = z.object({
  rss: z.object({ channel: z.object({ item: z.array(z.record(z.string(), z.unknown())).optional() }) }),
});

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
}

/** WordPress writes '0000-00-00 00:00:00' for a date it never set, and the GMT date without a zone. */
function publishedAt(item: Record<string, unknown>): string {
  const gmt = text(item['wp:post_date_gmt']);
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(gmt) && !gmt.startsWith('0000')) return `${gmt.replace(' ', 'T')}.000Z`;
  const published = Date.parse(text(item.pubDate));
  return Number.isNaN(published) ? '' : new Date(published).toISOString();
}

function exportItemOf(item: Record<string, unknown>): ExportItem {
  const meta = new Map<string, string>();
  for (const entry of (item['wp:postmeta'] as Record<string, unknown>[] | undefined) ?? []) {
    meta.set(text(entry['wp:meta_key']), text(entry['wp:meta_value']));
  }
  return {
    id: text(item['wp:post_id']),
    type: text(item['wp:post_type']),
    status: text(item['wp:status']),
    title: htmlToOneLine(text(item.title)),
    link: text(item.link),
    guid: text(item.guid),
    content: typeof item['content:encoded'] === 'string' ? item['content:encoded'] : '',
    publishedAt: publishedAt(item),
    parent: text(item['wp:post_parent']),
    attachmentUrl: text(item['wp:attachment_url']),
    meta,
  };
}

function readExport(xml: string, fileName: string): ExportItem[] {
  let parsed: unknown;
  try {
    parsed = parser.parse(xml, true);
  } catch (error) {
    throw new ImportError(`${fileName} cannot be read as XML (${error instanceof Error ? error.message : String(error)}). Nothing was changed.`);
  }
  const channel = exportSchema.safeParse(parsed);
  if (!channel.success) throw new ImportError(`${fileName} is not a WordPress export: it has no <rss><channel>. Nothing was changed.`);
  return (channel.data.rss.channel.item ?? []).map(exportItemOf);
}

const NOT_PUBLISHED: Readonly<Record<string, string>> = {
  draft: 'a draft, never published',
  'auto-draft': 'a draft, never published',
  pending: 'a draft waiting for review, never published',
  future: 'scheduled, not published yet',
  private: 'private on the old site',
  trash: 'in the trash on the old site',
};

/** Types an export holds that are WordPress's own workings, each with what the report says of it. */
const KNOWN_UNIMPORTED: Readonly<Record<string, string>> = {
  page: "a WordPress page: copy its text into this site's own pages",
  revision: 'an earlier version of a post',
  nav_menu_item: 'a menu entry: this site has its own menu',
};

const ABOUT_TYPE = { post: 'post', tribe_events: 'event', attachment: 'attachment' } as const;

/** Where a PDF attachment goes, by a rule the dry run shows. */
const NEWSLETTER = /newsletter/i;
const FOLDER_RULE = "A PDF whose title or file name has 'newsletter' in it goes to Newsletters; any other PDF goes to Important Documents.";

function labelOf(item: ExportItem): string {
  const about = ABOUT_TYPE[item.type as keyof typeof ABOUT_TYPE] ?? item.type;
  return `${about} '${item.title === '' ? `#${item.id}` : item.title}'`;
}

function sourceIdOf(item: ExportItem): string {
  return item.guid === '' ? `post-${item.id}` : item.guid;
}

function fileNameOf(url: string): string {
  try {
    return decodeURIComponent(path.posix.basename(new URL(url).pathname));
  } catch {
    return '';
  }
}

export interface WordPressOptions {
  /** The association's time zone, for events whose own zone is not a place's (UTC+1). */
  readonly timeZone: string;
}

function postFrom(item: ExportItem): PostToImport {
  return {
    kind: 'post',
    source: 'wordpress',
    sourceId: sourceIdOf(item),
    oldAddresses: [item.link],
    title: item.title,
    body: htmlToLines(item.content),
    publishedAt: item.publishedAt,
  };
}

/** An event as a file in Events: its attached PDF, or one made from its details. */
function eventFrom(item: ExportItem, name: string, details: EventDetails, attached: ExportItem | undefined): FileToImport {
  return {
    kind: 'file',
    source: 'wordpress',
    sourceId: sourceIdOf(item),
    oldAddresses: [item.link, ...(attached === undefined ? [] : [attached.link, attached.attachmentUrl])],
    folder: 'events',
    name,
    details,
    read: attached === undefined ? () => Promise.resolve(eventPdf(details)) : () => download(attached.attachmentUrl),
    note: attached === undefined ? 'with a one-page PDF made from its details' : `with its PDF ${fileNameOf(attached.attachmentUrl)}`,
  };
}

function attachmentFrom(item: ExportItem, name: string): FileToImport {
  return {
    kind: 'file',
    source: 'wordpress',
    sourceId: sourceIdOf(item),
    oldAddresses: [item.link, item.attachmentUrl],
    folder: NEWSLETTER.test(item.title) || NEWSLETTER.test(name) ? 'newsletters' : 'root',
    name,
    details: null,
    read: () => download(item.attachmentUrl),
  };
}

/** Each published event's attached PDF, if it has one: that PDF is the event's file. */
function attachedPdfs(all: readonly ExportItem[]): Map<string, ExportItem> {
  const pdfs = all.filter((item) => item.type === 'attachment' && kindFromName(fileNameOf(item.attachmentUrl)) === 'pdf');
  const byEvent = new Map<string, ExportItem>();
  for (const event of all.filter((item) => item.type === 'tribe_events' && item.status === 'publish')) {
    const attached = pdfs.find((attachment) => attachment.parent === event.id);
    if (attached !== undefined) byEvent.set(event.id, attached);
  }
  return byEvent;
}

/**
 * Reads a WordPress export (WXR, Tools > Export in WordPress): published posts become news,
 * PDF attachments files in Newsletters or Important Documents, events of The Events Calendar
 * event files with their dates and venue. Everything else is reported as skipped, with why.
 * Attachments are downloaded from the old site when the import runs, not here.
 */
export function readWordPressExport(xml: string, fileName: string, options: WordPressOptions): SourceContent {
  const all = readExport(xml, fileName);
  const items: ImportItem[] = [];
  const skipped: SkippedItem[] = [];
  const skip = (item: ExportItem, reason: string) => skipped.push({ label: labelOf(item), reason });
  const venues = new Map<string, Venue>(
    all.filter((item) => item.type === 'tribe_venue').map((item) => [item.id, { name: item.title, town: item.meta.get('_VenueCity') ?? '' }]),
  );
  const published = (item: ExportItem): boolean => {
    const reason = NOT_PUBLISHED[item.status] ?? (item.status === 'publish' ? undefined : `not published (status '${item.status}')`);
    if (reason !== undefined) skip(item, reason);
    return reason === undefined;
  };
  const eventPdfs = attachedPdfs(all);
  const eventPdfIds = new Set([...eventPdfs.values()].map((attachment) => attachment.id));
  const eventNames = new Set<string>();

  for (const item of all) {
    if (item.type === 'post') {
      if (published(item)) items.push(postFrom(item));
    } else if (item.type === 'tribe_events') {
      if (!published(item)) continue;
      let details: EventDetails;
      try {
        details = eventDetailsOf({ title: item.title, description: htmlToLines(item.content), meta: item.meta }, venues, options.timeZone);
      } catch (error) {
        if (!isCoreError(error)) throw error;
        skip(item, `its details are not accepted: ${error.message}`);
        const lost = eventPdfs.get(item.id);
        if (lost !== undefined) skip(lost, `the PDF of ${labelOf(item)}, which is skipped`);
        continue;
      }
      const safe = sanitiseFileName(item.title);
      const base = safe.ok ? safe.name : `Event ${item.id}`;
      // Events that come back each year often have the same title: the date tells them apart.
      const name = eventNames.has(`${base}.pdf`) ? `${base} ${details.start.slice(0, 10)}.pdf` : `${base}.pdf`;
      eventNames.add(name);
      items.push(eventFrom(item, name, details, eventPdfs.get(item.id)));
    } else if (item.type === 'attachment') {
      const name = fileNameOf(item.attachmentUrl);
      if (kindFromName(name) !== 'pdf') skip(item, `not a PDF (${name === '' ? 'no file' : name})`);
      else if (!eventPdfIds.has(item.id)) items.push(attachmentFrom(item, name));
    } else if (item.type !== 'tribe_venue' && item.type !== 'tribe_organizer') {
      skip(item, KNOWN_UNIMPORTED[item.type] ?? `post type '${item.type}' is not imported`);
    }
  }
  return { description: `the WordPress export ${fileName}`, items, skipped, rules: [FOLDER_RULE] };
}
