/**
 * `npm run bench`: builds the site, starts the real server on a temporary data directory with
 * the sample content, and measures what visitors and the server feel, each beside a baseline
 * measured in the same run. See `npm run bench -- --help`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { budgetLines, checkBudgets } from './budgets';
import { bundlesTable, runBundles } from './bundles.part';
import { comparison } from './compare';
import { DEFAULT_LOAD, loadTable, runLoad } from './load.part';
import { pagesNotes, pagesTable, runPages, slowestRoute } from './pages.part';
import { PUBLIC_ROUTES } from './public-routes';
import { machineSummary, startRealServer } from './real-server';
import { LATEST_FILE, PART_NAMES, RESULTS_DIR, gitState, readBenchFile, saveRun, type BenchFile, type PartMeta, type PartName, type PartResults } from './results';
import { benchAdministrator, signIn } from './sign-in';
import { runUploads, uploadTable } from './upload.part';

const HELP = `Usage:
  npm run bench                          every part: pages, bundles, load, upload
  npm run bench -- pages bundles         only the parts named
  npm run bench -- compare OLD.json [NEW.json]
                                         before → after tables of two saved runs (NEW: bench-results/latest.json)
Options:
  --runs N            Lighthouse runs per route, the median is shown (default 3)
  --routes a,b        only these routes (${PUBLIC_ROUTES.map((route) => route.name).join(', ')})
  --connections N     load connections (default ${DEFAULT_LOAD.connections})
  --duration S        seconds of load per target (default ${DEFAULT_LOAD.durationSeconds})
  --upload-mb a,b     upload sizes in MB (default 20,200)
  --label NAME        also save the run as bench-results/NAME.json (e.g. before, after)
  --compare FILE      after the run, print before → after against a saved run`;

/** Progress goes to stderr, the tables to stdout: `npm run bench > tables.md` keeps only the figures. */
const log = (line: string) => process.stderr.write(`${line}\n`);

const PART_TITLES: Record<PartName, string> = {
  pages: 'Pages (Lighthouse, mobile)',
  bundles: 'Bundles (JavaScript on first load)',
  load: 'Server under load',
  upload: 'Uploads',
};

function numberList(value: string | undefined, fallback: number[]): number[] {
  if (value === undefined) return fallback;
  const numbers = value.split(',').map(Number);
  if (numbers.some((number) => !Number.isFinite(number) || number <= 0)) throw new Error(`Not a list of positive numbers: ${value}`);
  return numbers;
}

function reproduce(part: PartName, extra = ''): string {
  return `Reproduce: \`npm run bench -- ${part}${extra}\``;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      runs: { type: 'string' },
      routes: { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      'upload-mb': { type: 'string' },
      label: { type: 'string' },
      compare: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) {
    console.log(HELP);
    return;
  }
  if (positionals[0] === 'compare') {
    const [, older, newer = LATEST_FILE] = positionals;
    if (older === undefined) throw new Error('compare needs the file of the earlier run.');
    console.log(comparison(readBenchFile(older), readBenchFile(newer), older, newer));
    return;
  }
  const unknown = positionals.filter((name) => !(PART_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${PART_NAMES.join(', ')}.\n\n${HELP}`);
  const parts = new Set<PartName>(positionals.length === 0 ? PART_NAMES : (positionals as PartName[]));

  const runs = numberList(values.runs, [3])[0] ?? 3;
  const only = values.routes?.split(',').map((name) => name.trim()) ?? [];
  const badRoute = only.find((name) => !PUBLIC_ROUTES.some((route) => route.name === name));
  if (badRoute !== undefined) throw new Error(`Unknown route ${badRoute}.`);
  const load = {
    ...DEFAULT_LOAD,
    connections: numberList(values.connections, [DEFAULT_LOAD.connections])[0] ?? DEFAULT_LOAD.connections,
    durationSeconds: numberList(values.duration, [DEFAULT_LOAD.durationSeconds])[0] ?? DEFAULT_LOAD.durationSeconds,
  };
  const uploadSizes = numberList(values['upload-mb'], [20, 200]);
  const workDir = path.join(RESULTS_DIR, 'work');
  fs.mkdirSync(workDir, { recursive: true });

  const startedAt = new Date();
  const git = gitState();
  const results: PartResults = {};
  const failures: PartName[] = [];
  const meta: Partial<Record<PartName, PartMeta>> = {};
  const machine = machineSummary();
  console.log(
    `# Benchmark ${startedAt.toISOString()} (commit ${git.commit}${git.dirty ? ', uncommitted changes' : ''})\n` +
      `${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}.`,
  );
  async function measure<T>(part: PartName, work: () => Promise<T>, show: (result: T) => string, extra = ''): Promise<void> {
    const started = performance.now();
    const loadBefore = os.loadavg()[0] ?? 0;
    let result: T;
    try {
      result = await work();
    } catch (error) {
      // One part failing leaves the others' figures standing.
      failures.push(part);
      console.log(`\n## ${PART_TITLES[part]}\n\nFAILED: ${error instanceof Error ? error.message : String(error)}\n\n${reproduce(part, extra)}`);
      return;
    }
    const loadAverage = [loadBefore, os.loadavg()[0] ?? 0].map((value) => Math.round(value * 10) / 10) as [number, number];
    (results as Record<PartName, unknown>)[part] = result;
    meta[part] = { measuredAt: new Date().toISOString(), ...git, seconds: Math.round((performance.now() - started) / 1000), loadAverage };
    const busy =
      Math.max(...loadAverage) > machine.cpus
        ? `\nNote: the machine's load average was ${loadAverage.join(' → ')} on ${machine.cpus} cores; other work shared the CPU.`
        : '';
    console.log(`\n## ${PART_TITLES[part]}\n\n${show(result)}\n\n${reproduce(part, extra)}${busy}`);
  }

  if (parts.has('bundles')) {
    await measure('bundles', () => runBundles(RESULTS_DIR, log), bundlesTable);
  }
  if (parts.has('pages') || parts.has('load') || parts.has('upload')) {
    const administrator = benchAdministrator();
    const server = await startRealServer({
      workDir,
      maxUploadMb: Math.max(50, ...uploadSizes.map((size) => Math.ceil(size) + 10)),
      administrator,
      log,
    }).catch((error: unknown) => {
      const serverParts = (['pages', 'load', 'upload'] as const).filter((part) => parts.has(part));
      failures.push(...serverParts);
      console.log(`\nThe server did not start, so ${serverParts.join(', ')} were not measured:\n${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
    if (server !== undefined) try {
      if (parts.has('pages')) {
        const routesOption = `${only.length > 0 ? ` --routes ${only.join(',')}` : ''}${runs === 3 ? '' : ` --runs ${runs}`}`;
        await measure(
          'pages',
          () => runPages(server.origin, { runs, only, reportDir: path.join(RESULTS_DIR, 'lighthouse') }, log),
          (result) => [pagesTable(result), '', ...pagesNotes(result), slowestRoute(result) ?? ''].join('\n').trim(),
          routesOption,
        );
      }
      if (parts.has('load')) {
        const loadOptions = `${load.connections === DEFAULT_LOAD.connections ? '' : ` --connections ${load.connections}`}${
          load.durationSeconds === DEFAULT_LOAD.durationSeconds ? '' : ` --duration ${load.durationSeconds}`
        }`;
        await measure('load', () => runLoad(server.origin, workDir, load, log), loadTable, loadOptions);
      }
      if (parts.has('upload')) {
        await measure(
          'upload',
          async () => {
            const cookie = await signIn(server.origin, administrator);
            return runUploads({ origin: server.origin, serverPid: server.pid, workDir, cookie, sizesMb: uploadSizes }, log);
          },
          uploadTable,
          values['upload-mb'] === undefined ? '' : ` --upload-mb ${values['upload-mb']}`,
        );
      }
    } finally {
      await server.stop();
    }
  }

  const budgets = checkBudgets(results);
  if (budgets.length > 0) console.log(`\n## Budgets\n\n${budgetLines(budgets).join('\n')}`);

  const run: BenchFile = { format: 'rnai-bench/1', label: values.label, machine, meta, parts: results };
  const written = saveRun(run, startedAt);
  const elapsed = Math.round((Date.now() - startedAt.getTime()) / 1000);
  console.log(`\nRun time ${elapsed} s. Saved: ${written.map((file) => path.relative(process.cwd(), file)).join(', ')}`);
  if (values.compare !== undefined) {
    console.log(`\n${comparison(readBenchFile(values.compare), run, values.compare, 'this run')}`);
  }
  if (failures.length > 0) {
    console.log(`\nFailed parts: ${failures.join(', ')}.`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
