import path from 'node:path';
import { z } from 'zod';
import type { PictureSizesOutcome } from './picture-sizes';

/** What the server asks of the preparer's process: one uploaded file, and where its sizes go. */
export interface PreparerJob {
  readonly source: string;
  readonly directory: string;
  readonly id: string;
}

/** The preparer's one answer: what became of the picture, and the most memory the process held. */
export interface PreparerAnswer {
  readonly outcome: PictureSizesOutcome;
  readonly peakRssBytes: number;
}

/** The file of one size of a picture: '<id>-<width>.webp' or '.jpg' in the pictures' folder. */
export function pictureSizeFile(directory: string, id: string, width: number, format: 'webp' | 'jpg'): string {
  return path.join(directory, `${id}-${width}.${format}`);
}

const size = z.number().int().positive();

/** The server checks the answer like any other input: the preparer has just read an untrusted file. */
export const preparerAnswerSchema: z.ZodType<PreparerAnswer> = z.object({
  outcome: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), width: size, height: size }), z.object({ ok: z.literal(false), refusal: z.string() })]),
  peakRssBytes: z.number().int().nonnegative(),
});
