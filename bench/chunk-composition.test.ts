import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { composition, decodeSegment, ownerOf } from './chunk-composition';

test('source-map segments decode to their signed numbers', () => {
  expect(decodeSegment('AAAA')).toEqual([0, 0, 0, 0]);
  expect(decodeSegment('SAAQ')).toEqual([9, 0, 0, 8]);
  expect(decodeSegment('D')).toEqual([-1]);
  expect(decodeSegment('gB')).toEqual([16]);
});

test('modules are grouped by package, scoped packages whole, our code by folder', () => {
  expect(ownerOf('node_modules/react-dom/cjs/react-dom.production.js')).toBe('react-dom');
  expect(ownerOf('node_modules/@firebase/app/dist/index.esm.js')).toBe('@firebase/app');
  expect(ownerOf('src/app/main.tsx')).toBe('(our src)');
});

test('each generated span counts towards the source it was mapped from', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-composition-'));
  // Line 1: columns 0-9 from source 0, columns 10-14 from source 1.
  fs.writeFileSync(path.join(outDir, 'a.js'), 'aaaaaaaaaabbbbb');
  const sources = ['node_modules/zod/index.js', 'src/app/main.tsx'];
  fs.writeFileSync(path.join(outDir, 'a.js.map'), JSON.stringify({ version: 3, sources, mappings: 'AAAA,UCAA' }));

  const totals = composition(outDir, 'a.js', outDir);

  expect(Object.fromEntries(totals)).toEqual({ zod: 10, '(our src)': 5 });
  fs.rmSync(outDir, { recursive: true, force: true });
});
