import fsp from 'node:fs/promises';
import { runChildJob, type ChildJobRun, type ChildLaunch } from '../../child-job';
import type { PdfTextLimits } from './pdf-text-limits';
import type { PdfTextResult } from './pdf-text-result';
import { readerMessageSchema, type ReaderJob, type ReaderMessage } from './reader-messages';
import { residentBytes } from './resident-memory';

/** Enough of the reader's error output to say why it could not start, or that V8 ran out of heap. */
const STDERR_TAIL_CHARS = 4096;

export interface ReaderRun {
  /** Settles once the reader's process has ended; rejects only when the reader could not run at all. */
  readonly result: Promise<PdfTextResult>;
  /** Kills the reader; `result` rejects with `reason` unless the reader had already returned a result. */
  stop(reason: Error): void;
}

/** When the reader ended without a result: V8's own heap limit, or a crash while reading. */
function unansweredExit(ready: boolean, exit: string, stderr: string): PdfTextResult | Error {
  if (!ready) return new Error(`The PDF reader stopped before it was ready (${exit}): ${stderr.trim().slice(0, 1000)}`);
  if (/heap out of memory|Reached heap limit/i.test(stderr)) return { kind: 'too-big' };
  return { kind: 'malformed', reason: `The reader stopped while reading (${exit})` };
}

/**
 * Watches one reader from start to end. The first verdict wins (its response, the clock, the
 * memory watchdog, an error) and the process is then killed.
 */
function followReader(launch: ChildLaunch, job: ReaderJob, limits: PdfTextLimits, stopReason: () => Error | undefined): ChildJobRun<PdfTextResult> {
  let readingSince: number | undefined;
  const reader = runChildJob<ReaderMessage, PdfTextResult>({
    ...launch,
    stderrTailChars: STDERR_TAIL_CHARS,
    timeLimitMs: limits.startMs,
    overTime: () => new Error(`The PDF reader did not start within ${limits.startMs} ms`),
    messageSchema: readerMessageSchema,
    unexpected: () => ({ kind: 'malformed', reason: 'The reader returned something unexpected' }),
    onMessage(message, running) {
      if (message.type === 'ready' && readingSince === undefined) {
        readingSince = performance.now();
        running.restartClock(limits.timeMs, () => ({ kind: 'too-slow' }));
        running.send(job);
      } else if (message.type === 'finding') {
        const { finding } = message;
        running.decide(finding.kind === 'text' ? { ...finding, ms: Math.round(performance.now() - (readingSince ?? 0)) } : finding);
      }
    },
    settle(verdict, exit, stderr) {
      clearInterval(watchdog);
      return verdict ?? stopReason() ?? unansweredExit(readingSince !== undefined, exit, stderr);
    },
  });
  const watchdog = setInterval(() => {
    const resident = reader.child.pid === undefined ? undefined : residentBytes(reader.child.pid);
    if (resident !== undefined && resident > limits.memoryBytes) reader.decide({ kind: 'too-big' });
  }, limits.memoryCheckMs);
  return reader;
}

/** Reads one file in a reader process of its own, within `limits`. */
export function startReader(file: string, limits: PdfTextLimits, launch: ChildLaunch): ReaderRun {
  let stopped: Error | undefined;
  let reader: ChildJobRun<PdfTextResult> | undefined;
  const run = async () => {
    // A missing file is the caller's mistake, not a malformed PDF: it rejects here.
    const stats = await fsp.stat(file);
    if (!stats.isFile()) throw new Error(`Not a file: ${file}`);
    if (stopped !== undefined) throw stopped;
    reader = followReader(launch, { file, maxChars: limits.maxChars, maxPages: limits.maxPages }, limits, () => stopped);
    return reader.result;
  };
  return {
    result: run(),
    stop(reason) {
      stopped ??= reason;
      reader?.child.kill('SIGKILL');
    },
  };
}
