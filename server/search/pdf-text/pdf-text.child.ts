/**
 * The PDF reader's process: started by reader-process.ts for one file, it loads pdf.js, says
 * 'ready', reads the file named in the one job it is sent, sends what it found and exits. The
 * server kills it when it takes too long or too much memory; whatever a file does to pdf.js
 * happens here and ends with this process.
 */
import { readPdfText } from './read-pdf-text';
import type { ReaderJob, ReaderMessage } from './reader-messages';

/** Set by typescript-in-reader.mjs when the server runs from TypeScript; see there why. */
const DROP_TYPESCRIPT = Symbol.for('rnai.pdf-text.drop-typescript');

function send(message: ReaderMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (process.send === undefined) {
      reject(new Error('The PDF reader is started by the server (reader-process.ts), not by hand.'));
      return;
    }
    process.send(message, undefined, {}, (error) => (error === null ? resolve() : reject(error)));
  });
}

function isJob(value: unknown): value is ReaderJob {
  return (
    typeof value === 'object' &&
    value !== null &&
    'file' in value &&
    typeof value.file === 'string' &&
    'maxChars' in value &&
    typeof value.maxChars === 'number' &&
    'maxPages' in value &&
    typeof value.maxPages === 'number'
  );
}

// Without the server there is nobody to report to.
process.on('disconnect', () => process.exit(1));

const dropTypeScript: unknown = Reflect.get(globalThis, DROP_TYPESCRIPT);
if (typeof dropTypeScript === 'function') await dropTypeScript();
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

process.once('message', (job: unknown) => {
  if (!isJob(job)) process.exit(1);
  readPdfText(pdfjs, job)
    .then((finding) => send({ type: 'finding', finding }))
    // pdf.js may leave timers behind; the finding is sent, so nothing is lost.
    .then(() => process.exit(0))
    .catch(() => process.exit(1));
});
await send({ type: 'ready' });
