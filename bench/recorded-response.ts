import { z } from 'zod';

/** One response of the real server, byte for byte, for the baseline server to repeat. */
export const recordedResponseSchema = z.object({
  path: z.string(),
  status: z.number().int(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  bodyBase64: z.string(),
});
export type RecordedResponse = z.infer<typeof recordedResponseSchema>;
