import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { API_PATHS, pictureStateSchema, picturePath } from '../contract/wire';
import { peakMemoryDuring } from './process-memory';
import { startRealServer } from './real-server';
import { markdownTable, megabytes, seconds } from './report-format';
import { benchAdministrator, signIn } from './sign-in';

export interface PicturesResult {
  readonly width: number;
  readonly height: number;
  readonly sizeBytes: number;
  /** From the upload's first byte to the picture's state saying 'ready': every size in WebP and JPEG, written and synced. */
  readonly wallMs: number;
  /** The server's resident memory before the upload, and the most it held until the picture was ready. */
  readonly serverRssBeforeBytes: number;
  readonly serverRssPeakBytes: number;
  /** The most resident memory the preparer's process held (its VmHWM, read while it ran). */
  readonly preparerRssPeakBytes: number;
  readonly sizes: readonly { readonly name: string; readonly bytes: number }[];
}

/** A phone's 12-megapixel photograph: light, shade and fine grain, as a JPEG at a phone's quality. */
async function writePhotograph(file: string): Promise<void> {
  const width = 4032;
  const height = 3024;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      '<stop offset="0" stop-color="#8ec5e8"/><stop offset="0.55" stop-color="#f3e3c0"/><stop offset="1" stop-color="#3f6b35"/></linearGradient></defs>' +
      `<rect width="${width}" height="${height}" fill="url(#g)"/></svg>`,
  );
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } } }).png().toBuffer();
  await sharp(gradient)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 20/1 36/1', GPSLongitudeRef: 'W', GPSLongitude: '6/1 15/1 0/1' } })
    .toFile(file);
}

/** The most resident memory a process has held (its VmHWM), or undefined once it has ended. */
function peakRssOf(pid: number): number | undefined {
  try {
    const kilobytes = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
  } catch {
    return undefined;
  }
}

/** The server's child processes now (Linux's /proc): the picture preparer while it runs. */
function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Reads the peak memory of the server's children every few milliseconds while `work` runs. */
async function childrenPeakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peakBytes: number }> {
  let peakBytes = 0;
  const look = () => {
    for (const child of childrenOf(pid)) peakBytes = Math.max(peakBytes, peakRssOf(child) ?? 0);
  };
  const timer = setInterval(look, 5);
  try {
    return { value: await work(), peakBytes };
  } finally {
    clearInterval(timer);
  }
}

async function uploadAndWait(origin: string, cookie: string, file: string): Promise<string> {
  const response = await fetch(origin + API_PATHS.pictures, { method: 'POST', headers: { cookie, origin, 'content-type': 'image/jpeg' }, body: fs.readFileSync(file) });
  if (response.status !== 201 && response.status !== 202) throw new Error(`Uploading the photograph responded with ${response.status}: ${await response.text()}`);
  let state = pictureStateSchema.parse(await response.json());
  while (state.state === 'preparing') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    state = pictureStateSchema.parse(await (await fetch(origin + picturePath(state.id), { headers: { cookie } })).json());
  }
  if (state.state === 'refused') throw new Error(`The photograph was refused: ${state.refusal}`);
  return state.id;
}

/**
 * One picture uploaded to the real server (as `npm start` runs it) and prepared as it prepares
 * each upload (server/pictures/picture-preparer.ts: a process of its own, one libvips thread, no
 * cache): the time until it is ready, how far the server's resident memory rose, and the most
 * the preparer's process held (native memory included, where libvips works).
 */
export async function runPictures(workDir: string, log: (line: string) => void): Promise<PicturesResult> {
  const dir = path.join(workDir, 'pictures');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'photograph.jpg');
  log('Pictures: making a 12-megapixel photograph, then uploading it to the server...');
  await writePhotograph(file);
  const administrator = benchAdministrator();
  const server = await startRealServer({ workDir, maxUploadMb: 50, administrator, log });
  try {
    const cookie = await signIn(server.origin, administrator);
    const started = performance.now();
    const measured = await peakMemoryDuring(server.pid, () => childrenPeakDuring(server.pid, () => uploadAndWait(server.origin, cookie, file)));
    const wallMs = performance.now() - started;
    const id = measured.value.value;
    const pictures = path.join(server.dataDir, 'files', 'pictures');
    const sizes = fs
      .readdirSync(pictures)
      .filter((name) => name.startsWith(`${id}-`))
      .sort()
      .map((name) => ({ name: name.slice(id.length + 1), bytes: fs.statSync(path.join(pictures, name)).size }));
    return {
      width: 4032,
      height: 3024,
      sizeBytes: fs.statSync(file).size,
      wallMs,
      serverRssBeforeBytes: measured.beforeBytes,
      serverRssPeakBytes: measured.peakBytes,
      preparerRssPeakBytes: measured.value.peakBytes,
      sizes,
    };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function picturesTable(result: PicturesResult): string {
  const table = markdownTable(
    ['photograph', 'file', 'time to ready', 'server RSS before', 'server RSS peak', 'server growth', 'preparer peak RSS'],
    [
      [
        `${result.width} × ${result.height} JPEG`,
        megabytes(result.sizeBytes),
        seconds(result.wallMs),
        megabytes(result.serverRssBeforeBytes),
        megabytes(result.serverRssPeakBytes),
        megabytes(result.serverRssPeakBytes - result.serverRssBeforeBytes),
        megabytes(result.preparerRssPeakBytes),
      ],
    ],
    [false, true, true, true, true, true, true],
  );
  const made = result.sizes.map((size) => `${size.name} ${Math.round(size.bytes / 1024)} KB`).join(', ');
  return `${table}\n\nSizes made: ${made}.`;
}
