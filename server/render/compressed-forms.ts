import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The encodings a cached page is sent in, besides its plain bytes; browsers all take one of them. */
export const PAGE_ENCODINGS = ['br', 'gzip'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/** Smaller responses go out as they are: compressing saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/** A page's compressed bytes in one encoding, made the first time they are asked for. */
export type CompressedForms = (encoding: PageEncoding) => Promise<Buffer>;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Compressed once per page and content change (then cached), not per request, so the smallest output is worth
// the time: brotli's best quality takes about 30 ms for a 20 KB page, off the main thread.
const COMPRESS: Readonly<Record<PageEncoding, (body: Buffer) => Promise<Buffer>>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
  gzip: (body) => gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

export function compressedForms(body: Buffer): CompressedForms {
  const forms = new Map<PageEncoding, Promise<Buffer>>();
  return (encoding) => {
    let form = forms.get(encoding);
    if (form === undefined) {
      form = COMPRESS[encoding](body);
      forms.set(encoding, form);
      // A failure is not cached: the next request tries again.
      form.catch(() => forms.delete(encoding));
    }
    return form;
  };
}

// A response made for one request (a contact page with its own key, a search, a page not found)
// is compressed for that request alone, so a fast setting: brotli 5 is within a tenth of the
// best size of a 30 KB page at a fiftieth of the time (about 0.5 ms). Compressed whole, not as
// a stream: the encoder is sized to the page instead of brotli's default 4 MB window, which many
// responses at once turned into tens of megabytes the process kept.
const COMPRESS_ONCE: Readonly<Record<PageEncoding, (body: Buffer) => Promise<Buffer>>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
  gzip: (body) => gzip(body, { level: 6 }),
};

/** `body` compressed in `encoding` for one response. */
export function compressedOnce(body: Buffer, encoding: PageEncoding): Promise<Buffer> {
  return COMPRESS_ONCE[encoding](body);
}
