import { fork, type ChildProcess } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import type { PdfTextLimits } from './pdf-text-limits';
import type { PdfTextResult } from './pdf-text-result';
import type { ReaderLaunch } from './reader-launch';
import { readerMessageSchema, type ReaderJob } from './reader-messages';
import { residentBytes } from './resident-memory';

/** Enough of the reader's error output to say why it could not start, or that V8 ran out of heap. */
const STDERR_TAIL_CHARS = 4096;

export interface ReaderRun {
  /** Settles once the reader's process has ended; rejects only when the reader could not run at all. */
  readonly result: Promise<PdfTextResult>;
  /** Kills the reader; `result` rejects with `reason` unless the reader had already returned a result. */
  stop(reason: Error): void;
}

/**
 * The nice value of a reader: the lowest CPU priority there is. Reading a PDF is background work
 * (about 150 ms of CPU to start pdf.js, more for a long file), and on the one or two cores a small
 * server has, the pages, the API and the next upload must not wait for it.
 * @internal Outside this file only tests and fakes use it.
 */
export const READER_NICENESS = 19;

/** NODE_OPTIONS could carry tsx or an inspector flag; the reader's flags are readerLaunch's alone. */
function readerEnvironment(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _serverOptions, ...environment } = process.env;
  return environment;
}

/** When the reader ended without a result: V8's own heap limit, or a crash while reading. */
function unansweredExit(ready: boolean, exit: string, stderr: string): PdfTextResult | Error {
  if (!ready) return new Error(`The PDF reader stopped before it was ready (${exit}): ${stderr.trim().slice(0, 1000)}`);
  if (/heap out of memory|Reached heap limit/i.test(stderr)) return { kind: 'too-big' };
  return { kind: 'malformed', reason: `The reader stopped while reading (${exit})` };
}

/**
 * Watches one reader from start to end. The first verdict wins (its response, the clock, the
 * memory watchdog, an error) and the process is then killed; the promise settles only on
 * 'close', so a settled reading never leaves a reader behind.
 */
function followReader(child: ChildProcess, job: ReaderJob, limits: PdfTextLimits, stopReason: () => Error | undefined): Promise<PdfTextResult> {
  return new Promise((resolve, reject) => {
    let verdict: PdfTextResult | Error | undefined;
    let readingSince: number | undefined;
    let stderr = '';
    const decide = (value: PdfTextResult | Error) => {
      verdict ??= value;
      child.kill('SIGKILL');
    };
    const startedTooSlowly = () => decide(new Error(`The PDF reader did not start within ${limits.startMs} ms`));
    let deadline = setTimeout(startedTooSlowly, limits.startMs);
    const watchdog = setInterval(() => {
      const resident = child.pid === undefined ? undefined : residentBytes(child.pid);
      if (resident !== undefined && resident > limits.memoryBytes) decide({ kind: 'too-big' });
    }, limits.memoryCheckMs);
    // A server that exits (process.exit, an uncaught error) takes its reader along: one busy
    // inflating a bomb would not notice the lost connection until it had finished.
    const killWithServer = () => child.kill('SIGKILL');
    process.once('exit', killWithServer);

    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.on('message', (raw: unknown) => {
      const message = readerMessageSchema.safeParse(raw);
      if (!message.success) {
        decide({ kind: 'malformed', reason: 'The reader returned something unexpected' });
      } else if (message.data.type === 'ready' && readingSince === undefined) {
        readingSince = performance.now();
        clearTimeout(deadline);
        deadline = setTimeout(() => decide({ kind: 'too-slow' }), limits.timeMs);
        // A reader that has just died fails to receive this; 'close' then says what happened.
        child.send(job, () => undefined);
      } else if (message.data.type === 'finding') {
        const { finding } = message.data;
        decide(finding.kind === 'text' ? { ...finding, ms: Math.round(performance.now() - (readingSince ?? 0)) } : finding);
      }
    });
    child.on('error', decide);
    child.on('close', (code, signal) => {
      clearTimeout(deadline);
      clearInterval(watchdog);
      process.off('exit', killWithServer);
      const outcome = verdict ?? stopReason() ?? unansweredExit(readingSince !== undefined, signal ?? `exit code ${code}`, stderr);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    });
  });
}

/** Asks the system to run the reader only when nothing else wants the CPU (as far as a nice value can). */
function lowerPriority(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, READER_NICENESS);
  } catch {
    // A reader that has already ended (or never started) has no priority to lower; `close` says why.
  }
}

/** Reads one file in a reader process of its own, within `limits`. */
export function startReader(file: string, limits: PdfTextLimits, launch: ReaderLaunch): ReaderRun {
  let stopped: Error | undefined;
  let child: ChildProcess | undefined;
  const run = async () => {
    // A missing file is the caller's mistake, not a malformed PDF: it rejects here.
    const stats = await fsp.stat(file);
    if (!stats.isFile()) throw new Error(`Not a file: ${file}`);
    if (stopped !== undefined) throw stopped;
    child = fork(launch.modulePath, [], {
      execArgv: [...launch.execArgv],
      env: readerEnvironment(),
      // The file's bytes never cross the pipe: the reader opens the file itself.
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    lowerPriority(child);
    return followReader(child, { file, maxChars: limits.maxChars, maxPages: limits.maxPages }, limits, () => stopped);
  };
  return {
    result: run(),
    stop(reason) {
      stopped ??= reason;
      child?.kill('SIGKILL');
    },
  };
}
