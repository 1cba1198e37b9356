import { xml, xmlDocument } from './xml-writer';

export interface AtomEntry {
  /** Never changes for the same item (RFC 4287 4.2.6): an edited post keeps its id. */
  readonly id: string;
  readonly title: string;
  /** ISO 8601: the item's last change. */
  readonly updated: string;
  readonly published?: string;
  /** The absolute address the entry leads to. */
  readonly link: string;
  /** The link's media type, where it is not a page: 'application/pdf'. */
  readonly linkType?: string;
  readonly summary?: string;
  /** What the entry is filed under (RFC 4287 4.2.2): a branch's news names its branch, with the branch page as the scheme. */
  readonly category?: { readonly term: string; readonly label: string; readonly scheme: string };
}

export interface AtomFeed {
  readonly id: string;
  readonly title: string;
  /** The feed's own absolute address. */
  readonly self: string;
  /** The page the feed follows, absolute. */
  readonly page: string;
  readonly author: string;
  /** The feed's last change when it has no entries. */
  readonly fallbackUpdated: string;
  /** Newest first, as readers expect them. */
  readonly entries: readonly AtomEntry[];
}

/** RFC 3339, as Atom requires; the fallback for a date that cannot be read. */
function atomDate(iso: string | undefined, fallback: string): string {
  const time = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isNaN(time) ? fallback : new Date(time).toISOString();
}

/** An Atom 1.0 document (RFC 4287) with a text title, summary and one link per entry. */
export function atomFeed(feed: AtomFeed): string {
  const fallback = atomDate(feed.fallbackUpdated, new Date(0).toISOString());
  const entries = feed.entries.map((entry) => ({ ...entry, updated: atomDate(entry.updated, fallback) }));
  // The feed changed when its newest change did.
  const updated = entries.map((entry) => entry.updated).sort().at(-1) ?? fallback;
  return xmlDocument(
    xml(
      'feed',
      { xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': 'en-IE' },
      xml('id', {}, feed.id),
      xml('title', { type: 'text' }, feed.title),
      xml('updated', {}, updated),
      xml('author', {}, xml('name', {}, feed.author)),
      xml('link', { rel: 'self', type: 'application/atom+xml', href: feed.self }),
      xml('link', { rel: 'alternate', type: 'text/html', href: feed.page }),
      ...entries.map((entry) =>
        xml(
          'entry',
          {},
          xml('id', {}, entry.id),
          xml('title', { type: 'text' }, entry.title),
          xml('updated', {}, entry.updated),
          entry.published === undefined ? undefined : xml('published', {}, atomDate(entry.published, entry.updated)),
          xml('link', { rel: 'alternate', type: entry.linkType ?? 'text/html', href: entry.link }),
          entry.category === undefined ? undefined : xml('category', { term: entry.category.term, label: entry.category.label, scheme: entry.category.scheme }),
          entry.summary === undefined ? undefined : xml('summary', { type: 'text' }, entry.summary),
        ),
      ),
    ),
  );
}
