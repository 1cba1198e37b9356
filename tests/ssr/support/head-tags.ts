import { expect } from 'vitest';
import { SITE_TITLE } from '../../../src-core/domain/navigation';
import { SHARE_IMAGE_ALT } from '../../../src-core/domain/page-head';

/** The public address the tests give the site (PUBLIC_URL, VITE_PUBLIC_URL). */
export const PUBLIC_URL = 'https://www.example.org';

/** The share and search tags of a page's head, as a crawler reads them, each name once. */
interface HeadTags {
  readonly title: string;
  readonly canonical: readonly string[];
  readonly meta: Readonly<Record<string, readonly string[]>>;
  readonly structuredData: readonly unknown[];
}

export function headTags(document: Document): HeadTags {
  const meta: Record<string, string[]> = {};
  for (const element of document.head.querySelectorAll('meta[property], meta[name]')) {
    const key = element.getAttribute('property') ?? element.getAttribute('name') ?? '';
    (meta[key] ??= []).push(element.getAttribute('content') ?? '');
  }
  return {
    title: document.title,
    canonical: [...document.head.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href') ?? ''),
    meta,
    structuredData: [...document.querySelectorAll('script[type="application/ld+json"]')]
      .filter((script) => document.head.contains(script))
      .map((script) => JSON.parse(script.textContent ?? '') as unknown),
  };
}

/** What every shared page carries, with the page's own title, description and address. */
export function expectShareTags(tags: HeadTags, page: { title: string; description: string; url: string; type?: string }, origin = PUBLIC_URL): void {
  const at = page.url;
  expect(tags.canonical, at).toEqual([page.url]);
  expect(tags.meta.description, at).toEqual([page.description]);
  expect(tags.meta['og:type'], at).toEqual([page.type ?? 'website']);
  expect(tags.meta['og:site_name'], at).toEqual([SITE_TITLE]);
  expect(tags.meta['og:locale'], at).toEqual(['en_IE']);
  expect(tags.meta['og:title'], at).toEqual([page.title]);
  expect(tags.meta['og:description'], at).toEqual([page.description]);
  expect(tags.meta['og:url'], at).toEqual([page.url]);
  expect(tags.meta['og:image']?.[0], at).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/assets/share-image-[0-9a-f]{10}\\.png$`));
  expect(tags.meta['og:image'], at).toHaveLength(1);
  expect(tags.meta['og:image:width'], at).toEqual(['1200']);
  expect(tags.meta['og:image:height'], at).toEqual(['630']);
  expect(tags.meta['og:image:alt'], at).toEqual([SHARE_IMAGE_ALT]);
  expect(tags.meta['twitter:card'], at).toEqual(['summary_large_image']);
  expect(tags.meta['twitter:title'], at).toEqual([page.title]);
  expect(tags.meta['twitter:description'], at).toEqual([page.description]);
  expect(tags.meta['twitter:image'], at).toEqual(tags.meta['og:image']);
}

