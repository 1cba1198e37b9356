/**
 * `npm run bench`: builds the site, starts the real server on a temporary data directory with
 * the sample content, and measures what visitors and the server feel, each beside a baseline
 * measured in the same run. See `npm run bench -- --help`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { budgetLines, checkBudgets } from './budgets';
import { bundlesTable, runBundles } from './bundles.part';
import { capacityTable, runCapacity } from './capacity.part';
import { comparison } from './compare';
import { HELP, readCommand } from './cli-options';
import { loadTable, runLoad } from './load.part';
import { memoryProbeEnvironment, memoryTable, runMemory } from './memory.part';
import { pagesNotes, pagesTable, runPages, slowestRoute } from './pages.part';
import { pdfTable, runPdfText } from './pdf.part';
import { machineSummary, startRealServer } from './real-server';
import { RESULTS_DIR, gitState, readBenchFile, saveRun, type BenchFile, type PartMeta, type PartName, type PartResults } from './results';
import { benchAdministrator, signIn } from './sign-in';
import { runUploads, uploadTable } from './upload.part';
import { runSearch, searchTable } from './search.part';
import { mailTable, runMail } from './mail.part';
import { membersTable, runMembers } from './members.part';
import { picturesTable, runPictures } from './pictures.part';

/** Progress goes to stderr, the tables to stdout: `npm run bench > tables.md` keeps only the figures. */
const log = (line: string) => process.stderr.write(`${line}\n`);

const PART_TITLES: Record<PartName, string> = {
  pages: 'Pages (Lighthouse, mobile)',
  bundles: 'Bundles (JavaScript on first load)',
  memory: 'Server memory',
  load: 'Server under load',
  upload: 'Uploads',
  capacity: 'How far one server goes',
  pdf: 'PDF text for search',
  search: 'Search (1,000 posts and 500 PDFs indexed)',
  mail: 'E-mail to members (5,000 subscribers)',
  members: 'The member list (10,000 members)',
  pictures: 'A post\'s picture (a 12-megapixel photograph)',
};

function reproduce(part: PartName, extra = ''): string {
  return `Reproduce: \`npm run bench -- ${part}${extra}\``;
}

async function main(): Promise<void> {
  const command = readCommand(process.argv.slice(2));
  if (command.kind === 'help') {
    console.log(HELP);
    return;
  }
  if (command.kind === 'compare') {
    console.log(comparison(readBenchFile(command.older), readBenchFile(command.newer), command.older, command.newer));
    return;
  }
  const settings = command;
  const { parts, runs, routes: only, load, uploadSizesMb: uploadSizes } = settings;
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
  async function measure<T>(part: PartName, work: () => Promise<T>, show: (result: T) => string): Promise<void> {
    const extra = settings.reproduce[part];
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

  if (parts.has('search')) {
    await measure('search', () => runSearch(workDir, log), searchTable);
  }
  if (parts.has('bundles')) {
    await measure('bundles', () => runBundles(RESULTS_DIR, log), bundlesTable);
  }
  // Before the server starts: the reader is measured alone, as the server would start it.
  if (parts.has('pdf')) {
    await measure('pdf', () => runPdfText(workDir, log), pdfTable);
  }
  if (parts.has('pictures')) {
    await measure('pictures', () => runPictures(workDir, log), picturesTable);
  }
  if (parts.has('memory') || parts.has('pages') || parts.has('load') || parts.has('upload')) {
    const administrator = benchAdministrator();
    const server = await startRealServer({
      workDir,
      maxUploadMb: Math.max(50, ...uploadSizes.map((size) => Math.ceil(size) + 10)),
      administrator,
      log,
      // The probe serves only the memory part; it is one small module and a signal handler.
      env: parts.has('memory') ? memoryProbeEnvironment(workDir) : {},
    }).catch((error: unknown) => {
      const serverParts = (['memory', 'pages', 'load', 'upload'] as const).filter((part) => parts.has(part));
      failures.push(...serverParts);
      console.log(`\nThe server did not start, so ${serverParts.join(', ')} were not measured:\n${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
    if (server !== undefined) try {
      // First, on a server that has done nothing yet but start.
      if (parts.has('memory')) {
        await measure('memory', () => runMemory(server.origin, server.pid, workDir, log), memoryTable);
      }
      if (parts.has('pages')) {
        await measure(
          'pages',
          () => runPages(server.origin, { runs, only, reportDir: path.join(RESULTS_DIR, 'lighthouse') }, log),
          (result) => [pagesTable(result), '', ...pagesNotes(result), slowestRoute(result) ?? ''].join('\n').trim(),
        );
      }
      if (parts.has('load')) {
        await measure('load', () => runLoad(server.origin, workDir, load, log), loadTable);
      }
      if (parts.has('upload')) {
        await measure(
          'upload',
          async () => {
            const cookie = await signIn(server.origin, administrator);
            return runUploads({ origin: server.origin, serverPid: server.pid, workDir, cookie, sizesMb: uploadSizes }, log);
          },
          uploadTable,
        );
      }
    } finally {
      await server.stop();
    }
  }

  // Servers of its own (one pinned to a CPU), after the shared one has stopped.
  if (parts.has('capacity')) {
    await measure('capacity', () => runCapacity({ workDir, administrator: benchAdministrator(), log }), capacityTable);
  }

  if (parts.has('mail')) {
    await measure('mail', () => runMail({ workDir, log }), mailTable);
  }

  if (parts.has('members')) {
    await measure('members', () => runMembers({ workDir, log }), membersTable);
  }

  const budgets = checkBudgets(results);
  if (budgets.length > 0) console.log(`\n## Budgets\n\n${budgetLines(budgets).join('\n')}`);

  const run: BenchFile = { format: 'rnai-bench/1', label: command.label, machine, meta, parts: results };
  const written = saveRun(run, startedAt);
  const elapsed = Math.round((Date.now() - startedAt.getTime()) / 1000);
  console.log(`\nRun time ${elapsed} s. Saved: ${written.map((file) => path.relative(process.cwd(), file)).join(', ')}`);
  if (command.compareWith !== undefined) {
    console.log(`\n${comparison(readBenchFile(command.compareWith), run, command.compareWith, 'this run')}`);
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
