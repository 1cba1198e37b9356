import { JSDOM } from 'jsdom';
import { expect, test } from 'vitest';
import { atomFeed } from './atom-feed';

const FEED = {
  id: 'https://www.example.org/feeds/news.atom',
  title: 'News',
  self: 'https://www.example.org/feeds/news.atom',
  page: 'https://www.example.org/news',
  author: 'The association',
  fallbackUpdated: '2026-11-21T09:00:00.000Z',
} as const;

function parse(text: string): Element {
  return new JSDOM(text, { contentType: 'application/xml' }).window.document.documentElement;
}

test('the feed is updated when its newest entry was, whatever their order, and dates are written as RFC 3339 UTC', () => {
  const root = parse(
    atomFeed({
      ...FEED,
      entries: [
        { id: 'a', title: 'A', updated: '2026-03-01T10:00:00+01:00', link: 'https://www.example.org/a' },
        { id: 'b', title: 'B', updated: '2026-04-01T10:00:00Z', published: '2026-02-01T00:00:00Z', link: 'https://www.example.org/b' },
      ],
    }),
  );

  expect(root.querySelector(':scope > updated')?.textContent).toBe('2026-04-01T10:00:00.000Z');
  expect([...root.querySelectorAll('entry > updated')].map((element) => element.textContent)).toEqual(['2026-03-01T09:00:00.000Z', '2026-04-01T10:00:00.000Z']);
  expect(root.querySelector('entry:nth-of-type(2) > published')?.textContent).toBe('2026-02-01T00:00:00.000Z');
  expect(root.querySelector('entry:first-of-type > published')).toBeNull();
});

test('an entry whose date cannot be read takes the feed’s fallback date, so the document stays valid', () => {
  const root = parse(atomFeed({ ...FEED, entries: [{ id: 'a', title: 'A', updated: 'not a date', link: 'https://www.example.org/a' }] }));

  expect(root.querySelector('entry > updated')?.textContent).toBe(FEED.fallbackUpdated);
});

test('a feed with no entries still names its id, title, author, update and both links', () => {
  const root = parse(atomFeed({ ...FEED, entries: [] }));

  expect(root.querySelector(':scope > id')?.textContent).toBe(FEED.id);
  expect(root.querySelector(':scope > author > name')?.textContent).toBe(FEED.author);
  expect(root.querySelector(':scope > updated')?.textContent).toBe(FEED.fallbackUpdated);
  expect(root.querySelector('link[rel="self"]')?.getAttribute('type')).toBe('application/atom+xml');
  expect(root.querySelector('link[rel="alternate"]')?.getAttribute('href')).toBe(FEED.page);
});
