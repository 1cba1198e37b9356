import { describe, expect, test } from 'vitest';
import { NO_EVENT_DETAILS } from './event-details';
import { SEARCHES_FILE_NAMES } from './search';
import { eventSearchables, fileSearchable, postSearchable, searchListed, type Searchable } from './search-listed';

const post = (id: string, title: string, body: string, publishedAt = '2026-03-01T10:00:00Z') => postSearchable({ id, title, body, publishedAt });
const file = (name: string) => ({ name, fullPath: `newsletters/${name}`, url: `/files/newsletters/${encodeURIComponent(name)}`, updatedAt: '2026-02-01T09:00:00Z' });
const titles = (items: readonly { title: string }[]) => items.map((item) => item.title);

describe('searchListed', () => {
  const items: Searchable[] = [
    post('1', 'Pension rates for 2027', 'The State pension rises in January.'),
    post('2', 'Branch news', 'Seán Ó Briain spoke about pensions at the meeting.', '2026-04-01T10:00:00Z'),
    post('3', 'Spring walk', 'We walked at Howth.'),
    fileSearchable('newsletters', file('Spring Newsletter 2026.pdf')),
  ];

  test('finds every item with all the words, title matches first', () => {
    const found = searchListed(items, 'pension', SEARCHES_FILE_NAMES);
    expect(found).toMatchObject({ query: 'pension', matched: 'all', coverage: SEARCHES_FILE_NAMES });
    expect(titles(found.results)).toEqual(['Pension rates for 2027', 'Branch news']);
  });

  test('ignores case and accents, and English endings', () => {
    expect(titles(searchListed(items, 'SEAN', SEARCHES_FILE_NAMES).results)).toEqual(['Branch news']);
    expect(titles(searchListed(items, 'walking', SEARCHES_FILE_NAMES).results)).toEqual(['Spring walk']);
  });

  test('finds files by the words of their names, and leads to the file', () => {
    const [result] = searchListed(items, 'newsletter 2026', SEARCHES_FILE_NAMES).results;
    expect(result).toEqual({
      kind: 'newsletter',
      title: 'Spring Newsletter 2026',
      href: '/files/newsletters/Spring%20Newsletter%202026.pdf',
      isFile: true,
      date: '2026-02-01T09:00:00Z',
      snippet: [],
    });
  });

  test('falls back to items with some of the words, and says so', () => {
    const found = searchListed(items, 'howth pension', SEARCHES_FILE_NAMES);
    expect(found.matched).toBe('any');
    expect(found.withAllWords).toBeUndefined();
    expect(titles(found.results).sort()).toEqual(['Branch news', 'Pension rates for 2027', 'Spring walk']);
  });

  test('trusts a backend that found an item by its own text search, for the words it found it by', () => {
    const found = searchListed([{ ...post('9', 'Outing', 'Glendalough'), foundByBackend: ['glenda', 'lough'] }], 'glenda-lough', SEARCHES_FILE_NAMES);
    expect(titles(found.results)).toEqual(['Outing']);
    expect(found.matched).toBe('all');
  });

  test("a file's extension is not one of its words: 'pdf' finds no file", () => {
    const files = ['Spring Newsletter 2026.pdf', 'Membership form.pdf', 'Application.docx'].map((name) => fileSearchable('root', { ...file(name), fullPath: name }));
    expect(searchListed(files, 'pdf', SEARCHES_FILE_NAMES).results).toEqual([]);
    expect(titles(searchListed(files, 'membership pdf', SEARCHES_FILE_NAMES).results)).toEqual(['Membership form']);
  });

  test('posts and files follow one rule: those with every word first, then those with some, and the results say where those begin', () => {
    const mixed: Searchable[] = [
      { ...post('5', 'Branch news', 'See the photos.'), foundByBackend: ['spring'] },
      { ...post('6', 'Spring outing', 'Booking open.'), foundByBackend: ['spring', 'outing'] },
      fileSearchable('newsletters', file('Spring Newsletter 2026.pdf')),
      fileSearchable('newsletters', file('Spring outing poster.pdf')),
    ];

    const found = searchListed(mixed, 'spring outing', SEARCHES_FILE_NAMES);

    expect(found.matched).toBe('all');
    expect(found.withAllWords).toBe(2);
    expect(titles(found.results.slice(0, 2)).sort()).toEqual(['Spring outing', 'Spring outing poster']);
    expect(titles(found.results.slice(2)).sort()).toEqual(['Branch news', 'Spring Newsletter 2026']);
  });

  test('finds nothing for a query without words', () => {
    expect(searchListed(items, ' "*" ', SEARCHES_FILE_NAMES).results).toEqual([]);
  });

  test("finds events by their details, under the event's title, leading to its page", () => {
    const listing = {
      timeZone: 'Europe/Dublin',
      at: '2026-05-01T10:00:00Z',
      calendar: null,
      events: [
        {
          file: { name: 'Outing.pdf', fullPath: 'events/Outing.pdf', url: '/files/events/Outing.pdf' },
          details: { ...NO_EVENT_DETAILS, title: 'Summer outing', start: '2026-07-04', allDay: true, venue: 'Powerscourt', town: 'Enniskerry' },
        },
      ],
    };
    const [result] = searchListed(eventSearchables(listing), 'enniskerry', SEARCHES_FILE_NAMES).results;
    expect(result).toMatchObject({ kind: 'event', title: 'Summer outing', href: '/events/Outing', isFile: false, date: '2026-07-04' });
    expect(result?.snippet.filter((part) => part.match)).toEqual([{ text: 'Enniskerry', match: true }]);
  });
});
