import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { REPO_ROOT } from '../tooling/repo-root';
import { markdownTable, megabytes, seconds } from './report-format';

export interface PicturesResult {
  readonly width: number;
  readonly height: number;
  readonly sizeBytes: number;
  /** makePictureSizes from start to end: every size in WebP and JPEG, written and synced. */
  readonly wallMs: number;
  readonly rssBeforeBytes: number;
  readonly rssPeakBytes: number;
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

/**
 * One picture prepared as the server prepares each upload (server/pictures/picture-sizes.ts, on
 * one libvips thread with no cache), in a fresh process (bench/picture-probe.ts): its time, and
 * how far that process's resident memory rose (native memory included, where libvips works).
 */
export async function runPictures(workDir: string, log: (line: string) => void): Promise<PicturesResult> {
  const dir = path.join(workDir, 'pictures');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'photograph.jpg');
  log('Pictures: making a 12-megapixel photograph, then preparing its sizes as the server does...');
  await writePhotograph(file);
  try {
    // As `npm start` runs the server: two malloc arenas, not one per thread.
    const { stdout } = await promisify(execFile)(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPO_ROOT, 'bench', 'picture-probe.ts'), file, dir], { env: { ...process.env, MALLOC_ARENA_MAX: '2' } });
    const measured = JSON.parse(stdout) as { wallMs: number; rssBeforeBytes: number; rssPeakBytes: number };
    const sizes = fs
      .readdirSync(dir)
      .filter((name) => name.startsWith('made-'))
      .sort()
      .map((name) => ({ name: name.slice('made-'.length), bytes: fs.statSync(path.join(dir, name)).size }));
    return { width: 4032, height: 3024, sizeBytes: fs.statSync(file).size, wallMs: measured.wallMs, rssBeforeBytes: measured.rssBeforeBytes, rssPeakBytes: measured.rssPeakBytes, sizes };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function picturesTable(result: PicturesResult): string {
  const table = markdownTable(
    ['photograph', 'file', 'time to prepare', 'RSS before', 'peak growth'],
    [[`${result.width} × ${result.height} JPEG`, megabytes(result.sizeBytes), seconds(result.wallMs), megabytes(result.rssBeforeBytes), megabytes(result.rssPeakBytes - result.rssBeforeBytes)]],
    [false, true, true, true, true],
  );
  const made = result.sizes.map((size) => `${size.name} ${Math.round(size.bytes / 1024)} KB`).join(', ');
  return `${table}\n\nSizes made: ${made}.`;
}
