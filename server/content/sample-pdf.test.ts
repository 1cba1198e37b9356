import { expect, test } from 'vitest';
import { samplePdf } from './sample-pdf';

test('the generated PDF has a cross-reference table whose offsets point at its objects', () => {
  const text = new TextDecoder().decode(samplePdf('Sample (newsletter)', ['Line one', 'Caf\u00e9 \\ back']));

  const startXref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const offsets = [...text.slice(startXref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));

  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.slice(startXref, startXref + 4)).toBe('xref');
  expect(offsets).toHaveLength(6);
  offsets.forEach((offset, index) => expect(text.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`));
  expect(text).toContain('(Sample \\(newsletter\\)) Tj');
  expect(text).toContain("(Caf? \\\\ back) '");
});

test('the content stream length matches its declared /Length', () => {
  const text = new TextDecoder().decode(samplePdf('T', ['a', 'b']));

  const match = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text);

  expect(Number(match?.[1])).toBe(match?.[2]?.length);
});
