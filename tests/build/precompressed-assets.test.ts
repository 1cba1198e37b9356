import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, test } from 'vitest';
import { buildSite } from '../../tooling/build/site-build';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-precompress-test-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

function assetFiles(outDir: string): string[] {
  return fs.readdirSync(path.join(outDir, 'assets')).map((name) => path.join(outDir, 'assets', name));
}

test('the self-hosted build leaves a brotli and a gzip copy beside each script and stylesheet, holding the same bytes', async () => {
  const outDir = path.join(workDir, 'self-hosted');
  await buildSite('self-hosted', outDir);
  const files = assetFiles(outDir);
  const scriptsAndStyles = files.filter((file) => /\.(js|css)$/.test(file) && fs.statSync(file).size >= 1024);

  expect(scriptsAndStyles.length).toBeGreaterThan(0);
  for (const file of scriptsAndStyles) {
    const original = fs.readFileSync(file);
    expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)), file).toEqual(original);
    expect(gunzipSync(fs.readFileSync(`${file}.gz`)), file).toEqual(original);
  }
  // Source maps are for developer tools only: not worth seconds of every build.
  expect(files.filter((file) => file.endsWith('.map.br') || file.endsWith('.map.gz'))).toEqual([]);
});

test('the hosted build has no compressed copies: its static host compresses by itself', async () => {
  const outDir = path.join(workDir, 'hosted');
  await buildSite('hosted', outDir);

  expect(assetFiles(outDir).filter((file) => file.endsWith('.br') || file.endsWith('.gz'))).toEqual([]);
});
