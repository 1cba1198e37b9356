/**
 * Decodes one HEIC photograph (a phone's own format) into pixels, in a thread of its own started
 * by server/pictures/heic-decoder.ts. sharp's prebuilt libvips reads the HEIF container but not its
 * HEVC pictures, so heic-decode (libheif compiled to WebAssembly) does this part. WebAssembly
 * memory only grows while a module lives: the thread ends after each picture, which gives all of
 * it back, so one photograph does not raise the server's memory for good.
 *
 * It imports only Node's modules and heic-decode: Node runs this file as it is from TypeScript
 * under the tests, and the build compiles it to heic.worker.js beside the server.
 */
import fs from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

const { file } = workerData as { file: string };
const decoded = await decode({ buffer: await fs.readFile(file) });
const pixels = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
parentPort?.postMessage({ width: decoded.width, height: decoded.height, pixels }, [decoded.data.buffer as ArrayBuffer]);
