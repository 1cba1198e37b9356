import type { PageHead } from '../../src-core/domain/page-head';
import { embeddableJson } from './embedded-json';
import { escapeAttribute } from './html-escape';

function meta(kind: 'name' | 'property', key: string, value: string | number): string {
  return `<meta ${kind}="${key}" content="${escapeAttribute(String(value))}" />`;
}

/**
 * A page's head facts (src-core/domain/page-head.ts) as markup: its description, its one
 * address, Open Graph and X card tags, and schema.org data as an inert JSON element. Every
 * value is escaped: a post title is text, whatever it holds.
 */
export function headTags(head: PageHead): string {
  const { image, article } = head;
  return [
    meta('name', 'description', head.description),
    head.url === undefined ? '' : `<link rel="canonical" href="${escapeAttribute(head.url)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:locale', head.locale),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.url === undefined ? '' : meta('property', 'og:url', head.url),
    ...(image === undefined
      ? []
      : [
          meta('property', 'og:image', image.url),
          meta('property', 'og:image:width', image.width),
          meta('property', 'og:image:height', image.height),
          meta('property', 'og:image:alt', image.alt),
        ]),
    ...(article === undefined
      ? []
      : [
          meta('property', 'article:published_time', article.publishedTime),
          article.modifiedTime === undefined ? '' : meta('property', 'article:modified_time', article.modifiedTime),
        ]),
    meta('name', 'twitter:card', head.twitterCard),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(image === undefined ? [] : [meta('name', 'twitter:image', image.url), meta('name', 'twitter:image:alt', image.alt)]),
    // Data for search engines, which no browser runs: the content security policy needs nothing for it.
    head.structuredData === undefined ? '' : `<script type="application/ld+json">${embeddableJson(head.structuredData)}</script>`,
  ].join('');
}
