/**
 * A light reading of a PDF's structure, enough to warn a volunteer before they upload a
 * document a screen reader cannot use (docs/behaviour.md#uploads): is there any text, does it
 * have a title, is it tagged. It is not a PDF parser: it finds the objects by their `obj` and
 * `endobj` markers (and inside compressed object streams), follows the trailer to the catalog
 * and the document information, and looks in the page content for text-showing operators.
 * Anything it cannot read (encrypted, damaged, not a PDF) gives no findings, and so no warning.
 */

export type PdfProblem = 'no-text' | 'no-title' | 'not-tagged';

export interface PdfFindings {
  readonly hasText: boolean;
  readonly hasTitle: boolean;
  readonly isTagged: boolean;
}

/** Decompresses one FlateDecode stream (zlib); the browser and Node both have one. */
export type Inflate = (data: Uint8Array) => Promise<Uint8Array>;

interface PdfObject {
  /** The object's dictionary (or value) as text, without its stream's bytes. */
  readonly text: string;
  /** The stream's bytes, decompressed where they were FlateDecode; undefined for no stream. */
  readonly stream?: () => Promise<Uint8Array | undefined>;
}

const OBJECT = /(\d+)\s+(\d+)\s+obj\b/g;
const LATIN1 = new TextDecoder('latin1');

function latin1(bytes: Uint8Array): string {
  return LATIN1.decode(bytes);
}

/** A key's value in a dictionary's text: an array, a name, a reference or a number ('/Length 42' gives '42'). */
function entry(text: string, key: string): string | undefined {
  return new RegExp(`/${key}(?![A-Za-z0-9])\\s*(\\[[^\\]]*\\]|/[^\\s/<>\\[\\]()]+|\\d+\\s+\\d+\\s+R\\b|[^\\s/<>\\[\\]()]+)`).exec(text)?.[1];
}

function reference(text: string, key: string): number | undefined {
  const match = new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`).exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

function streamBytes(bytes: Uint8Array, source: string, dictionary: string, start: number): (inflate: Inflate) => Promise<Uint8Array | undefined> {
  const length = /^\d+$/.test(entry(dictionary, 'Length') ?? '') ? Number(entry(dictionary, 'Length')) : undefined;
  const end = length !== undefined && start + length <= bytes.length ? start + length : source.indexOf('endstream', start);
  const filter = entry(dictionary, 'Filter') ?? '';
  return async (inflate) => {
    if (end < start) return undefined;
    let raw = bytes.subarray(start, end);
    // Without a usable length the line break before 'endstream' is not part of the data.
    if (length === undefined) while (raw.length > 0 && (raw[raw.length - 1] === 0x0a || raw[raw.length - 1] === 0x0d)) raw = raw.subarray(0, -1);
    if (filter === '') return raw;
    if (!/^\[?\s*\/FlateDecode\s*\]?$/.test(filter)) return undefined;
    try {
      return await inflate(raw);
    } catch {
      return undefined;
    }
  };
}

/**
 * Every numbered object in the file, by number; a later definition (an incremental update)
 * wins. The search goes on after each object's end, so bytes inside a stream are never taken
 * for an object.
 */
function topLevelObjects(bytes: Uint8Array, source: string, inflate: Inflate): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  const search = new RegExp(OBJECT.source, 'g');
  for (let match = search.exec(source); match !== null; match = search.exec(source)) {
    const begin = match.index + match[0].length;
    const endobj = source.indexOf('endobj', begin);
    if (endobj < 0) break;
    search.lastIndex = endobj;
    const body = source.slice(begin, endobj);
    const streamAt = /\bstream\r?\n/.exec(body);
    if (streamAt === null) {
      objects.set(Number(match[1]), { text: body });
      continue;
    }
    const dictionary = body.slice(0, streamAt.index);
    const read = streamBytes(bytes, source, dictionary, begin + streamAt.index + streamAt[0].length);
    objects.set(Number(match[1]), { text: dictionary, stream: () => read(inflate) });
  }
  return objects;
}

/** The objects packed inside compressed object streams (PDF 1.5 and later, as Word writes them). */
async function unpackObjectStreams(objects: Map<number, PdfObject>): Promise<void> {
  for (const object of [...objects.values()]) {
    if (entry(object.text, 'Type') !== '/ObjStm' || object.stream === undefined) continue;
    const content = await object.stream();
    const first = Number(entry(object.text, 'First'));
    if (content === undefined || !Number.isInteger(first)) continue;
    const text = latin1(content);
    const header = text.slice(0, first).trim().split(/\s+/).map(Number);
    for (let index = 0; index + 1 < header.length; index += 2) {
      const number = header[index] ?? 0;
      const offset = first + (header[index + 1] ?? 0);
      const next = index + 3 < header.length ? first + (header[index + 3] ?? 0) : text.length;
      if (!objects.has(number)) objects.set(number, { text: text.slice(offset, next) });
    }
  }
}

/** Decodes a PDF string: (literal) with its escapes, or <hex>, either possibly UTF-16 with a BOM. */
function pdfString(raw: string): string {
  let bytes: number[];
  if (raw.startsWith('<')) {
    const hex = raw.slice(1, -1).replace(/\s/g, '');
    bytes = hex.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [];
  } else {
    const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    const text = raw
      .slice(1, -1)
      .replace(/\\([0-7]{1,3}|.)/gs, (_all, code: string) => (/^[0-7]/.test(code) ? String.fromCharCode(Number.parseInt(code, 8)) : (escapes[code] ?? code)));
    bytes = [...text].map((character) => character.charCodeAt(0));
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const units = [];
    for (let index = 2; index + 1 < bytes.length; index += 2) units.push(((bytes[index] ?? 0) << 8) | (bytes[index + 1] ?? 0));
    return String.fromCharCode(...units);
  }
  return String.fromCharCode(...bytes);
}

function titleIn(info: string | undefined): string {
  const raw = info === undefined ? undefined : /\/Title\s*(\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>)/s.exec(info)?.[1];
  return raw === undefined ? '' : pdfString(raw).trim();
}

function xmpTitle(xmp: string): string {
  const title = /<dc:title\b[^>]*>([\s\S]*?)<\/dc:title>/.exec(xmp)?.[1] ?? '';
  return title.replace(/<[^>]+>/g, '').trim();
}

/** Text-showing operators inside a text object: `(…) Tj`, `[…] TJ`, `<…> Tj`, `(…) '` and `(…) "`. */
const SHOWS_TEXT = /\bBT\b[\s\S]*?(?:[)>\]]\s*(?:Tj|TJ)\b|\)\s*['"])/;

/** Streams that are never page content: fonts, images, metadata, cross references, object streams. */
function mayHoldContent(text: string): boolean {
  const type = entry(text, 'Type');
  const subtype = entry(text, 'Subtype');
  if (type === '/XRef' || type === '/ObjStm' || type === '/Metadata' || type === '/EmbeddedFile') return false;
  if (subtype === '/Image' || entry(text, 'Length1') !== undefined || subtype === '/Type1C' || subtype === '/CIDFontType0C' || subtype === '/OpenType') return false;
  return true;
}

async function hasTextContent(objects: Map<number, PdfObject>): Promise<boolean> {
  for (const object of objects.values()) {
    if (object.stream === undefined || !mayHoldContent(object.text)) continue;
    const content = await object.stream();
    if (content !== undefined && SHOWS_TEXT.test(latin1(content))) return true;
  }
  return false;
}

/** What the PDF offers a screen reader; undefined where the file cannot be read this way. */
export async function inspectPdf(bytes: Uint8Array, inflate: Inflate): Promise<PdfFindings | undefined> {
  const source = latin1(bytes);
  if (!source.startsWith('%PDF-')) return undefined;
  const objects = topLevelObjects(bytes, source, inflate);
  // The trailer, or a cross-reference stream's dictionary; the last one is the newest.
  const trailers = [...source.matchAll(/trailer\s*(<<[\s\S]*?>>)\s*startxref/g)].map((match) => match[1] ?? '');
  for (const object of objects.values()) if (entry(object.text, 'Type') === '/XRef') trailers.push(object.text);
  const trailer = trailers.reverse().find((text) => reference(text, 'Root') !== undefined);
  if (trailer === undefined || /\/Encrypt\b/.test(trailer)) return undefined;
  await unpackObjectStreams(objects);

  const catalog = objects.get(reference(trailer, 'Root') ?? -1)?.text ?? '';
  const markInfoRef = reference(catalog, 'MarkInfo');
  const markInfo = markInfoRef === undefined ? (/\/MarkInfo\s*<<([\s\S]*?)>>/.exec(catalog)?.[1] ?? '') : (objects.get(markInfoRef)?.text ?? '');
  const isTagged = /\/Marked\s+true\b/.test(markInfo) && /\/StructTreeRoot\b/.test(catalog);

  const info = objects.get(reference(trailer, 'Info') ?? -1)?.text;
  const metadata = objects.get(reference(catalog, 'Metadata') ?? -1)?.stream;
  const xmp = metadata === undefined ? undefined : await metadata();
  const hasTitle = titleIn(info) !== '' || (xmp !== undefined && xmpTitle(latin1(xmp)) !== '');

  return { hasText: await hasTextContent(objects), hasTitle, isTagged };
}

/** The findings as problems, the worst first. Tags only help text, so a scan is not told about them. */
export function pdfProblems(findings: PdfFindings): readonly PdfProblem[] {
  const problems: PdfProblem[] = [];
  if (!findings.hasText) problems.push('no-text');
  if (!findings.hasTitle) problems.push('no-title');
  if (findings.hasText && !findings.isTagged) problems.push('not-tagged');
  return problems;
}

/** Each problem in plain words, with one sentence on how to put it right. */
export const PDF_PROBLEM_MESSAGES: Readonly<Record<PdfProblem, string>> = {
  'no-text':
    'This PDF has no text a screen reader can read: it looks like a scan, a picture of the pages. If you can, save the original document as a PDF instead, or run the scan through text recognition (OCR) first.',
  'no-title':
    'This PDF has no title, so screen readers announce its file name instead. Give the document a title in the program that made it (in Word: File, Info, Title) and save it as a PDF again.',
  'not-tagged':
    "This PDF is not tagged, so screen readers cannot tell its headings, lists and reading order. In Word, use File, Save As, PDF, and under Options tick 'Document structure tags for accessibility'.",
};
