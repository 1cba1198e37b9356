/**
 * The text inside an uploaded PDF, for the site's search index, read so that a hostile or huge
 * file cannot stall or crash the server.
 *
 *   const reader = createPdfTextExtractor();           // or with some PdfTextLimits changed
 *   const result = await reader.extract('/data/files/newsletters/Spring 2026.pdf');
 *   if (result.kind === 'text') index(result.text); else indexByNameOnly(result.kind);
 *   await reader.close();                              // when the server stops
 *
 * `extract` resolves with a PdfTextResult (see pdf-text-result.ts: 'text', 'no-text',
 * 'encrypted', 'malformed', 'too-slow', 'too-big') for any file, however broken. It rejects only
 * when the file does not exist or is not a regular file, when the reader cannot start at all
 * (a broken installation), or after `close()`.
 *
 * Each file is read by pdf.js in a process of its own (pdf-text.child.ts), not a worker thread:
 * a worker's resourceLimits do not count the ArrayBuffers pdf.js inflates streams into, and a
 * crash in a worker can take the server with it. That process runs at the lowest CPU priority,
 * so the site's responses never wait for a reading. The server gives that process a JavaScript heap
 * limit, kills it at the time limit, and kills it when its resident memory, read from /proc every
 * 100 ms, passes the memory limit (PDF_TEXT_LIMITS in pdf-text-limits.ts says how much and why:
 * 30 s, 320 MB, 1 000 000 characters and 2 000 pages by default).
 * The text is cut at a number of characters and pages, so a search index stays small.
 *
 * One reader runs at a time, the others wait in turn: several uploads at once never hold
 * several readers' memory at once.
 */
import { PDF_TEXT_LIMITS, type PdfTextLimits } from './pdf-text-limits';
import type { PdfTextResult } from './pdf-text-result';
import { readerLaunch } from './reader-launch';
import { startReader, type ReaderRun } from './reader-process';

export interface PdfTextExtractor {
  /** Reads the text of the PDF at this path, after any readings already asked for. */
  extract(file: string): Promise<PdfTextResult>;
  /** Kills the running reader and refuses the waiting and any later readings. */
  close(): Promise<void>;
}

interface Waiting {
  readonly file: string;
  readonly resolve: (result: PdfTextResult) => void;
  readonly reject: (error: Error) => void;
}

const closedError = () => new Error('The PDF text extractor is closed');

export function createPdfTextExtractor(limits: Partial<PdfTextLimits> = {}): PdfTextExtractor {
  const settings: PdfTextLimits = { ...PDF_TEXT_LIMITS, ...limits };
  const launch = readerLaunch(settings.heapMb);
  const waiting: Waiting[] = [];
  let running: ReaderRun | undefined;
  let closed = false;

  function startNext(): void {
    if (running !== undefined || closed) return;
    const next = waiting.shift();
    if (next === undefined) return;
    const run = startReader(next.file, settings, launch);
    running = run;
    run.result.then(next.resolve, next.reject).finally(() => {
      running = undefined;
      startNext();
    });
  }

  return {
    extract(file) {
      if (closed) return Promise.reject(closedError());
      return new Promise((resolve, reject) => {
        waiting.push({ file, resolve, reject });
        startNext();
      });
    },
    async close() {
      closed = true;
      for (const refused of waiting.splice(0)) refused.reject(closedError());
      const current = running;
      current?.stop(closedError());
      await current?.result.catch(() => undefined);
    },
  };
}
