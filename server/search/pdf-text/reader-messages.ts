import { z } from 'zod';

/** What the server asks of the reader process: one file, and how much text to bring back at most. */
export interface ReaderJob {
  readonly file: string;
  readonly maxChars: number;
  readonly maxPages: number;
}

/** What the reader process finds in a file; the server adds the time taken and the limits it enforced. */
export type ReaderFinding =
  | { readonly kind: 'text'; readonly text: string; readonly pages: number; readonly truncated: boolean; readonly peakRssBytes: number }
  | { readonly kind: 'no-text'; readonly pages: number }
  | { readonly kind: 'encrypted' }
  | { readonly kind: 'malformed'; readonly reason: string };

/** 'ready' once pdf.js is loaded (the server then sends the job), then one 'finding'. */
export type ReaderMessage = { readonly type: 'ready' } | { readonly type: 'finding'; readonly finding: ReaderFinding };

const count = z.number().int().nonnegative();

/**
 * The reader works on hostile files, so the server checks what it sends back like any other
 * input: a reader that pdf.js misled into sending something else is treated as having failed.
 */
export const readerMessageSchema: z.ZodType<ReaderMessage> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('finding'),
    finding: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('text'), text: z.string(), pages: count, truncated: z.boolean(), peakRssBytes: count }),
      z.object({ kind: z.literal('no-text'), pages: count }),
      z.object({ kind: z.literal('encrypted') }),
      z.object({ kind: z.literal('malformed'), reason: z.string() }),
    ]),
  }),
]);
