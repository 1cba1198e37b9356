const MB = 1024 * 1024;

/** What one reading of one file may take; any of them can be given to createPdfTextExtractor. */
export interface PdfTextLimits {
  /** Wall time for reading the file, counted from the moment the reader is ready. */
  readonly timeMs: number;
  /**
   * Time for the reader's process to start and load pdf.js, before it has seen the file. A reader
   * that cannot start in time is the machine's trouble, not the file's: the reading rejects.
   */
  readonly startMs: number;
  /**
   * The reader process's resident memory, checked every `memoryCheckMs` from Linux's /proc;
   * above it the reader is killed. Where there is no /proc, the heap limit and the time limit
   * are what is left.
   */
  readonly memoryBytes: number;
  readonly memoryCheckMs: number;
  /** The reader's JavaScript heap (Node's --max-old-space-size), which V8 enforces itself. */
  readonly heapMb: number;
  /** Text kept at most: more than a search index needs of any one document. */
  readonly maxChars: number;
  /** Pages read at most. */
  readonly maxPages: number;
}

/**
 * Room for a legitimate 50 MB newsletter (the largest upload by default) with a margin. The
 * benchmark (`npm run bench -- pdf`) reads one of 120 pages and 40 photographs in 2.6 s, its
 * reader peaking at 204 MB: about 110 MB for Node, tsx and pdf.js, the whole file (pdf.js
 * reading it in ranges from the disk instead measured no less), and the pages' text. 256 MB left
 * too little room for one with more fonts, so the memory limit is 320 MB; the same newsletter
 * at 143 MB peaked at 284 MB, so a PDF of much more than 150 MB comes back 'too-big' and is
 * found by its name only. One reader at a time, 30 s and 320 MB leave the server and a small
 * machine responsive while a hostile file is read.
 */
export const PDF_TEXT_LIMITS: PdfTextLimits = {
  timeMs: 30_000,
  startMs: 30_000,
  memoryBytes: 320 * MB,
  memoryCheckMs: 100,
  heapMb: 128,
  maxChars: 1_000_000,
  maxPages: 2_000,
};
