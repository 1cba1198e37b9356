import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { z } from 'zod';
import { PUBLIC_ROUTES, routeAddress, sampleRouteIds } from '../tooling/build/public-routes';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/debian-chromium';
import { kilobytes, markdownTable, median, milliseconds } from './report-format';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface PageRun {
  readonly scores: Readonly<Record<Category, number>>;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly totalBytes: number;
  readonly scriptBytes: number;
}

/** What the median run says about where the time goes and what falls short. */
export interface PageDiagnosis {
  readonly lcpElement: string | undefined;
  /** LCP broken into its phases (TTFB, load delay, load time, render delay), in ms. */
  readonly lcpPhases: Readonly<Record<string, number>>;
  readonly renderBlocking: readonly { url: string; wastedMs: number }[];
  readonly opportunities: readonly { id: string; savingsMs: number }[];
  /** Audits below full marks in a category that counts them, by category. */
  readonly failing: readonly { category: Category; id: string; title: string }[];
  readonly requests: number;
  /** The element that moved most, with its share of CLS. */
  readonly layoutShift: { element: string; score: number } | undefined;
  /** The script that kept the main thread busiest, in ms of (throttled) CPU. */
  readonly busiestScript: { url: string; ms: number } | undefined;
}

export interface PageRow {
  readonly route: string;
  readonly url: string;
  readonly runs: readonly PageRun[];
  readonly median: PageRun;
  readonly diagnosis: PageDiagnosis;
}

export interface PagesResult {
  readonly lighthouseVersion: string;
  readonly runsPerRoute: number;
  readonly rows: readonly PageRow[];
}

const auditSchema = z.object({
  id: z.string(),
  title: z.string(),
  score: z.number().nullable(),
  numericValue: z.number().optional(),
  details: z.unknown().optional(),
});
type Audit = z.infer<typeof auditSchema>;

const lhrSchema = z.object({
  lighthouseVersion: z.string(),
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
  categories: z.record(z.string(), z.object({ score: z.number().nullable(), auditRefs: z.array(z.object({ id: z.string(), weight: z.number() })) })),
  audits: z.record(z.string(), auditSchema),
});
type Lhr = z.infer<typeof lhrSchema>;

const itemsSchema = z.object({ items: z.array(z.record(z.string(), z.unknown())) });

function items(audit: Audit | undefined): Record<string, unknown>[] {
  const parsed = itemsSchema.safeParse(audit?.details);
  return parsed.success ? parsed.data.items : [];
}

function numeric(lhr: Lhr, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

function toRun(lhr: Lhr): PageRun {
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])) as Record<Category, number>;
  const scriptBytes = items(lhr.audits['network-requests'])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0), 0);
  return {
    scores,
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    totalBytes: numeric(lhr, 'total-byte-weight'),
    scriptBytes,
  };
}

const lcpElementSchema = z.object({
  items: z.array(z.object({ type: z.string().optional(), items: z.array(z.record(z.string(), z.unknown())).optional() })),
});

function diagnose(lhr: Lhr): PageDiagnosis {
  const lcpTables = lcpElementSchema.safeParse(lhr.audits['largest-contentful-paint-element']?.details);
  const tables = lcpTables.success ? lcpTables.data.items : [];
  const node = z.object({ node: z.object({ snippet: z.string().optional(), selector: z.string().optional() }) }).safeParse(tables[0]?.items?.[0]);
  const lcpPhases = Object.fromEntries(
    (tables[1]?.items ?? []).flatMap((phase) =>
      typeof phase.phase === 'string' && typeof phase.timing === 'number' ? [[phase.phase, Math.round(phase.timing)]] : [],
    ),
  );
  const failing = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .flatMap((ref) => {
        const audit = lhr.audits[ref.id];
        return audit !== undefined && audit.score !== null && audit.score < 1 ? [{ category, id: audit.id, title: audit.title }] : [];
      }),
  );
  const opportunities = Object.values(lhr.audits).flatMap((audit) => {
    const details = z.object({ type: z.literal('opportunity'), overallSavingsMs: z.number() }).safeParse(audit.details);
    return details.success && details.data.overallSavingsMs > 0 ? [{ id: audit.id, savingsMs: Math.round(details.data.overallSavingsMs) }] : [];
  });
  const shift = z
    .object({ node: z.object({ snippet: z.string() }), score: z.number() })
    .safeParse(items(lhr.audits['layout-shifts']).sort((a, b) => Number(b.score ?? 0) - Number(a.score ?? 0))[0]);
  const busiest = z.object({ url: z.string(), total: z.number() }).safeParse(items(lhr.audits['bootup-time'])[0]);
  return {
    layoutShift: shift.success ? { element: shift.data.node.snippet, score: Math.round(shift.data.score * 1000) / 1000 } : undefined,
    busiestScript: busiest.success ? { url: busiest.data.url, ms: Math.round(busiest.data.total) } : undefined,
    lcpElement: node.success ? (node.data.node.snippet ?? node.data.node.selector) : undefined,
    lcpPhases,
    renderBlocking: items(lhr.audits['render-blocking-resources']).map((item) => ({
      url: String(item.url),
      wastedMs: typeof item.wastedMs === 'number' ? Math.round(item.wastedMs) : 0,
    })),
    opportunities: opportunities.sort((a, b) => b.savingsMs - a.savingsMs),
    failing,
    requests: items(lhr.audits['network-requests']).length,
  };
}

function medianRun(runs: readonly PageRun[]): PageRun {
  const pick = (figure: (run: PageRun) => number) => median(runs.map(figure));
  return {
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, pick((run) => run.scores[category])])) as Record<Category, number>,
    fcpMs: pick((run) => run.fcpMs),
    lcpMs: pick((run) => run.lcpMs),
    tbtMs: pick((run) => run.tbtMs),
    cls: pick((run) => run.cls),
    totalBytes: pick((run) => run.totalBytes),
    scriptBytes: pick((run) => run.scriptBytes),
  };
}

/** The run nearest the middle (performance, then LCP): its details explain the median figures. */
function middleIndex(runs: readonly PageRun[]): number {
  const order = runs
    .map((run, index) => ({ run, index }))
    .sort((a, b) => a.run.scores.performance - b.run.scores.performance || a.run.lcpMs - b.run.lcpMs);
  return order[Math.floor(order.length / 2)]?.index ?? 0;
}

const ATTEMPTS = 3;

/** One Lighthouse run; a failed trace (NO_NAVSTART and the like, seen on a busy machine) is tried again. */
async function lighthouseRun(url: string, port: number, log: (line: string) => void): Promise<Lhr> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    const lhr = lhrSchema.parse(result?.lhr);
    if (lhr.runtimeError === undefined) return lhr;
    const problem = `Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt >= ATTEMPTS) throw new Error(problem);
    log(`${problem} Trying again (${attempt + 1}/${ATTEMPTS}).`);
  }
}

export interface PagesOptions {
  readonly runs: number;
  /** Route names to measure; every public route when empty. */
  readonly only: readonly string[];
  readonly reportDir: string;
}

export async function runPages(origin: string, options: PagesOptions, log: (line: string) => void): Promise<PagesResult> {
  const ids = await sampleRouteIds(origin);
  const routes = PUBLIC_ROUTES.filter((route) => options.only.length === 0 || options.only.includes(route.name));
  fs.mkdirSync(options.reportDir, { recursive: true });
  const rows: PageRow[] = [];
  let version = '';
  for (const route of routes) {
    const url = origin + routeAddress(route, ids);
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS], logLevel: 'error' });
    const lhrs: Lhr[] = [];
    try {
      for (let run = 1; run <= options.runs; run += 1) {
        log(`Lighthouse ${route.path} run ${run}/${options.runs}...`);
        const lhr = await lighthouseRun(url, chrome.port, log);
        version = lhr.lighthouseVersion;
        lhrs.push(lhr);
      }
    } finally {
      chrome.kill();
    }
    const runs = lhrs.map(toRun);
    const middle = lhrs[middleIndex(runs)] as Lhr;
    fs.writeFileSync(path.join(options.reportDir, `${route.name}.json`), JSON.stringify(middle));
    rows.push({ route: route.path, url: url.slice(origin.length), runs, median: medianRun(runs), diagnosis: diagnose(middle) });
  }
  return { lighthouseVersion: version, runsPerRoute: options.runs, rows };
}

export function pagesTable(result: PagesResult): string {
  return markdownTable(
    ['route', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'bytes', 'script bytes'],
    result.rows.map((row) => [
      row.route,
      row.median.scores.performance,
      row.median.scores.accessibility,
      row.median.scores['best-practices'],
      row.median.scores.seo,
      milliseconds(row.median.fcpMs),
      milliseconds(row.median.lcpMs),
      milliseconds(row.median.tbtMs),
      row.median.cls.toFixed(3),
      kilobytes(row.median.totalBytes),
      kilobytes(row.median.scriptBytes),
    ]),
    [false, true, true, true, true, true, true, true, true, true, true],
  );
}

const withoutOrigin = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** The slowest route (lowest median performance score, then latest LCP), and what its median run says about why. */
export function slowestRoute(result: PagesResult): string | undefined {
  const slowest = [...result.rows].sort((a, b) => a.median.scores.performance - b.median.scores.performance || b.median.lcpMs - a.median.lcpMs)[0];
  if (slowest === undefined) return undefined;
  const { diagnosis, median: figures } = slowest;
  const phases = Object.entries(diagnosis.lcpPhases).map(([phase, ms]) => `${phase} ${ms} ms`).join(', ');
  const blocking = diagnosis.renderBlocking.map((item) => `${withoutOrigin(item.url)} (${item.wastedMs} ms)`).join(', ');
  const chances = diagnosis.opportunities.slice(0, 3).map((item) => `${item.id} (${item.savingsMs} ms)`).join(', ');
  const lines = [
    `Slowest route: ${slowest.route} (performance ${figures.scores.performance}, LCP ${milliseconds(figures.lcpMs)}, TBT ${milliseconds(figures.tbtMs)}, CLS ${figures.cls.toFixed(3)}).`,
    `  LCP element: ${diagnosis.lcpElement ?? 'unknown'}${phases === '' ? '' : `; phases: ${phases}`}.`,
  ];
  if (diagnosis.layoutShift !== undefined && figures.cls > 0.01) {
    lines.push(`  Largest layout shift: ${diagnosis.layoutShift.element} (${diagnosis.layoutShift.score}).`);
  }
  if (diagnosis.busiestScript !== undefined) {
    lines.push(`  Busiest script: ${withoutOrigin(diagnosis.busiestScript.url)} (${diagnosis.busiestScript.ms} ms of main thread).`);
  }
  lines.push(`  Render-blocking: ${blocking === '' ? 'none' : blocking}. Opportunities: ${chances === '' ? 'none' : chances}. Requests: ${diagnosis.requests}.`);
  return lines.join('\n');
}

/** Audits below full marks outside performance (whose figures the table shows), routes with the same list on one line. */
export function pagesNotes(result: PagesResult): string[] {
  const byList = new Map<string, string[]>();
  for (const row of result.rows) {
    const list = row.diagnosis.failing
      .filter((audit) => audit.category !== 'performance')
      .map((audit) => `${audit.category}/${audit.id} (${audit.title})`)
      .join(', ');
    if (list !== '') byList.set(list, [...(byList.get(list) ?? []), row.route]);
  }
  return [...byList].map(([list, routes]) => {
    const where = routes.length === result.rows.length && routes.length > 1 ? 'every route' : routes.join(', ');
    return `- Below full marks on ${where}: ${list}`;
  });
}
