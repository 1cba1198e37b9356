/**
 * The picture preparer's process: started by server/pictures/picture-preparer.ts for one upload,
 * it is sent one job, makes the picture's sizes (server/pictures/picture-sizes.ts), answers and
 * exits. libvips' buffers and the HEIC decoder's WebAssembly memory live here and end with this
 * process, so a 12-megapixel photograph never raises the server's own memory.
 */
import fs from 'node:fs';
import { makePictureSizes } from './picture-sizes';
import { pictureSizeFile, type PreparerAnswer, type PreparerJob } from './preparer-messages';

/** The most resident memory this process has held (VmHWM), for the benchmark and the log. */
function peakRssBytes(): number {
  try {
    const kilobytes = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kilobytes === undefined ? 0 : Number(kilobytes) * 1024;
  } catch {
    return 0;
  }
}

function isJob(value: unknown): value is PreparerJob {
  return typeof value === 'object' && value !== null && 'source' in value && typeof value.source === 'string' && 'directory' in value && typeof value.directory === 'string' && 'id' in value && typeof value.id === 'string';
}

function answer(message: PreparerAnswer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (process.send === undefined) {
      reject(new Error('The picture preparer is started by the server (picture-preparer.ts), not by hand.'));
      return;
    }
    process.send(message, undefined, {}, (error) => (error === null ? resolve() : reject(error)));
  });
}

// Without the server there is nobody to answer.
process.on('disconnect', () => process.exit(1));

process.once('message', (job: unknown) => {
  if (!isJob(job)) process.exit(1);
  makePictureSizes(job.source, (width, format) => pictureSizeFile(job.directory, job.id, width, format))
    .then((outcome) => answer({ outcome, peakRssBytes: peakRssBytes() }))
    .then(() => process.exit(0))
    .catch(() => process.exit(1));
});
