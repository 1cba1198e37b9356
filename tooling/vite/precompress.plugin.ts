import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * What the browser downloads as text. Source maps are left out: only developer tools fetch
 * them, and brotli's best quality on a 2 MB map would add seconds to every build.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost (the compression plugin's threshold too). */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function writeSmaller(target: string, original: Buffer, compressed: Buffer): Promise<void> {
  if (compressed.byteLength < original.byteLength) await fsp.writeFile(target, compressed);
}

/** Writes `file.br` and `file.gz` beside `file`, at the best quality: this runs once per build, not per request. */
async function precompressFile(file: string): Promise<void> {
  const original = await fsp.readFile(file);
  if (original.byteLength < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.byteLength,
      },
    }),
    gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeSmaller(`${file}.br`, original, br), writeSmaller(`${file}.gz`, original, gz)]);
}

/**
 * The browser build of the self-hosted site leaves a brotli and a gzip copy beside each script,
 * stylesheet and other text file it writes, which the server sends as they are
 * (server/routes/site.routes.ts) instead of compressing the same bytes on every request.
 * The hosted build has none: its static host compresses by itself. The server's own bundle
 * (`--ssr`) is never sent to a browser.
 */
export function precompressPlugin(): Plugin {
  const state = { skip: true };
  return {
    name: 'rnai-precompress',
    apply: 'build',
    configResolved(config) {
      state.skip = Boolean(config.build.ssr) || config.env.VITE_BACKEND === 'hosted';
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (state.skip || outDir === undefined) return;
      // Vite's own manifest lives under .vite/, which the server never sends.
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name) && !name.startsWith('.'));
      await Promise.all(files.map((name) => precompressFile(path.join(outDir, name))));
    },
  };
}
