import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bytes per pixel of an 8-bit PNG by colour type: grey, RGB, palette, grey with alpha, RGBA. */
const BYTES_PER_PIXEL: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * The width and height of a PNG file, after reading it whole as a decoder would: the signature,
 * IHDR first, every chunk's CRC, and image data that inflates to exactly one filtered row per
 * line of the declared size (8-bit, not interlaced, as the build writes them). Throws otherwise.
 */
export function pngSize(bytes: Uint8Array): { readonly width: number; readonly height: number } {
  const buffer = Buffer.from(bytes);
  if (buffer.length < 24 || !buffer.subarray(0, 8).equals(SIGNATURE)) throw new Error('Not a PNG: the signature is missing.');
  const chunks: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < buffer.length; ) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    if (zlib.crc32(buffer.subarray(offset + 4, offset + 8 + length)) !== buffer.readUInt32BE(offset + 8 + length)) {
      throw new Error(`Not a PNG: the ${type} chunk's CRC is wrong.`);
    }
    chunks.push({ type, data });
    offset += 12 + length;
  }
  const header = chunks[0];
  if (header?.type !== 'IHDR' || header.data.length !== 13) throw new Error('Not a PNG: IHDR is not the first chunk.');
  if (chunks.at(-1)?.type !== 'IEND') throw new Error('Not a PNG: it does not end with IEND.');
  const width = header.data.readUInt32BE(0);
  const height = header.data.readUInt32BE(4);
  const bytesPerPixel = BYTES_PER_PIXEL[header.data[9] ?? -1];
  if (header.data[8] !== 8 || header.data[12] !== 0 || bytesPerPixel === undefined) throw new Error('Not an 8-bit, non-interlaced PNG.');
  const pixels = zlib.inflateSync(Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data)));
  if (pixels.length !== height * (1 + width * bytesPerPixel)) throw new Error('Not a PNG: its image data does not fill its size.');
  return { width, height };
}
