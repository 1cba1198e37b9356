import fs from 'node:fs/promises';
import decode from 'heic-decode';

export interface DecodedPixels {
  readonly width: number;
  readonly height: number;
  /** Red, green, blue and alpha for every pixel, row by row. */
  readonly pixels: Buffer;
}

/**
 * Decodes the HEIC photograph in `file` into pixels. sharp's prebuilt libvips reads the HEIF
 * container but not its HEVC pictures, so heic-decode (libheif compiled to WebAssembly) does this
 * part. WebAssembly memory only grows while a module lives: this runs only in the picture
 * preparer's process (server/pictures/picture-sizes.child.ts), which ends after each picture and
 * gives all of it back.
 */
export async function decodeHeic(file: string): Promise<DecodedPixels> {
  const decoded = await decode({ buffer: await fs.readFile(file) });
  return { width: decoded.width, height: decoded.height, pixels: Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength) };
}
