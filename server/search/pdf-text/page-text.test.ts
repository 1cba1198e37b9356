import { expect, test } from 'vitest';
import { cutAt, normaliseText, pageText } from './page-text';

test('items join as pdf.js split them, with a line break where a line ends', () => {
  const items = [
    { str: 'Annual', hasEOL: false },
    { str: ' ', hasEOL: false },
    { str: 'Gener', hasEOL: false },
    { str: 'al Meeting', hasEOL: true },
    { type: 'endMarkedContent' },
    { str: 'Kilkenny', hasEOL: false },
  ];

  expect(pageText(items)).toBe('Annual General Meeting\nKilkenny');
});

test('normalised text has composed accents, no soft hyphens, single spaces, trimmed lines and short gaps', () => {
  const drawn = '  Sea\u0301n\u00a0and  Ma\u00adire\t\r\n\n\n\n  Dún\u0000Laoghaire  \n';

  expect(normaliseText(drawn)).toBe('Seán and Maire\n\nDún Laoghaire');
});

test('cutting at the character limit never leaves half of a letter written as two units', () => {
  expect(cutAt('Tea 😀 party', 5)).toBe('Tea ');
  expect(cutAt('Tea 😀 party', 6)).toBe('Tea 😀');
});
