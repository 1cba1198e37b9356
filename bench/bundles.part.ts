import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { lazyArea, modulesOf, publicRouteFirstLoad, readManifest, routeFirstLoad, type FirstLoad } from '../tooling/build/bundle-manifest';
import { composition } from './chunk-composition';
import { PUBLIC_ROUTES } from '../tooling/build/public-routes';
import { kilobytes, markdownTable } from './report-format';
import { buildSite, type BuildName } from '../tooling/build/site-build';
import { REPO_ROOT } from '../tooling/repo-root';

export interface BundleRow {
  readonly build: BuildName;
  /** A public route's address, or 'admin area'. */
  readonly area: string;
  readonly jsFiles: number;
  readonly rawBytes: number;
  readonly gzipBytes: number;
  readonly brotliBytes: number;
  readonly cssGzipBytes: number;
}

/** What the home page's first-load JavaScript is made of, largest first (raw characters). */
export interface Composition {
  readonly build: BuildName;
  readonly parts: readonly { owner: string; bytes: number }[];
}

export interface BundlesResult {
  readonly rows: readonly BundleRow[];
  readonly composition: readonly Composition[];
  /** Builds that could not be measured, and why. */
  readonly missing: readonly { build: BuildName; reason: string }[];
}

const ADMIN_SOURCE = /(^|\/)(admin|login)(\/|\.)/;
/** 'node_modules/firebase/auth/dist/esm/index.esm.js' → 'firebase/auth'; '@emailjs/browser/es/...' → '@emailjs/browser'. */
const LIBRARY = /node_modules\/((?:@[^/]+\/)?[^/]+(?:\/(?!dist\/|es\/|lib\/|esm\/)[^/]+(?=\/))?)/;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

function compressedSizes(file: string): Sizes {
  const bytes = fs.readFileSync(file);
  return {
    raw: bytes.byteLength,
    gzip: gzipSync(bytes, { level: 9 }).byteLength,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
    }).byteLength,
  };
}

function measure(outDir: string, build: BuildName, area: string, load: FirstLoad, cache: Map<string, Sizes>): BundleRow {
  const sizeOf = (file: string) => {
    const known = cache.get(file);
    if (known !== undefined) return known;
    const sizes = compressedSizes(path.join(outDir, file));
    cache.set(file, sizes);
    return sizes;
  };
  const js = load.jsFiles.map(sizeOf);
  return {
    build,
    area,
    jsFiles: load.jsFiles.length,
    rawBytes: js.reduce((sum, sizes) => sum + sizes.raw, 0),
    gzipBytes: js.reduce((sum, sizes) => sum + sizes.gzip, 0),
    brotliBytes: js.reduce((sum, sizes) => sum + sizes.brotli, 0),
    cssGzipBytes: load.cssFiles.map(sizeOf).reduce((sum, sizes) => sum + sizes.gzip, 0),
  };
}

/** A hosted build whose first load still runs the self-hosted adapters means the switch is not there yet. */
function hostedBackendMissing(outDir: string): boolean {
  const load = routeFirstLoad(readManifest(outDir));
  return load.jsFiles.flatMap((file) => modulesOf(outDir, file, REPO_ROOT)).some((module) => module.startsWith('adapters/http/'));
}

function firstLoadComposition(outDir: string, build: BuildName, load: FirstLoad): Composition {
  const totals = new Map<string, number>();
  for (const file of load.jsFiles) {
    for (const [owner, bytes] of composition(outDir, file, REPO_ROOT)) totals.set(owner, (totals.get(owner) ?? 0) + bytes);
  }
  const parts = [...totals].map(([owner, bytes]) => ({ owner, bytes })).sort((a, b) => b.bytes - a.bytes);
  return { build, parts };
}

async function measureBuild(build: BuildName, outDir: string): Promise<{ rows: BundleRow[]; composition: Composition }> {
  await buildSite(build, outDir);
  const manifest = readManifest(outDir);
  const cache = new Map<string, Sizes>();
  const rows = PUBLIC_ROUTES.map((route) => measure(outDir, build, route.path, publicRouteFirstLoad(manifest, route), cache));
  rows.push(measure(outDir, build, 'admin area', lazyArea(manifest, (source) => ADMIN_SOURCE.test(source)), cache));
  // Code the app imports only when a feature needs it (the hosted SDKs, the deferred backend): what each costs then.
  for (const key of Object.keys(manifest).filter((candidate) => manifest[candidate]?.isDynamicEntry === true && !ADMIN_SOURCE.test(candidate))) {
    const name = LIBRARY.exec(key)?.[1] ?? key;
    const area = lazyArea(manifest, (source) => source === key);
    // A module both imported and loaded lazily is already in the first load: nothing more to fetch.
    if (area.jsFiles.length > 0) rows.push(measure(outDir, build, `on first use: ${name}`, area, cache));
  }
  return { rows, composition: firstLoadComposition(outDir, build, routeFirstLoad(manifest, PUBLIC_ROUTES[0]?.view)) };
}

export async function runBundles(workDir: string, log: (line: string) => void): Promise<BundlesResult> {
  const rows: BundleRow[] = [];
  const compositions: Composition[] = [];
  const missing: { build: BuildName; reason: string }[] = [];
  for (const build of ['self-hosted', 'hosted'] as const) {
    log(`Building the ${build} site...`);
    const outDir = path.join(workDir, 'builds', build);
    try {
      const measured = await measureBuild(build, outDir);
      if (build === 'hosted' && hostedBackendMissing(outDir)) {
        missing.push({ build, reason: 'VITE_BACKEND=hosted still builds the self-hosted adapters' });
      } else {
        rows.push(...measured.rows);
        compositions.push(measured.composition);
      }
    } catch (error) {
      missing.push({ build, reason: error instanceof Error ? error.message.split('\n')[0] ?? String(error) : String(error) });
    }
  }
  return { rows, composition: compositions, missing };
}

/** Routes of one build that download exactly the same share one line, so differences stand out. */
function collapseSameRoutes(rows: readonly BundleRow[]): BundleRow[] {
  const routes = new Set(PUBLIC_ROUTES.map((route) => route.path));
  const sameAs = (a: BundleRow, b: BundleRow) =>
    a.build === b.build && a.rawBytes === b.rawBytes && a.gzipBytes === b.gzipBytes && a.cssGzipBytes === b.cssGzipBytes && a.jsFiles === b.jsFiles;
  const collapsed: { row: BundleRow; areas: string[] }[] = [];
  for (const row of rows) {
    const group = routes.has(row.area) ? collapsed.find((entry) => routes.has(entry.areas[0] ?? '') && sameAs(entry.row, row)) : undefined;
    if (group === undefined) collapsed.push({ row, areas: [row.area] });
    else group.areas.push(row.area);
  }
  return collapsed.map(({ row, areas }) => ({
    ...row,
    area: areas.length === routes.size ? `every public route (${areas.length})` : areas.join(', '),
  }));
}

export function bundlesTable(result: BundlesResult): string {
  const table = markdownTable(
    ['build', 'first load of', 'JS files', 'JS raw', 'JS gzip', 'JS brotli', 'CSS gzip'],
    collapseSameRoutes(result.rows).map((row) => [
      row.build,
      row.area,
      row.jsFiles,
      kilobytes(row.rawBytes),
      kilobytes(row.gzipBytes),
      kilobytes(row.brotliBytes),
      kilobytes(row.cssGzipBytes),
    ]),
    [false, false, true, true, true, true, true],
  );
  const made = result.composition.map(({ build, parts }) => {
    const total = parts.reduce((sum, part) => sum + part.bytes, 0);
    const largest = parts.slice(0, 6).map((part) => `${part.owner} ${((100 * part.bytes) / total).toFixed(0)}%`);
    return `- ${build} first load of / is made of: ${largest.join(', ')} (share of ${kilobytes(total)} raw).`;
  });
  const notes = result.missing.map((entry) => `- ${entry.build} build: not measured (${entry.reason}).`);
  return [table, '', ...made, ...notes].join('\n');
}
