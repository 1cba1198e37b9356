/**
 * How much of a built file each package (or our own code) makes up, read from the source map:
 * every mapped span of generated code counts towards the source it came from.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isBundlerRuntime } from '../tooling/build/bundle-manifest';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one source-map segment (Base64 VLQ) into its numbers. */
export function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const character of segment) {
    const digit = BASE64.indexOf(character);
    if (digit < 0) throw new Error(`Not a Base64 VLQ digit: ${character}`);
    value += (digit & 31) << shift;
    if ((digit & 32) !== 0) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** 'node_modules/@scope/name/...' → '@scope/name'; our own code by its top folder. */
export function ownerOf(module: string): string {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (match?.[1] !== undefined) return match[1];
  return `(our ${module.split('/')[0] ?? module})`;
}

const mapSchema = z.object({ sources: z.array(z.string()), mappings: z.string(), sourceRoot: z.string().optional() });

/** Generated characters per owner for one built file. */
export function composition(outDir: string, file: string, root: string): Map<string, number> {
  const text = fs.readFileSync(path.join(outDir, file), 'utf8');
  const mapFile = path.join(outDir, `${file}.map`);
  if (!fs.existsSync(mapFile) && isBundlerRuntime(file)) return new Map([['(bundler runtime)', text.length]]);
  const code = text.split('\n');
  const map = mapSchema.parse(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
  const base = path.resolve(path.dirname(mapFile), map.sourceRoot ?? '');
  const owners = map.sources.map((source) => ownerOf(path.relative(root, path.resolve(base, source)).split(path.sep).join('/')));
  const totals = new Map<string, number>();
  let sourceIndex = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const lineLength = code[lineIndex]?.length ?? 0;
    let column = 0;
    const spans: { start: number; source: number | undefined }[] = [];
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      if (sourceDelta !== undefined) sourceIndex += sourceDelta;
      spans.push({ start: column, source: sourceDelta === undefined ? undefined : sourceIndex });
    }
    spans.forEach((span, index) => {
      const end = spans[index + 1]?.start ?? lineLength;
      const owner = span.source === undefined ? '(unmapped)' : (owners[span.source] ?? '(unmapped)');
      totals.set(owner, (totals.get(owner) ?? 0) + Math.max(0, end - span.start));
    });
  });
  return totals;
}
