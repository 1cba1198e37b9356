import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BundlesResult } from './bundles.part';
import type { CapacityResult } from './capacity.part';
import type { LoadResult } from './load.part';
import type { MemoryResult } from './memory.part';
import type { PagesResult } from './pages.part';
import type { PdfResult } from './pdf.part';
import { PUBLIC_ROUTES } from '../tooling/build/public-routes';
import type { machineSummary } from './real-server';
import { REPO_ROOT } from '../tooling/repo-root';
import type { UploadResult } from './upload.part';
import type { SearchResult } from './search.part';
import type { MailResult } from './mail.part';
import type { MembersResult } from './members.part';
import type { PicturesResult } from './pictures.part';

export const PART_NAMES = ['pages', 'bundles', 'memory', 'load', 'upload', 'capacity', 'pdf', 'search', 'mail', 'members', 'pictures'] as const;
export type PartName = (typeof PART_NAMES)[number];

export interface PartResults {
  pages?: PagesResult;
  bundles?: BundlesResult;
  memory?: MemoryResult;
  load?: LoadResult;
  upload?: UploadResult;
  capacity?: CapacityResult;
  pdf?: PdfResult;
  search?: SearchResult;
  mail?: MailResult;
  members?: MembersResult;
  pictures?: PicturesResult;
}

/** When and on what each part was measured, so a merged latest.json stays honest. */
export interface PartMeta {
  readonly measuredAt: string;
  readonly commit: string;
  readonly dirty: boolean;
  readonly seconds: number;
  /** The machine's 1-minute load average when the part started and ended: above its core count, others were busy too. */
  readonly loadAverage: readonly [number, number];
}

export interface BenchFile {
  readonly format: 'rnai-bench/1';
  readonly label: string | undefined;
  readonly machine: ReturnType<typeof machineSummary>;
  readonly meta: Partial<Record<PartName, PartMeta>>;
  readonly parts: PartResults;
}

export const RESULTS_DIR = path.join(REPO_ROOT, 'bench-results');
export const LATEST_FILE = path.join(RESULTS_DIR, 'latest.json');

export function gitState(): { commit: string; dirty: boolean } {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: REPO_ROOT, encoding: 'utf8' });
    return { commit, dirty: status.trim() !== '' };
  } catch {
    return { commit: 'unknown', dirty: true };
  }
}

function isBenchFile(value: unknown): value is BenchFile {
  return typeof value === 'object' && value !== null && 'format' in value && value.format === 'rnai-bench/1' && 'parts' in value;
}

export function readBenchFile(file: string): BenchFile {
  const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isBenchFile(value)) throw new Error(`${file} is not a benchmark result (format rnai-bench/1).`);
  return value;
}

/** A run of some routes (--routes) updates those routes and keeps the others' latest figures. */
function mergedPages(previous: PagesResult | undefined, now: PagesResult | undefined): { pages?: PagesResult } {
  if (now === undefined) return {};
  if (previous === undefined) return { pages: now };
  const updated = new Set(now.rows.map((row) => row.route));
  const kept = previous.rows.filter((row) => !updated.has(row.route));
  const order = PUBLIC_ROUTES.map((route) => route.path);
  const rows = [...kept, ...now.rows].sort((a, b) => order.indexOf(a.route) - order.indexOf(b.route));
  return { pages: { ...now, rows } };
}

/**
 * Writes this run to bench-results/<time>.json (and <label>.json when labelled), and merges its
 * parts into latest.json, which keeps the newest figures of every part.
 */
export function saveRun(run: BenchFile, startedAt: Date): string[] {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const written = [path.join(RESULTS_DIR, `${stamp}.json`)];
  if (run.label !== undefined) written.push(path.join(RESULTS_DIR, `${run.label.replace(/[^\w.-]/g, '_')}.json`));
  for (const file of written) fs.writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  const previous = fs.existsSync(LATEST_FILE) ? readBenchFile(LATEST_FILE) : undefined;
  const merged: BenchFile = {
    ...run,
    meta: { ...previous?.meta, ...run.meta },
    parts: { ...previous?.parts, ...run.parts, ...mergedPages(previous?.parts.pages, run.parts.pages) },
  };
  fs.writeFileSync(LATEST_FILE, `${JSON.stringify(merged, null, 2)}\n`);
  written.push(LATEST_FILE);
  return written;
}
