/**
 * What reading a PDF's text came to. Only 'text' has text to index; every other kind is a file
 * to index by its name alone, and none of them is the server's fault.
 */
export type PdfTextResult =
  /**
   * The text of the pages read, normalised for a search index (see page-text.ts). `pages` is
   * the document's page count; `truncated` says the text stops short of the end because of the
   * character or page limit. `peakRssBytes` is the reader process's own peak memory and `ms`
   * the time it spent reading, both for logs and the benchmark.
   */
  | {
      readonly kind: 'text';
      readonly text: string;
      readonly pages: number;
      readonly truncated: boolean;
      readonly peakRssBytes: number;
      readonly ms: number;
    }
  /** A valid document with no text in it, such as a scan that is only pictures. Not an error. */
  | { readonly kind: 'no-text'; readonly pages: number }
  /** It needs a password to open. */
  | { readonly kind: 'encrypted' }
  /** Not a PDF pdf.js can read: `reason` is pdf.js's message, or how the reader stopped. */
  | { readonly kind: 'malformed'; readonly reason: string }
  /** The reader was stopped at the time limit. */
  | { readonly kind: 'too-slow' }
  /** The reader was stopped at the memory limit (its resident memory or its JavaScript heap). */
  | { readonly kind: 'too-big' };
