import { expect, test } from 'vitest';
import { articleLines, formatDate, newsPreview, PREVIEW_LENGTH, sortNewestFirst } from './news';

test('the preview length is 100 characters', () => {
  expect(PREVIEW_LENGTH).toBe(100);
});

test('a body of exactly 100 characters is shown whole, without dots', () => {
  const body = 'a'.repeat(100);

  expect(newsPreview(body)).toBe(body);
});

test('a body of 101 characters is cut to 100 characters plus three dots', () => {
  const body = 'b'.repeat(100) + 'c';

  expect(newsPreview(body)).toBe('b'.repeat(100) + '...');
});

test('a short body is shown whole', () => {
  expect(newsPreview('Branch meeting on Tuesday.')).toBe('Branch meeting on Tuesday.');
});

test('an empty body gives an empty preview', () => {
  expect(newsPreview('')).toBe('');
});

test('the preview never splits an emoji or accented letter in half', () => {
  const body = 'é'.repeat(99) + '😀' + 'tail';

  const preview = newsPreview(body);

  expect(preview).toBe('é'.repeat(99) + '😀...');
});

test('a body of 100 emoji is shown whole although it is 200 UTF-16 units long', () => {
  const body = '😀'.repeat(100);

  expect(newsPreview(body)).toBe(body);
});

test('article lines split on every kind of line break and drop blank lines', () => {
  const body = 'First line\r\nSecond line  \n\n   \rThird line\n';

  expect(articleLines(body)).toEqual(['First line', 'Second line', 'Third line']);
});

test('article lines keep leading indentation of a line', () => {
  expect(articleLines('  indented')).toEqual(['  indented']);
});

test('an empty body has no article lines', () => {
  expect(articleLines('')).toEqual([]);
});

test('posts are sorted newest first without changing the given array', () => {
  const posts = [
    { id: 'old', publishedAt: '2025-01-01T10:00:00Z' },
    { id: 'new', publishedAt: '2026-03-01T10:00:00Z' },
    { id: 'middle', publishedAt: '2025-06-01T10:00:00+01:00' },
  ];

  const sorted = sortNewestFirst(posts);

  expect(sorted.map((post) => post.id)).toEqual(['new', 'middle', 'old']);
  expect(posts.map((post) => post.id)).toEqual(['old', 'new', 'middle']);
});

test('posts are compared by instant, not by text, across time zones', () => {
  const posts = [
    { id: 'earlier', publishedAt: '2026-05-01T12:00:00+02:00' },
    { id: 'later', publishedAt: '2026-05-01T11:30:00Z' },
  ];

  expect(sortNewestFirst(posts).map((post) => post.id)).toEqual(['later', 'earlier']);
});

test('posts with an unreadable date go last, keeping their order', () => {
  const posts = [
    { id: 'bad-1', publishedAt: 'not a date' },
    { id: 'dated', publishedAt: '2020-01-01T00:00:00Z' },
    { id: 'bad-2', publishedAt: '' },
  ];

  expect(sortNewestFirst(posts).map((post) => post.id)).toEqual(['dated', 'bad-1', 'bad-2']);
});

test('a date is written in Irish English', () => {
  expect(formatDate('2026-11-21T10:00:00Z')).toBe('21 November 2026');
});

test('a date is taken in Dublin time, so late evening in New York is already the next day', () => {
  expect(formatDate('2026-07-01T23:30:00-04:00')).toBe('2 July 2026');
});

test('a winter date just before midnight UTC stays on the same day in Dublin', () => {
  expect(formatDate('2026-01-31T23:59:00Z')).toBe('31 January 2026');
});

test('a value that is not a date is written as nothing', () => {
  expect(formatDate('soon')).toBe('');
});
