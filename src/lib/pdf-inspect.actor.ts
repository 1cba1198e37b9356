import { fromPromise } from 'xstate';
import { inspectPdf, type PdfFindings } from '../../src-core/domain/pdf-accessibility';
import { inflate } from './inflate';

/**
 * The PDF check's reading, in the browser: the chosen file's bytes, inflated with the
 * platform's own DecompressionStream. Nothing is sent anywhere, so it is the same on both
 * backends, and it loads only with the admin area.
 */
export const inspectChosenPdf = fromPromise<PdfFindings | undefined, File>(async ({ input }) =>
  inspectPdf(new Uint8Array(await input.arrayBuffer()), inflate),
);
