import fsp from 'node:fs/promises';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { PICTURE_WIDTHS, pictureWidths } from '../../src-core/domain/post-picture';
import { decodeHeic } from './heic-decoder';

// One picture at a time (server/pictures/picture-queue.ts), each in a process of its own
// (server/pictures/picture-sizes.child.ts), on one libvips thread with nothing cached: a small
// machine's memory holds whatever is uploaded.
sharp.concurrency(1);
sharp.cache(false);

/** Larger than any phone's photograph; a bigger picture is refused before it is decoded. */
const MAX_PIXELS = 50_000_000;
/** A HEIC photograph is decoded whole (4 bytes a pixel), so it has a smaller limit: 25 MP is 100 MB. */
const MAX_HEIC_PIXELS = 25_000_000;
/** The most one size of a picture may weigh: the page loads in time on a slow phone. */
const MAX_SIZE_BYTES = 190 * 1024;
/** Tried in turn until a size is light enough: a photograph of fine detail (grain, leaves, gravel) needs the lower ones. */
const QUALITIES = [78, 64, 50, 36, 24, 14, 6] as const;
const READABLE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'heif']);

const PICTURE_REFUSALS = {
  notAPicture: 'This file is not a picture the website can read. Please choose a JPEG, PNG, WebP or HEIC photograph.',
  tooManyPixels: 'This picture is too large for the website to prepare. Please choose a smaller picture, or one taken at a lower resolution.',
  damaged: 'This picture could not be read; it may be damaged. Please choose another picture.',
} as const;

export type PictureSizesOutcome = { readonly ok: true; readonly width: number; readonly height: number } | { readonly ok: false; readonly refusal: string };

async function encode(pipeline: Sharp, format: 'webp' | 'jpg'): Promise<Buffer> {
  let encoded = Buffer.alloc(0);
  for (const quality of QUALITIES) {
    const encoder = format === 'webp' ? pipeline.clone().webp({ quality }) : pipeline.clone().jpeg({ quality, mozjpeg: true });
    encoded = await encoder.toBuffer();
    if (encoded.byteLength <= MAX_SIZE_BYTES) break;
  }
  return encoded;
}

async function writeSynced(file: string, data: Buffer): Promise<void> {
  const handle = await fsp.open(file, 'wx', 0o640);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The picture upright, no wider than the largest size, as pixels. */
async function largestSize(source: string, metadata: Metadata): Promise<{ data: Buffer; info: OutputInfo }> {
  const resize = { width: PICTURE_WIDTHS[2], withoutEnlargement: true } as const;
  // The prebuilt libvips reads a HEIF file's container but not HEVC, the codec phones use.
  if (metadata.format === 'heif' && metadata.compression === 'hevc') {
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_HEIC_PIXELS) throw Object.assign(new Error('too many pixels'), { refusal: PICTURE_REFUSALS.tooManyPixels });
    // HEIF keeps a picture's rotation in the container, and the decoder applies it.
    const decoded = await decodeHeic(source);
    return sharp(decoded.pixels, { raw: { width: decoded.width, height: decoded.height, channels: 4 } }).resize(resize).raw().toBuffer({ resolveWithObject: true });
  }
  // A JPEG is shrunk while it is decoded, so a 12 MP photograph never exists whole in memory.
  return sharp(source, { limitInputPixels: MAX_PIXELS, sequentialRead: true }).autoOrient().resize(resize).raw().toBuffer({ resolveWithObject: true });
}

/**
 * Makes the sizes of the picture in `source` (pictureWidths: never wider than it is), each in
 * WebP and JPEG, at `target(width, format)`. The content decides, never the name: a file that
 * does not decode as JPEG, PNG, WebP or HEIC is refused. What is written keeps no metadata at
 * all (sharp writes none unless asked), so no location, camera or date leaves the server, and
 * the picture is turned upright first, as its orientation tag said.
 */
export async function makePictureSizes(source: string, target: (width: number, format: 'webp' | 'jpg') => string): Promise<PictureSizesOutcome> {
  let metadata: Metadata;
  try {
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, refusal: PICTURE_REFUSALS.notAPicture };
  }
  if (!READABLE_FORMATS.has(metadata.format)) return { ok: false, refusal: PICTURE_REFUSALS.notAPicture };
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PIXELS) return { ok: false, refusal: PICTURE_REFUSALS.tooManyPixels };

  let largest: { data: Buffer; info: OutputInfo };
  try {
    largest = await largestSize(source, metadata);
  } catch (error) {
    const refusal = (error as { refusal?: unknown }).refusal;
    return { ok: false, refusal: typeof refusal === 'string' ? refusal : PICTURE_REFUSALS.damaged };
  }
  const { data, info } = largest;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const width of pictureWidths(info.width)) {
    // Transparency has no place in a JPEG, or on the site's pages: it goes on white.
    const pipeline = sharp(data, { raw }).resize({ width }).flatten({ background: '#ffffff' });
    for (const format of ['webp', 'jpg'] as const) await writeSynced(target(width, format), await encode(pipeline, format));
  }
  return { ok: true, width: info.width, height: info.height };
}
