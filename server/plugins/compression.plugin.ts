import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import { preferredEncoding } from '../http/accept-encoding';
import { COMPRESS_FROM_BYTES, PAGE_ENCODINGS, compressedOnce, type PageEncoding } from '../render/compressed-forms';

/** Text that shrinks well; PDFs, Word documents and pictures are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|atom\+xml|rss\+xml|manifest\+json)|image\/svg\+xml)/i;

// For a stream (a static file the build left no compressed copy of): the same fast setting as
// a fresh page, and a window no larger than such a file needs instead of brotli's 4 MB.
const STREAM_COMPRESSORS: Readonly<Record<PageEncoding, () => zlib.BrotliCompress | zlib.Gzip>> = {
  br: () =>
    zlib.createBrotliCompress({
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
    }),
  gzip: () => zlib.createGzip({ level: 6 }),
};

function isStream(payload: unknown): payload is NodeJS.ReadableStream {
  return typeof payload === 'object' && payload !== null && typeof (payload as { pipe?: unknown }).pipe === 'function';
}

/**
 * Compresses what the routes left plain: admin and search responses, feeds, static files without
 * a compressed copy. Cached pages and API responses, and the build's scripts, arrive compressed
 * already (they name their content-encoding) and pass untouched, so on the busiest responses this
 * is two header lookups. A fresh response is compressed whole, at a fast setting, off the main
 * thread.
 */
export const compressionPlugin = fp(
  (app, _options, done) => {
    app.addHook('onSend', (request, reply, payload, next) => {
      if (payload === null || payload === undefined || reply.hasHeader('content-encoding') || request.method === 'HEAD') return next(null, payload);
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !COMPRESSIBLE.test(type) || reply.statusCode === 204 || reply.statusCode === 304) return next(null, payload);
      const whole = typeof payload === 'string' || Buffer.isBuffer(payload);
      if (whole && Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return next(null, payload);
      if (!whole && !isStream(payload)) return next(null, payload);

      // Whether or not this client takes compression, the response depends on what it asked.
      const vary = reply.getHeader('vary');
      if (typeof vary !== 'string' || !/\baccept-encoding\b/i.test(vary)) {
        void reply.header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, accept-encoding` : 'accept-encoding');
      }
      const encoding = preferredEncoding(request.headers['accept-encoding'], PAGE_ENCODINGS);
      if (encoding === undefined) return next(null, payload);
      void reply.header('content-encoding', encoding).removeHeader('content-length');

      if (whole) {
        compressedOnce(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding).then(
          (compressed) => next(null, compressed),
          (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
        );
        return undefined;
      }
      const compressor = STREAM_COMPRESSORS[encoding]();
      // A failure on either side ends both. A client that went away is logged at info
      // (server/http/client-disconnect-log.ts); anything else is an error worth seeing.
      pipeline(payload, compressor, (error) => {
        if (error) reply.log.error({ err: error }, 'A streamed response could not be compressed');
      });
      return next(null, compressor);
    });
    done();
  },
  { name: 'compression' },
);
