import type { FileText, PdfTextReader } from './file-indexer';
import { createPdfTextExtractor } from './pdf-text/pdf-text';
import type { PdfTextResult } from './pdf-text/pdf-text-result';

/** Why a file's text could not be read, in words for the log. */
const UNREADABLE: Readonly<Record<Exclude<PdfTextResult['kind'], 'text' | 'no-text' | 'malformed'>, string>> = {
  encrypted: 'the file is protected by a password',
  'too-slow': 'reading it took longer than the time limit',
  'too-big': 'reading it needed more memory than the limit',
};

function fileTextOf(result: PdfTextResult): FileText {
  switch (result.kind) {
    case 'text':
      return { outcome: 'text', text: result.text };
    case 'no-text':
      return { outcome: 'no-text', text: '' };
    case 'malformed':
      return { outcome: 'unreadable', text: '', reason: `the file is not a readable PDF (${result.reason})` };
    default:
      return { outcome: 'unreadable', text: '', reason: UNREADABLE[result.kind] };
  }
}

/**
 * The search index's way to read a PDF: in a separate process with time and memory limits
 * (server/search/pdf-text/), so a hostile or huge file costs only that process. A file that
 * vanished while waiting its turn counts as unreadable; the next pass drops it anyway.
 */
export function createPdfTextReader(): { readonly read: PdfTextReader; readonly stop: () => Promise<void> } {
  const extractor = createPdfTextExtractor();
  return {
    async read(absolutePath) {
      try {
        return fileTextOf(await extractor.extract(absolutePath));
      } catch (error) {
        return { outcome: 'unreadable', text: '', reason: error instanceof Error ? error.message : String(error) };
      }
    },
    stop: () => extractor.close(),
  };
}
