import { createHash, randomBytes } from 'node:crypto';
import { deflateRawSync, constants as zlib } from 'node:zlib';

/**
 * Real PDFs made for the tests and the benchmark of the PDF text reader, each with the one
 * property an upload might have: text (with Irish accents), only a scanned picture, a password,
 * a stream that inflates to a gigabyte, or thousands of pages. Written object by object with a
 * correct cross-reference table, so pdfinfo and pdftotext read them as any PDF.
 */
export interface PdfObject {
  /** The object's dictionary (or any other object); a stream's /Length is added when it is written. */
  readonly dictionary: string;
  readonly stream?: Uint8Array;
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/**
 * Writes objects numbered from 1 (the first is the catalog) and their cross-reference table
 * through `write`, so a large file can go straight to disk. Returns the bytes written.
 */
export function writePdf(objects: Iterable<PdfObject>, write: (chunk: Uint8Array) => void, trailer = ''): number {
  const offsets: number[] = [];
  let length = 0;
  const put = (chunk: Uint8Array) => {
    write(chunk);
    length += chunk.byteLength;
  };
  put(latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'));
  for (const object of objects) {
    offsets.push(length);
    put(latin1(`${offsets.length} 0 obj\n`));
    if (object.stream === undefined) {
      put(latin1(object.dictionary));
    } else {
      put(latin1(`${object.dictionary.replace(/>>$/, `/Length ${object.stream.byteLength} >>`)}\nstream\n`));
      put(object.stream);
      put(latin1('\nendstream'));
    }
    put(latin1('\nendobj\n'));
  }
  const xrefAt = length;
  put(latin1(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`));
  put(latin1(offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')));
  put(latin1(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${xrefAt}\n%%EOF\n`));
  return length;
}

function pdfBytes(objects: Iterable<PdfObject>, trailer = ''): Buffer {
  const chunks: Uint8Array[] = [];
  writePdf(objects, (chunk) => chunks.push(chunk), trailer);
  return Buffer.concat(chunks);
}

/** WinAnsiEncoding's codes for the characters above Latin-1's that Irish and English text uses. */
const WIN_ANSI_EXTRAS: Readonly<Record<string, number>> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97 };

/** A PDF string of WinAnsi text: printable ASCII as it is, accented letters as octal escapes (\341 for á). */
function winAnsiString(text: string): string {
  const characters = [...text].map((character) => {
    if (/[\\()]/.test(character)) return `\\${character}`;
    if (/[\x20-\x7e]/.test(character)) return character;
    const code = WIN_ANSI_EXTRAS[character] ?? character.charCodeAt(0);
    return code >= 0x80 && code <= 0xff ? `\\${code.toString(8)}` : '?';
  });
  return `(${characters.join('')})`;
}

function pageContent(lines: readonly string[]): string {
  return ['BT /F1 12 Tf 72 770 Td 16 TL', ...lines.map((line) => `${winAnsiString(line)} Tj T*`), 'ET'].join('\n');
}

/**
 * Catalog, page tree, Helvetica, then each page and its content (and picture, drawn as /Im0):
 * the objects of a document of `pageCount` pages, made one page at a time so a large one never
 * sits in memory.
 */
export function* documentObjects(pageCount: number, page: (index: number) => { lines: readonly string[]; image?: PdfObject }): Generator<PdfObject> {
  const perPage = 3;
  const pageNumber = (index: number) => 4 + index * perPage;
  const kids = Array.from({ length: pageCount }, (_, index) => `${pageNumber(index)} 0 R`).join(' ');
  yield { dictionary: '<< /Type /Catalog /Pages 2 0 R >>' };
  yield { dictionary: `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>` };
  yield { dictionary: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>' };
  for (let index = 0; index < pageCount; index += 1) {
    const { lines, image } = page(index);
    const number = pageNumber(index);
    const pictures = image === undefined ? '' : ` /XObject << /Im0 ${number + 2} 0 R >>`;
    yield {
      dictionary: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${number + 1} 0 R /Resources << /Font << /F1 3 0 R >>${pictures} >> >>`,
    };
    const drawing = image === undefined ? '' : '\nq 451 0 0 300 72 60 cm /Im0 Do Q';
    yield { dictionary: '<< >>', stream: latin1(pageContent(lines) + drawing) };
    // Every page has three numbers; a page without a picture leaves its third one a null object.
    yield image ?? { dictionary: 'null' };
  }
}

/** A document with these lines of text on each page, written in WinAnsiEncoding. */
export function textPdf(pages: readonly (readonly string[])[]): Buffer {
  return pdfBytes(documentObjects(pages.length, (index) => ({ lines: pages[index] ?? [] })));
}

/** A grey picture of `width` × `height` pixels, uncompressed, as a scanner without compression writes it. */
function greyPicture(width: number, height: number): PdfObject {
  return {
    dictionary: `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 >>`,
    stream: randomBytes(width * height),
  };
}

/** A scan: one page whose content only draws a picture, and no text at all. */
export function scannedPdf(): Buffer {
  return pdfBytes(documentObjects(1, () => ({ lines: [], image: greyPicture(64, 64) })));
}

/** RC4, the cipher of the standard security handler's revision 2 (Node's OpenSSL 3 no longer offers it). */
function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + (state[i] as number) + (key[i % key.length] as number)) & 0xff;
    [state[i], state[j]] = [state[j] as number, state[i] as number];
  }
  const output = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n += 1) {
    i = (i + 1) & 0xff;
    j = (j + (state[i] as number)) & 0xff;
    [state[i], state[j]] = [state[j] as number, state[i] as number];
    output[n] = (data[n] as number) ^ (state[((state[i] as number) + (state[j] as number)) & 0xff] as number);
  }
  return output;
}

const md5 = (...parts: Uint8Array[]) => createHash('md5').update(Buffer.concat(parts)).digest();
/** The padding of ISO 32000-1, 7.6.3.3, which fills a password up to 32 bytes. */
const PASSWORD_PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const padded = (password: string) => Buffer.concat([latin1(password), PASSWORD_PADDING]).subarray(0, 32);

/**
 * A document that opens only with `userPassword`: the standard security handler, revision 2
 * (40-bit RC4), with /O and /U computed as ISO 32000-1's algorithms 2 to 4 say and every stream
 * encrypted with its object's key. `pdftotext -upw` reads it; without the password nothing can.
 */
export function encryptedPdf(userPassword: string, pages: readonly (readonly string[])[]): Buffer {
  const permissions = -4;
  const fileId = randomBytes(16);
  const owner = rc4(md5(padded(`${userPassword} owner`)).subarray(0, 5), padded(userPassword));
  const permissionBytes = Buffer.alloc(4);
  permissionBytes.writeInt32LE(permissions);
  const key = md5(padded(userPassword), owner, permissionBytes, fileId).subarray(0, 5);
  const user = rc4(key, PASSWORD_PADDING);
  const objects = [...documentObjects(pages.length, (index) => ({ lines: pages[index] ?? [] }))].map((object, index) => {
    if (object.stream === undefined) return object;
    const number = Buffer.from([(index + 1) & 0xff, ((index + 1) >> 8) & 0xff, ((index + 1) >> 16) & 0xff, 0, 0]);
    return { ...object, stream: rc4(md5(key, number).subarray(0, 10), object.stream) };
  });
  const encryptNumber = objects.length + 1;
  objects.push({ dictionary: `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${permissions} >>` });
  return pdfBytes(objects, `/Encrypt ${encryptNumber} 0 R /ID [<${fileId.toString('hex')}> <${fileId.toString('hex')}>] `);
}

/** Adler-32 of `length` zero bytes, the checksum that ends a zlib stream: its first sum stays 1. */
function adler32OfZeros(length: number): number {
  return (((length % 65521) << 16) | 1) >>> 0;
}

/**
 * A zlib stream that inflates to `inflatedBytes` zero bytes (PDF whitespace), about a
 * thousandth of that long. One megabyte is compressed once with a sync flush, which ends on a
 * byte boundary and refers to nothing before it, so copies of it can follow each other; a final
 * empty block and the checksum close the stream. Made in a millisecond instead of compressing a
 * gigabyte.
 */
function zerosDeflated(inflatedBytes: number): Buffer {
  const chunkBytes = 1024 * 1024;
  if (inflatedBytes % chunkBytes !== 0) throw new Error('The inflated size must be whole megabytes.');
  const block = deflateRawSync(Buffer.alloc(chunkBytes), { level: 9, finishFlush: zlib.Z_SYNC_FLUSH });
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler32OfZeros(inflatedBytes));
  const header = Buffer.from([0x78, 0xda]);
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  return Buffer.concat([header, ...Array.from({ length: inflatedBytes / chunkBytes }, () => block), finalEmptyBlock, checksum]);
}

/** A decompression bomb: one page of text, then a content stream that inflates to `inflatedBytes`. */
export function bombPdf(inflatedBytes: number): Buffer {
  const objects = [...documentObjects(1, () => ({ lines: ['Before the bomb'] }))];
  const bomb = { dictionary: '<< /Filter /FlateDecode >>', stream: zerosDeflated(inflatedBytes) };
  // The page's content becomes its text followed by the bomb.
  const page = objects[3] as PdfObject;
  objects[3] = { dictionary: page.dictionary.replace('/Contents 5 0 R', `/Contents [5 0 R ${objects.length + 1} 0 R]`) };
  objects.push(bomb);
  return pdfBytes(objects);
}
