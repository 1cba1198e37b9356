import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDF_TEXT_LIMITS, type PdfTextLimits } from '../server/search/pdf-text/pdf-text-limits';
import { createPdfTextExtractor } from '../server/search/pdf-text/pdf-text';
import { documentObjects, writePdf, type PdfObject } from '../tests/support/test-pdfs';
import { peakMemoryDuring } from './process-memory';
import { markdownTable, megabytes, seconds } from './report-format';

export interface PdfRow {
  readonly label: string;
  readonly sizeBytes: number;
  /** What the reader returned: 'text' for a legitimate newsletter, anything else is a failure of the limits. */
  readonly kind: string;
  readonly pages: number;
  readonly chars: number;
  readonly truncated: boolean;
  /** From extract() to its response: the reader's start, pdf.js loading, and the reading. */
  readonly wallMs: number;
  /** The reading alone, as the reader's response gives it. */
  readonly readMs: number;
  readonly readerPeakRssBytes: number;
  /** The process that asked (here the benchmark, in production the server): its RSS before and at its peak. */
  readonly parentRssBeforeBytes: number;
  readonly parentRssPeakBytes: number;
}

export interface PdfResult {
  readonly limits: PdfTextLimits;
  readonly rows: readonly PdfRow[];
}

/** A newsletter's shape: pages of prose, and a photograph on every third page. */
const NEWSLETTER = { pages: 120, linesPerPage: 36, photoEvery: 3, photoWidth: 640, photoHeight: 650 } as const;

const WORDS = (
  'the branch met in Dún Laoghaire for tea and a talk on pensions Seán Ó Briain Siobhán Máire Caoimhe ' +
  'retired nurses association annual general meeting outing to Kilkenny Galway Cork hospital ward matron ' +
  'members committee subscription newsletter spring summer autumn winter report minutes treasurer'
).split(' ');

/** A fixed sequence of words (mulberry32), so every run reads the same newsletter. */
function wordSource(seed: number): () => string {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    const random = ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
    return WORDS[Math.floor(random * WORDS.length)] ?? 'tea';
  };
}

/** An uncompressed colour picture of noise, as large as a JPEG photograph and as incompressible. */
function photo(): PdfObject {
  const { photoWidth: width, photoHeight: height } = NEWSLETTER;
  return {
    dictionary: `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 >>`,
    stream: randomBytes(width * height * 3),
  };
}

/** Writes the newsletter straight to disk, a page at a time, so the benchmark's own memory stays put. */
function writeNewsletter(file: string): number {
  const word = wordSource(2026);
  const line = () => Array.from({ length: 14 }, word).join(' ');
  const objects = documentObjects(NEWSLETTER.pages, (index) => ({
    lines: Array.from({ length: NEWSLETTER.linesPerPage }, line),
    ...(index % NEWSLETTER.photoEvery === 0 ? { image: photo() } : {}),
  }));
  const fd = fs.openSync(file, 'w');
  try {
    return writePdf(objects, (chunk) => fs.writeSync(fd, chunk));
  } finally {
    fs.closeSync(fd);
  }
}

export async function runPdfText(workDir: string, log: (line: string) => void): Promise<PdfResult> {
  const file = path.join(workDir, 'pdf-text-newsletter.pdf');
  log('PDF text: writing a 48 MB newsletter, then reading its text with the production limits...');
  const sizeBytes = writeNewsletter(file);
  const extractor = createPdfTextExtractor();
  try {
    const started = performance.now();
    const measured = await peakMemoryDuring(process.pid, () => extractor.extract(file));
    const wallMs = performance.now() - started;
    const result = measured.value;
    const text = result.kind === 'text' ? result : undefined;
    return {
      limits: PDF_TEXT_LIMITS,
      rows: [
        {
          label: `newsletter, ${NEWSLETTER.pages} pages, a photo on every ${NEWSLETTER.photoEvery}rd`,
          sizeBytes,
          kind: result.kind,
          pages: text?.pages ?? 0,
          chars: text?.text.length ?? 0,
          truncated: text?.truncated ?? false,
          wallMs,
          readMs: text?.ms ?? 0,
          readerPeakRssBytes: text?.peakRssBytes ?? 0,
          parentRssBeforeBytes: measured.beforeBytes,
          parentRssPeakBytes: measured.peakBytes,
        },
      ],
    };
  } finally {
    await extractor.close();
    fs.rmSync(file, { force: true });
  }
}

export function pdfTable(result: PdfResult): string {
  const { limits } = result;
  const table = markdownTable(
    ['file', 'size', 'outcome', 'pages', 'characters', 'wall time', 'reading', 'reader peak RSS', 'parent RSS before', 'parent growth'],
    result.rows.map((row) => [
      row.label,
      megabytes(row.sizeBytes),
      row.truncated ? `${row.kind} (cut short)` : row.kind,
      row.pages,
      row.chars,
      seconds(row.wallMs),
      seconds(row.readMs),
      megabytes(row.readerPeakRssBytes),
      megabytes(row.parentRssBeforeBytes),
      megabytes(row.parentRssPeakBytes - row.parentRssBeforeBytes),
    ]),
    [false, true, false, true, true, true, true, true, true, true],
  );
  const limitsLine =
    `Limits: ${seconds(limits.timeMs)} to read, ${megabytes(limits.memoryBytes)} resident (checked every ${limits.memoryCheckMs} ms), ` +
    `${limits.heapMb} MB heap, ${limits.maxChars} characters, ${limits.maxPages} pages.`;
  return `${table}\n\n${limitsLine}`;
}
