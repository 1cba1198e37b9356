import { deflateSync } from 'node:zlib';

/**
 * Real PDFs made for the tests, each with the one property a volunteer's upload might lack:
 * text or only a scanned picture, a title or none, tags or none. Written object by object
 * with a correct cross-reference table (or, as Word writes them, compressed object streams and a
 * cross-reference stream), so pdfinfo and pdftotext read them as any PDF.
 */
export interface PdfSample {
  /** Lines of text on the page; none makes a scan: one picture and no text at all. */
  readonly lines?: readonly string[];
  /** The document information's title; none leaves it out. */
  readonly title?: string;
  /** A title in the XMP metadata instead of (or beside) the document information. */
  readonly xmpTitle?: string;
  /** Marked content, a structure tree and /MarkInfo << /Marked true >>. */
  readonly tagged?: boolean;
  /** PDF 1.5's object streams and cross-reference stream, with everything compressed. */
  readonly objectStreams?: boolean;
}

interface PdfObject {
  readonly dictionary: string;
  /** Stream data, written compressed (FlateDecode). */
  readonly stream?: Buffer;
}

function escapeText(text: string): string {
  return text.replace(/([\\()])/g, '\\$1');
}

function objectsFor(sample: PdfSample): PdfObject[] {
  const lines = sample.lines ?? [];
  const tagged = sample.tagged === true;
  const content = lines.length > 0
    ? [
        ...(tagged ? ['/P <</MCID 0>> BDC'] : []),
        'BT /F1 14 Tf 72 770 Td 18 TL',
        ...lines.map((line) => `(${escapeText(line)}) Tj T*`),
        'ET',
        ...(tagged ? ['EMC'] : []),
      ].join('\n')
    : // A scan: the page is one picture.
      'q 451 0 0 600 72 120 cm /Im0 Do Q';
  const pixels = Buffer.alloc(64 * 64, 0xcc);
  const xmp = sample.xmpTitle === undefined
    ? undefined
    : `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">${sample.xmpTitle}</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta>`;

  // Numbers are fixed so references stay simple: 1 catalog, 2 pages, 3 page, 4 content, 5 font,
  // 6 picture, 7 structure tree, 8 paragraph, 9 parent tree, 10 information, 11 metadata.
  return [
    {
      dictionary: [
        '<< /Type /Catalog /Pages 2 0 R /Lang (en-IE)',
        tagged ? ' /MarkInfo << /Marked true >> /StructTreeRoot 7 0 R' : '',
        xmp === undefined ? '' : ' /Metadata 11 0 R',
        ' >>',
      ].join(''),
    },
    { dictionary: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    {
      dictionary: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Im0 6 0 R >> >>${tagged ? ' /StructParents 0' : ''} >>`,
    },
    { dictionary: '<< >>', stream: Buffer.from(content, 'latin1') },
    { dictionary: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>' },
    { dictionary: '<< /Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8 >>', stream: pixels },
    { dictionary: '<< /Type /StructTreeRoot /K [8 0 R] /ParentTree 9 0 R >>' },
    { dictionary: '<< /Type /StructElem /S /P /P 7 0 R /Pg 3 0 R /K 0 >>' },
    { dictionary: '<< /Nums [0 [8 0 R]] >>' },
    { dictionary: `<< ${sample.title === undefined ? '' : `/Title (${escapeText(sample.title)}) `}/Producer (RNAI tests) >>` },
    // Metadata is left uncompressed, as most writers leave it, so search tools can read it.
    { dictionary: '<< /Type /Metadata /Subtype /XML >>', stream: xmp === undefined ? Buffer.alloc(0) : Buffer.from(xmp, 'utf8') },
  ];
}

function streamObject(object: PdfObject, compress: boolean): Buffer {
  const data = object.stream ?? Buffer.alloc(0);
  const stored = compress ? deflateSync(data) : data;
  const dictionary = object.dictionary.replace(/>>$/, `/Length ${stored.length}${compress ? ' /Filter /FlateDecode' : ''} >>`);
  return Buffer.concat([Buffer.from(`${dictionary}\nstream\n`, 'latin1'), stored, Buffer.from('\nendstream', 'latin1')]);
}

function classicPdf(objects: readonly PdfObject[]): Uint8Array<ArrayBuffer> {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((object, index) => {
    offsets.push(length);
    const body = object.stream === undefined ? Buffer.from(object.dictionary, 'latin1') : streamObject(object, index !== 10);
    const part = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(part);
    length += part.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 10 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/** Word's way: objects without streams packed in one compressed object stream, found through a cross-reference stream. */
function compressedPdf(objects: readonly PdfObject[]): Uint8Array<ArrayBuffer> {
  const packed = objects.map((object, index) => ({ number: index + 1, object })).filter(({ object }) => object.stream === undefined);
  const objectStreamNumber = objects.length + 1;
  const xrefNumber = objects.length + 2;
  let header = '';
  let body = '';
  for (const { number, object } of packed) {
    header += `${number} ${body.length} `;
    body += `${object.dictionary}\n`;
  }
  const objectStream: PdfObject = {
    dictionary: `<< /Type /ObjStm /N ${packed.length} /First ${header.length} >>`,
    stream: Buffer.from(header + body, 'latin1'),
  };

  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets = new Map<number, number>();
  const direct = [...objects.map((object, index) => ({ number: index + 1, object })).filter(({ object }) => object.stream !== undefined), { number: objectStreamNumber, object: objectStream }];
  for (const { number, object } of direct) {
    offsets.set(number, length);
    const part = Buffer.concat([Buffer.from(`${number} 0 obj\n`, 'latin1'), streamObject(object, number !== 11), Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(part);
    length += part.length;
  }
  // Entries of 1 + 4 + 2 bytes: type 0 free, 1 at an offset, 2 inside the object stream at an index.
  const rows = Buffer.alloc(7 * (xrefNumber + 1));
  const row = (number: number, type: number, field2: number, field3: number) => {
    rows.writeUInt8(type, number * 7);
    rows.writeUInt32BE(field2, number * 7 + 1);
    rows.writeUInt16BE(field3, number * 7 + 5);
  };
  row(0, 0, 0, 65535);
  packed.forEach(({ number }, index) => row(number, 2, objectStreamNumber, index));
  for (const [number, offset] of offsets) row(number, 1, offset, 0);
  row(xrefNumber, 1, length, 0);
  const xref: PdfObject = {
    dictionary: `<< /Type /XRef /Size ${xrefNumber + 1} /W [1 4 2] /Root 1 0 R /Info 10 0 R >>`,
    stream: rows,
  };
  parts.push(Buffer.concat([Buffer.from(`${xrefNumber} 0 obj\n`, 'latin1'), streamObject(xref, true), Buffer.from('\nendobj\n', 'latin1')]));
  parts.push(Buffer.from(`startxref\n${length}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

export function makePdf(sample: PdfSample): Uint8Array<ArrayBuffer> {
  const objects = objectsFor(sample);
  return sample.objectStreams === true ? compressedPdf(objects) : classicPdf(objects);
}

/** The three a test needs most: an accessible document, a scan, and a document without a title. */
export const PDF_SAMPLES = {
  accessible: () => makePdf({ lines: ['Annual General Meeting', 'Saturday 12 September 2026'], title: 'Annual General Meeting 2026', tagged: true }),
  scan: () => makePdf({}),
  untitled: () => makePdf({ lines: ['Branch outing to Kilkenny'], tagged: true }),
} as const;
