import { expect, test } from 'vitest';
import { acceptFor, allowedKindsFor, describeAllowedKinds, FILE_KINDS, kindFromName, sniffFileKind } from './file-types';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

test('each kind has the MIME type browsers and servers use for it', () => {
  expect(FILE_KINDS.pdf).toEqual({ label: 'PDF', mimeType: 'application/pdf', extensions: ['.pdf'] });
  expect(FILE_KINDS.doc).toEqual({ label: 'Word', mimeType: 'application/msword', extensions: ['.doc'] });
  expect(FILE_KINDS.docx).toEqual({
    label: 'Word',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['.docx'],
  });
});

test('the root folder takes PDF and Word documents', () => {
  expect(allowedKindsFor('root')).toEqual(['pdf', 'doc', 'docx']);
});

test('events and newsletters take PDFs only', () => {
  expect(allowedKindsFor('events')).toEqual(['pdf']);
  expect(allowedKindsFor('newsletters')).toEqual(['pdf']);
});

test('the kind comes from the last extension in any case', () => {
  expect(kindFromName('Spring.Newsletter.PDF')).toBe('pdf');
  expect(kindFromName('form.doc')).toBe('doc');
  expect(kindFromName('Form.DocX')).toBe('docx');
  expect(kindFromName(' form.pdf ')).toBe('pdf');
});

test('a name without a known extension has no kind', () => {
  expect(kindFromName('notes')).toBeNull();
  expect(kindFromName('photo.jpg')).toBeNull();
  expect(kindFromName('report.pdf.exe')).toBeNull();
  expect(kindFromName('pdf')).toBeNull();
});

test('a PDF is recognised by its first bytes whatever its name says', () => {
  expect(sniffFileKind(text('%PDF-1.7\n'), 'minutes.pdf')).toBe('pdf');
  expect(sniffFileKind(text('%PDF-1.4'), 'minutes.docx')).toBe('pdf');
});

test('an OLE2 container counts as a Word document only when named .doc', () => {
  const head = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00);

  expect(sniffFileKind(head, 'form.doc')).toBe('doc');
  expect(sniffFileKind(head, 'sheet.xls')).toBeNull();
  expect(sniffFileKind(head, 'form.pdf')).toBeNull();
});

test('a ZIP container counts as a Word document only when named .docx', () => {
  const head = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00);

  expect(sniffFileKind(head, 'form.docx')).toBe('docx');
  expect(sniffFileKind(head, 'archive.zip')).toBeNull();
  expect(sniffFileKind(head, 'form.doc')).toBeNull();
});

test('a file named .pdf that holds something else is not a PDF', () => {
  expect(sniffFileKind(text('<html><script>'), 'evil.pdf')).toBeNull();
  expect(sniffFileKind(text('%PDF'), 'short.pdf')).toBeNull();
  expect(sniffFileKind(new Uint8Array(), 'empty.pdf')).toBeNull();
});

test('a signature must start at the first byte', () => {
  expect(sniffFileKind(text(' %PDF-1.7'), 'a.pdf')).toBeNull();
  expect(sniffFileKind(bytes(0x00, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 'a.doc')).toBeNull();
});

test('every byte of a signature matters', () => {
  expect(sniffFileKind(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0x00), 'a.doc')).toBeNull();
  expect(sniffFileKind(bytes(0x50, 0x4b, 0x03, 0x05), 'a.docx')).toBeNull();
});

test('the allowed kinds are described in plain words', () => {
  expect(describeAllowedKinds('root')).toBe('PDF or Word');
  expect(describeAllowedKinds('events')).toBe('PDF');
  expect(describeAllowedKinds('newsletters')).toBe('PDF');
});

test('the file picker is told which extensions and types to offer', () => {
  expect(acceptFor('events')).toBe('.pdf,application/pdf');
  expect(acceptFor('root')).toBe(
    '.pdf,application/pdf,.doc,application/msword,.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
});

test('a head holding exactly the signature is enough', () => {
  expect(sniffFileKind(text('%PDF-'), 'a.pdf')).toBe('pdf');
  expect(sniffFileKind(bytes(0x50, 0x4b, 0x03, 0x04), 'a.docx')).toBe('docx');
});
