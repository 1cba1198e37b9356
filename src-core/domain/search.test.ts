import { describe, expect, test } from 'vitest';
import { MAX_QUERY_LENGTH, MAX_QUERY_WORDS, foldForMatching, markWords, queryWords, searchPath, tidyQuery, wordRoot } from './search';

describe('queries', () => {
  test('are trimmed, spaced once and cut to their longest', () => {
    expect(tidyQuery('  state \n  pension  ')).toBe('state pension');
    expect(tidyQuery(null)).toBe('');
    expect(tidyQuery('a'.repeat(MAX_QUERY_LENGTH + 50))).toHaveLength(MAX_QUERY_LENGTH);
  });

  test('are taken as words of letters and digits, in lower case, each once', () => {
    expect(queryWords('State "pension" AND rates* 2027 pension')).toEqual(['state', 'pension', 'and', 'rates', '2027']);
    expect(queryWords('Seán Ó Briain')).toEqual(['seán', 'ó', 'briain']);
    expect(queryWords('(* ^ : -)')).toEqual([]);
  });

  test(`keep at most ${MAX_QUERY_WORDS} words`, () => {
    expect(queryWords('one two three four five six seven eight nine ten')).toHaveLength(MAX_QUERY_WORDS);
  });

  test("have an address of their own, '/search' for none", () => {
    expect(searchPath(' state  pension ')).toBe('/search?q=state+pension');
    expect(searchPath('a&b=c')).toBe('/search?q=a%26b%3Dc');
    expect(searchPath('  ')).toBe('/search');
  });
});

describe('comparing words', () => {
  test('without case or accents', () => {
    expect(foldForMatching('SEÁN Ó')).toBe('sean o');
  });

  test('without the usual English endings, but never below three letters', () => {
    expect(wordRoot('pensions')).toBe('pension');
    expect(wordRoot('Walking')).toBe('walk');
    expect(wordRoot('booked')).toBe('book');
    expect(wordRoot('bus')).toBe('bus');
  });
});

describe('markWords', () => {
  test('marks each word that starts with a query word, whatever its case and accents', () => {
    expect(markWords('Seán spoke about pensions.', ['sean', 'pension'])).toEqual([
      { text: 'Seán', match: true },
      { text: ' spoke about ', match: false },
      { text: 'pensions', match: true },
      { text: '.', match: false },
    ]);
  });

  test('starts a few words before a late first match, and says where it cut', () => {
    const text = `${'word '.repeat(30)}pension ${'more '.repeat(100)}`;
    const parts = markWords(text, ['pension'], 120);
    const shown = parts.map((part) => part.text).join('');
    expect(shown).toMatch(/^… word word/);
    expect(shown).toMatch(/more…$/);
    expect(shown.length).toBeLessThan(140);
    expect(parts.filter((part) => part.match).map((part) => part.text)).toEqual(['pension']);
  });

  test('leaves markup in the text as text', () => {
    const parts = markWords('<b>pension</b>', ['pension']);
    expect(parts.map((part) => part.text).join('')).toBe('<b>pension</b>');
    expect(parts.filter((part) => part.match)).toEqual([{ text: 'pension', match: true }]);
  });
});
