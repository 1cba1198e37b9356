const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The width and height a PNG file declares in its first chunk (IHDR, which the format requires
 * right after the signature); throws for anything that is not a PNG.
 */
export function pngSize(bytes: Uint8Array): { readonly width: number; readonly height: number } {
  const buffer = Buffer.from(bytes);
  if (buffer.length < 24 || !buffer.subarray(0, 8).equals(SIGNATURE)) throw new Error('Not a PNG: the signature is missing.');
  if (buffer.readUInt32BE(8) !== 13 || buffer.toString('latin1', 12, 16) !== 'IHDR') throw new Error('Not a PNG: IHDR is not the first chunk.');
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}
