import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { cutAt, normaliseText, pageText } from './page-text';
import type { ReaderFinding, ReaderJob } from './reader-messages';

type PdfJsModule = typeof PdfJs;

/** Dropping pdf.js's caches every so many pages keeps a long document's memory flat. */
const CLEANUP_EVERY_PAGES = 50;
const REASON_CHARS = 200;

/**
 * pdf.js's own character maps and standard font metrics, read from its package on this disk: a
 * document in Chinese or Japanese needs the maps to turn glyphs into letters.
 */
function packagedData(): { cMapUrl: string; standardFontDataUrl: string } {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return { cMapUrl: `${path.join(packageDir, 'cmaps')}/`, standardFontDataUrl: `${path.join(packageDir, 'standard_fonts')}/` };
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, REASON_CHARS);
}

/**
 * The text of a PDF, or what stands in its way. Runs in the reader process only (see
 * pdf-text.child.ts): pdf.js meets the file here, behind the server's time and memory limits.
 */
export async function readPdfText(pdfjs: PdfJsModule, job: ReaderJob): Promise<ReaderFinding> {
  const bytes = await fsp.readFile(job.file);
  const loading = pdfjs.getDocument({
    // pdf.js refuses a Buffer; this is a view of the same memory, not a copy.
    data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    ...packagedData(),
    // No fonts installed and nothing but the text: pdf.js is told it has no fonts to use (pdf.js 6
    // no longer compiles fonts to code at all, so there is no eval to turn off).
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const document = await loading.promise;
    const pageCount = Math.min(document.numPages, job.maxPages);
    let text = '';
    let pagesRead = 0;
    let firstFailure: unknown;
    for (let number = 1; number <= pageCount && text.length < job.maxChars; number += 1) {
      pagesRead = number;
      try {
        const page = await document.getPage(number);
        const content = await page.getTextContent();
        page.cleanup();
        const found = normaliseText(pageText(content.items));
        if (found !== '') text += text === '' ? found : `\n\n${found}`;
      } catch (error) {
        // One broken page leaves the others' text worth indexing.
        firstFailure ??= error;
      }
      if (number % CLEANUP_EVERY_PAGES === 0) await document.cleanup();
    }
    if (text === '' && firstFailure !== undefined) return { kind: 'malformed', reason: messageOf(firstFailure) };
    if (text === '') return { kind: 'no-text', pages: document.numPages };
    return {
      kind: 'text',
      text: cutAt(text, job.maxChars),
      pages: document.numPages,
      truncated: text.length > job.maxChars || pagesRead < document.numPages,
      // maxRSS is in kilobytes.
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
    };
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') return { kind: 'encrypted' };
    return { kind: 'malformed', reason: messageOf(error) };
  } finally {
    await loading.destroy();
  }
}
