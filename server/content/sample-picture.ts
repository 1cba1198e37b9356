import { deflateSync } from 'node:zlib';

const WIDTH = 1600;
const HEIGHT = 1000;

/** What the sample picture shows, as its description says: plainly a drawing, not a photograph of anyone. */
export const SAMPLE_PICTURE_ALT = 'A sample drawing made by the website: a yellow sun over green hills under a blue sky';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.byteLength, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The colour of one pixel: sky fading to pale at the horizon, a sun, and two rolling hills. */
function pixel(x: number, y: number): [number, number, number] {
  const far = HEIGHT * 0.62 + Math.sin(x / 210) * 50;
  const near = HEIGHT * 0.78 + Math.sin(x / 130 + 2) * 40;
  if (y > near) return [58, 112, 52];
  if (y > far) return [96, 150, 78];
  if ((x - 1180) ** 2 + (y - 240) ** 2 < 110 ** 2) return [255, 214, 80];
  const t = y / far;
  return [Math.round(120 + 110 * t), Math.round(180 + 50 * t), Math.round(235 - 10 * t)];
}

/**
 * A synthetic picture for the sample content, drawn here pixel by pixel and saved as a PNG with
 * Node's own zlib: no image library is loaded in the server for it (the picture preparer then
 * makes its sizes, as for any upload). A fraction of a second and a few MB, once, on a brand-new site.
 */
export function samplePicturePng(): Buffer {
  const rows = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y += 1) {
    const start = y * (WIDTH * 3 + 1);
    for (let x = 0; x < WIDTH; x += 1) {
      const [r, g, b] = pixel(x, y);
      rows[start + 1 + x * 3] = r;
      rows[start + 2 + x * 3] = g;
      rows[start + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
