import { irishDate } from './irish-date';

/** @internal Outside this file only tests and fakes use it. */
export const PREVIEW_LENGTH = 100;

const ELLIPSIS = '...';

/**
 * The news card text: a body of at most PREVIEW_LENGTH characters is shown whole, a longer
 * one is cut to its first PREVIEW_LENGTH characters plus '...'. Characters are counted as
 * code points so an emoji or accented letter is never split in half.
 */
export function newsPreview(body: string): string {
  const characters = Array.from(body);
  if (characters.length <= PREVIEW_LENGTH) return body;
  return characters.slice(0, PREVIEW_LENGTH).join('') + ELLIPSIS;
}

/** The article page shows one list item per line; blank lines would be empty bullets. */
export function articleLines(body: string): string[] {
  return body
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line !== '');
}

function timeOf(iso: string): number {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** A new array, newest publishedAt first; posts with an unreadable date go last. */
export function sortNewestFirst<T extends { readonly publishedAt: string }>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => {
    const difference = timeOf(b.publishedAt) - timeOf(a.publishedAt);
    return Number.isNaN(difference) ? 0 : difference;
  });
}

/**
 * '21 November 2026', the date in Ireland; an empty string for a value that is not a date.
 * The same on the server and in every browser, so a server-rendered page hydrates unchanged.
 */
export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : irishDate(time);
}

/** The `count` newest posts, newest first: the home page's latest news. */
export function latestPosts<T extends { readonly publishedAt: string }>(posts: readonly T[], count: number): T[] {
  return sortNewestFirst(posts).slice(0, count);
}
