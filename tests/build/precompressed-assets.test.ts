import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, inject, test } from 'vitest';

function assetFiles(outDir: string): string[] {
  return fs.readdirSync(path.join(outDir, 'assets')).map((name) => path.join(outDir, 'assets', name));
}

test('the self-hosted build leaves a brotli and a gzip copy beside each script and stylesheet, holding the same bytes', () => {
  const outDir = path.join(inject('builtSiteDir'), 'client');
  const files = assetFiles(outDir);
  const scriptsAndStyles = files.filter((file) => /\.(js|css)$/.test(file) && fs.statSync(file).size >= 1024);

  expect(scriptsAndStyles.length).toBeGreaterThan(0);
  for (const file of scriptsAndStyles) {
    const original = fs.readFileSync(file);
    // Buffer.equals, not toEqual: a deep comparison walks a 300 kB script byte by byte for seconds.
    expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(original), `${file}.br holds other bytes`).toBe(true);
    expect(gunzipSync(fs.readFileSync(`${file}.gz`)).equals(original), `${file}.gz holds other bytes`).toBe(true);
  }
  // Source maps are for developer tools only: not worth seconds of every build.
  expect(files.filter((file) => file.endsWith('.map.br') || file.endsWith('.map.gz'))).toEqual([]);
});

test('the hosted build has no compressed copies: its static host compresses by itself', () => {
  const outDir = inject('builtHostedDir');

  expect(assetFiles(outDir).filter((file) => file.endsWith('.br') || file.endsWith('.gz'))).toEqual([]);
});
