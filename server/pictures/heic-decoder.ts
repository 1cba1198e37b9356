import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface DecodedPixels {
  readonly width: number;
  readonly height: number;
  /** Red, green, blue and alpha for every pixel, row by row. */
  readonly pixels: Buffer;
}

/** The worker's module: heic.worker.ts beside this file, or .js once the server is compiled. */
function workerModule(): string {
  const here = fileURLToPath(import.meta.url);
  const modulePath = path.join(path.dirname(here), `heic.worker${path.extname(here)}`);
  if (!fs.existsSync(modulePath)) throw new Error(`The HEIC worker's module is missing: ${modulePath}`);
  return modulePath;
}

/** Decodes the HEIC photograph in `file` in a thread that ends with it (server/pictures/heic.worker.ts). */
export function decodeHeic(file: string): Promise<DecodedPixels> {
  return new Promise((resolve, reject) => {
    // The JavaScript heap is small; the pixels live in WebAssembly memory, which ends with the thread.
    const worker = new Worker(workerModule(), { workerData: { file }, resourceLimits: { maxOldGenerationSizeMb: 32 } });
    let result: DecodedPixels | undefined;
    worker.once('message', (message: { width: number; height: number; pixels: Uint8Array }) => {
      result = { width: message.width, height: message.height, pixels: Buffer.from(message.pixels.buffer, message.pixels.byteOffset, message.pixels.byteLength) };
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result !== undefined) resolve(result);
      else reject(new Error(`The HEIC decoder stopped (code ${code}) without a picture.`));
    });
  });
}
