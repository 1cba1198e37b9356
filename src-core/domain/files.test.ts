import { expect, test } from 'vitest';
import {
  describeFile,
  displayName,
  folderOfPath,
  formatBytes,
  fullPathFor,
  MAX_FILE_NAME_BYTES,
  sanitiseFileName,
  UNUSABLE_FILE_NAME,
} from './files';

const utf8Length = (value: string) => new TextEncoder().encode(value).length;
const file = (name: string, size?: number) => ({ name, fullPath: name, url: `memory:${name}`, size });

test('the display name drops only the last extension', () => {
  expect(displayName('Spring Newsletter 2026.pdf')).toBe('Spring Newsletter 2026');
  expect(displayName('minutes.2026.05.pdf')).toBe('minutes.2026.05');
  expect(displayName('a.b.pdf')).toBe('a.b');
});

test('a name without a dot is shown as it is', () => {
  expect(displayName('notes')).toBe('notes');
});

test('a name that only starts with a dot is not cut to nothing', () => {
  expect(displayName('.pdf')).toBe('.pdf');
});

test('a name ending in a dot loses only the dot', () => {
  expect(displayName('draft.')).toBe('draft');
});

test('a root file is stored under its own name and others under their folder', () => {
  expect(fullPathFor('root', 'form.pdf')).toBe('form.pdf');
  expect(fullPathFor('events', 'fair.pdf')).toBe('events/fair.pdf');
  expect(fullPathFor('newsletters', 'May.pdf')).toBe('newsletters/May.pdf');
});

test('the folder of a path is found from its first part', () => {
  expect(folderOfPath('form.pdf')).toBe('root');
  expect(folderOfPath('events/fair.pdf')).toBe('events');
  expect(folderOfPath('newsletters/May.pdf')).toBe('newsletters');
});

test('a path outside the three folders belongs to none', () => {
  expect(folderOfPath('private/x.pdf')).toBeNull();
  expect(folderOfPath('root/x.pdf')).toBeNull();
  expect(folderOfPath('events/2026/x.pdf')).toBeNull();
  expect(folderOfPath('events/')).toBeNull();
  expect(folderOfPath('/x.pdf')).toBeNull();
  expect(folderOfPath('')).toBeNull();
});

test('sizes under 1 KB are 1 KB, never bytes, so a list reads in one unit', () => {
  expect(formatBytes(0)).toBe('0 KB');
  expect(formatBytes(1)).toBe('1 KB');
  expect(formatBytes(1006)).toBe('1 KB');
  expect(formatBytes(1023)).toBe('1 KB');
});

test('kilobytes are whole numbers', () => {
  expect(formatBytes(1024)).toBe('1 KB');
  expect(formatBytes(340 * 1024 + 300)).toBe('340 KB');
  expect(formatBytes(1024 * 1024 - 600)).toBe('1023 KB');
});

test('megabytes show one decimal below ten and none from ten on', () => {
  expect(formatBytes(1024 * 1024)).toBe('1 MB');
  expect(formatBytes(1.2 * 1024 * 1024)).toBe('1.2 MB');
  expect(formatBytes(9.94 * 1024 * 1024)).toBe('9.9 MB');
  expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  expect(formatBytes(12.6 * 1024 * 1024)).toBe('13 MB');
});

test('a size just under a unit is rounded up into that unit, not to 1024 of the smaller one', () => {
  expect(formatBytes(1024 * 1024 - 10)).toBe('1 MB');
});

test('gigabytes are the largest unit', () => {
  expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  expect(formatBytes(2048 * 1024 **3)).toBe('2048 GB');
});

test('a file is described by its kind and size', () => {
  expect(describeFile(file('form.pdf', 1.2 * 1024 * 1024))).toBe('PDF, 1.2 MB');
  expect(describeFile(file('form.docx', 340 * 1024))).toBe('Word, 340 KB');
  expect(describeFile(file('form.doc', 5))).toBe('Word, 1 KB');
});

test('a file of unknown size is described by its kind alone', () => {
  expect(describeFile(file('form.pdf'))).toBe('PDF');
});

test('a file of another kind is described by its extension, or as a file', () => {
  expect(describeFile(file('photo.jpg', 2048))).toBe('JPG, 2 KB');
  expect(describeFile(file('README'))).toBe('File');
  expect(describeFile(file('odd.'))).toBe('File');
});

test('an ordinary name is kept as it is', () => {
  expect(sanitiseFileName('Spring Newsletter 2026.pdf')).toEqual({ ok: true, name: 'Spring Newsletter 2026.pdf' });
  expect(sanitiseFileName("Séamus O'Brien – Memorial.docx")).toEqual({
    ok: true,
    name: "Séamus O'Brien – Memorial.docx",
  });
});

test('a name that climbs out of its folder keeps only its last part', () => {
  expect(sanitiseFileName('../x.pdf')).toEqual({ ok: true, name: 'x.pdf' });
  expect(sanitiseFileName('../../etc/passwd')).toEqual({ ok: true, name: 'passwd' });
});

test('both kinds of path separator are removed', () => {
  expect(sanitiseFileName('a/b.pdf')).toEqual({ ok: true, name: 'b.pdf' });
  expect(sanitiseFileName('a\\b.pdf')).toEqual({ ok: true, name: 'b.pdf' });
  expect(sanitiseFileName('C:\\Users\\Mary\\form.pdf')).toEqual({ ok: true, name: 'form.pdf' });
  expect(sanitiseFileName('x.pdf/')).toEqual({ ok: true, name: 'x.pdf' });
});

test('runs of dots inside a name become one dot', () => {
  expect(sanitiseFileName('a..b...pdf')).toEqual({ ok: true, name: 'a.b.pdf' });
});

test('a NUL or other control character is dropped', () => {
  expect(sanitiseFileName('form\u0000.pdf.exe')).toEqual({ ok: true, name: 'form.pdf.exe' });
  expect(sanitiseFileName('a\tb\nc\u007f\u0085.pdf')).toEqual({ ok: true, name: 'abc.pdf' });
});

test('a right-to-left override cannot disguise the real extension', () => {
  expect(sanitiseFileName('invoice\u202Efdp.exe')).toEqual({ ok: true, name: 'invoicefdp.exe' });
  expect(sanitiseFileName('a\u2066b\u2069\u200f\u200b\ufeff\u061c.pdf')).toEqual({ ok: true, name: 'ab.pdf' });
});

test('characters Windows refuses are dropped', () => {
  expect(sanitiseFileName('Q&A: <draft> "final" | yes? *.pdf')).toEqual({ ok: true, name: 'Q&A draft final yes .pdf' });
});

test('spaces are trimmed and collapsed, and leading or trailing dots removed', () => {
  expect(sanitiseFileName('   Spring \t  News   .pdf  ')).toEqual({ ok: true, name: 'Spring News .pdf' });
  expect(sanitiseFileName('.htaccess')).toEqual({ ok: true, name: 'htaccess' });
  expect(sanitiseFileName('report.pdf.')).toEqual({ ok: true, name: 'report.pdf' });
});

test('composed and decomposed accents end up the same', () => {
  expect(sanitiseFileName('Cafe\u0301.pdf')).toEqual({ ok: true, name: 'Caf\u00e9.pdf' });
});

test('a 300-byte name is cut to 200 bytes and keeps its extension', () => {
  const raw = 'n'.repeat(296) + '.pdf';

  const result = sanitiseFileName(raw);

  expect(result).toEqual({ ok: true, name: 'n'.repeat(196) + '.pdf' });
  expect(MAX_FILE_NAME_BYTES).toBe(200);
});

test('a long name is cut between characters, never inside one', () => {
  const raw = 'é'.repeat(150) + '.docx';

  const result = sanitiseFileName(raw);

  expect(result).toEqual({ ok: true, name: 'é'.repeat(97) + '.docx' });
  expect(result.ok && utf8Length(result.name)).toBe(199);
});

test('a name of exactly 200 bytes is not cut', () => {
  const raw = 'x'.repeat(196) + '.pdf';

  expect(sanitiseFileName(raw)).toEqual({ ok: true, name: raw });
});

test('a cut never leaves a space before the extension', () => {
  const raw = 'x'.repeat(195) + ' ' + 'y'.repeat(50) + '.pdf';

  expect(sanitiseFileName(raw)).toEqual({ ok: true, name: 'x'.repeat(195) + '.pdf' });
});

test('a very long tail after the last dot is treated as part of the name', () => {
  const raw = 'a.' + 'b'.repeat(300);

  const result = sanitiseFileName(raw);

  expect(result).toEqual({ ok: true, name: 'a.' + 'b'.repeat(198) });
});

test('a long name without an extension is cut to 200 bytes', () => {
  expect(sanitiseFileName('z'.repeat(300))).toEqual({ ok: true, name: 'z'.repeat(200) });
});

test('a name with nothing usable left is refused with a message', () => {
  for (const raw of ['', '   ', '..', '../..', '/', '\u0000\u202e', '...', '<>|']) {
    expect(sanitiseFileName(raw)).toEqual({ ok: false, message: UNUSABLE_FILE_NAME });
  }
  expect(UNUSABLE_FILE_NAME).toBe(
    'This file name cannot be used. Please rename the file using letters and numbers and try again.',
  );
});

test('kilobytes are rounded to the nearest whole number', () => {
  expect(formatBytes(1536)).toBe('2 KB');
  expect(formatBytes(1535)).toBe('1 KB');
});

test('leading and trailing dots and spaces are removed together', () => {
  expect(sanitiseFileName(' .htaccess')).toEqual({ ok: true, name: 'htaccess' });
  expect(sanitiseFileName('report.pdf .')).toEqual({ ok: true, name: 'report.pdf' });
});

test('a path ending in dots keeps the last real name', () => {
  expect(sanitiseFileName('x.pdf/..')).toEqual({ ok: true, name: 'x.pdf' });
  expect(sanitiseFileName('x.pdf/ . /')).toEqual({ ok: true, name: 'x.pdf' });
});

test('an extension of 16 bytes is kept when a long name is cut, and one of 17 is not', () => {
  const sixteen = '.' + 'e'.repeat(15);
  const seventeen = '.' + 'e'.repeat(16);

  expect(sanitiseFileName('n'.repeat(250) + sixteen)).toEqual({ ok: true, name: 'n'.repeat(184) + sixteen });
  expect(sanitiseFileName('n'.repeat(250) + seventeen)).toEqual({ ok: true, name: 'n'.repeat(200) });
});
