/** What a test says about one item of a WordPress export; the rest is filled in as WordPress writes it. */
export interface ExportEntry {
  readonly id: number;
  readonly type: string;
  readonly title: string;
  readonly status?: string;
  readonly slug?: string;
  readonly link?: string;
  readonly content?: string;
  readonly date?: string;
  readonly parent?: number;
  readonly attachmentUrl?: string;
  readonly meta?: Readonly<Record<string, string>>;
}

export const OLD_SITE = 'https://old.rnai.example.org';

function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

function itemXml(entry: ExportEntry): string {
  const date = entry.date ?? '2019-05-01 10:00:00';
  const status = entry.status ?? (entry.type === 'attachment' ? 'inherit' : 'publish');
  const link = entry.link ?? `${OLD_SITE}/${entry.slug ?? `?p=${entry.id}`}/`;
  const meta = Object.entries(entry.meta ?? {})
    .map(([key, value]) => `\t\t<wp:postmeta>\n\t\t\t<wp:meta_key>${cdata(key)}</wp:meta_key>\n\t\t\t<wp:meta_value>${cdata(value)}</wp:meta_value>\n\t\t</wp:postmeta>`)
    .join('\n');
  return `
	<item>
		<title>${cdata(entry.title)}</title>
		<link>${link}</link>
		<pubDate>Wed, 01 May 2019 10:00:00 +0000</pubDate>
		<dc:creator>${cdata('secretary')}</dc:creator>
		<guid isPermaLink="false">${OLD_SITE}/?p=${entry.id}</guid>
		<description></description>
		<content:encoded>${cdata(entry.content ?? '')}</content:encoded>
		<excerpt:encoded>${cdata('')}</excerpt:encoded>
		<wp:post_id>${entry.id}</wp:post_id>
		<wp:post_date>${cdata(date)}</wp:post_date>
		<wp:post_date_gmt>${cdata(status === 'draft' ? '0000-00-00 00:00:00' : date)}</wp:post_date_gmt>
		<wp:post_name>${cdata(entry.slug ?? '')}</wp:post_name>
		<wp:status>${cdata(status)}</wp:status>
		<wp:post_parent>${entry.parent ?? 0}</wp:post_parent>
		<wp:post_type>${cdata(entry.type)}</wp:post_type>
		${entry.attachmentUrl === undefined ? '' : `<wp:attachment_url>${cdata(entry.attachmentUrl)}</wp:attachment_url>`}
		<category domain="category" nicename="news">${cdata('News')}</category>
${meta}
	</item>`;
}

/** A WordPress export file (WXR 1.2), as Tools > Export > All content writes it. */
export function wordPressExport(entries: readonly ExportEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0"
	xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
	xmlns:content="http://purl.org/rss/1.0/modules/content/"
	xmlns:wfw="http://wellformedweb.org/CommentAPI/"
	xmlns:dc="http://purl.org/dc/elements/1.1/"
	xmlns:wp="http://wordpress.org/export/1.2/"
>
<channel>
	<title>Retired Nurses Association of Ireland</title>
	<link>${OLD_SITE}</link>
	<description>Just another WordPress site</description>
	<language>en-IE</language>
	<wp:wxr_version>1.2</wp:wxr_version>
	<wp:base_site_url>${OLD_SITE}</wp:base_site_url>
	<wp:base_blog_url>${OLD_SITE}</wp:base_blog_url>
	<generator>https://wordpress.org/?v=6.5</generator>
${entries.map(itemXml).join('\n')}
</channel>
</rss>
`;
}
