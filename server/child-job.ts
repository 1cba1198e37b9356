import { fork, type ChildProcess, type Serializable } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ZodType } from 'zod';

/**
 * The nice value of a child job: the lowest CPU priority there is. Reading a PDF or preparing a
 * picture is background work, and on the one or two cores a small server has, the pages, the API
 * and the next upload must not wait for it.
 * @internal Outside this file only tests and fakes use it.
 */
export const CHILD_JOB_NICENESS = 19;

/** A job's verdict: its result, or why it failed. The first one given wins. */
type Verdict<Result> = Result | Error;

export interface ChildLaunch {
  /** The child's module: `<name>.ts` beside its caller, or .js once the server is compiled. */
  readonly modulePath: string;
  /** Node's flags for the child: the loader when the module is TypeScript. */
  readonly execArgv: readonly string[];
}

/**
 * How to start the child module `childName` beside the file of `callerUrl` (its import.meta.url),
 * in the way that file itself was loaded. Under tsx (`npm start`, the tests, the benchmark) it is
 * .ts and the child needs `loaderFile` (beside it) to load TypeScript; compiled, both are .js and
 * Node runs them as they are. `title` names the child in the error thrown when its module is missing.
 */
export function childLaunch(callerUrl: string, childName: string, loaderFile: string, title: string): ChildLaunch {
  const here = fileURLToPath(callerUrl);
  const directory = path.dirname(here);
  const extension = path.extname(here);
  const modulePath = path.join(directory, `${childName}${extension}`);
  // A build that leaves the child out would otherwise be found at its first job, not at start.
  if (!fs.existsSync(modulePath)) throw new Error(`${title}'s module is missing: ${modulePath}`);
  const typeScript = extension === '.ts' || extension === '.mts';
  return { modulePath, execArgv: typeScript ? ['--import', pathToFileURL(path.join(directory, loaderFile)).href] : [] };
}

export interface ChildJobOptions<Message, Result> extends ChildLaunch {
  /** Variables added to the server's environment for the child. */
  readonly env?: Readonly<Record<string, string>>;
  /** How much of the child's error output to keep, to say why it stopped. */
  readonly stderrTailChars: number;
  /** The time limit from the start, and the verdict once it is over. */
  readonly timeLimitMs: number;
  readonly overTime: () => Verdict<Result>;
  /** What the child may send; anything else is `unexpected`'s verdict. */
  readonly messageSchema: ZodType<Message>;
  readonly unexpected: () => Verdict<Result>;
  onMessage(message: Message, job: RunningChildJob<Result>): void;
  /**
   * Once the process has closed: the job's outcome from the verdict given (if any), how the
   * process ended (a signal, or 'exit code N') and the tail of its error output.
   */
  settle(verdict: Verdict<Result> | undefined, exit: string, stderr: string): Verdict<Result>;
}

export interface RunningChildJob<Result> {
  readonly child: ChildProcess;
  /** Gives the verdict (unless one was given already) and kills the child. */
  decide(verdict: Verdict<Result>): void;
  /** Starts the time limit again, e.g. once the child is ready for its job. */
  restartClock(ms: number, overTime: () => Verdict<Result>): void;
  /** Sends the child its job; a child that has just died fails to receive it, and 'close' then says what happened. */
  send(job: Serializable): void;
}

export interface ChildJobRun<Result> extends RunningChildJob<Result> {
  /** Settles once the process has closed, with `settle`'s outcome. */
  readonly result: Promise<Result>;
}

/** NODE_OPTIONS could carry tsx or an inspector flag; the child's flags are its launch's alone. */
function childEnvironment(extra: Readonly<Record<string, string>> | undefined): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _serverOptions, ...environment } = process.env;
  return { ...environment, ...extra };
}

/** Asks the system to run the child only when nothing else wants the CPU (as far as a nice value can). */
function lowerPriority(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, CHILD_JOB_NICENESS);
  } catch {
    // A child that has already ended (or never started) has no priority to lower; 'close' says why.
  }
}

/**
 * Runs one job in a Node process of its own (server/search/pdf-text/reader-process.ts,
 * server/pictures/picture-preparer.ts), so that its memory is never the server's and whatever a
 * hostile file does ends with that process. The result settles only on 'close', so a settled job
 * never leaves a process behind; a verdict kills the process at once.
 */
export function runChildJob<Message, Result>(options: ChildJobOptions<Message, Result>): ChildJobRun<Result> {
  const child = fork(options.modulePath, [], {
    execArgv: [...options.execArgv],
    env: childEnvironment(options.env),
    // A job's files never cross the pipe: the child opens them itself.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  lowerPriority(child);

  let verdict: Verdict<Result> | undefined;
  let clock: NodeJS.Timeout | undefined;
  const job: RunningChildJob<Result> = {
    child,
    decide(value) {
      verdict ??= value;
      child.kill('SIGKILL');
    },
    restartClock(ms, overTime) {
      clearTimeout(clock);
      clock = setTimeout(() => job.decide(overTime()), ms);
    },
    send(message) {
      child.send(message, () => undefined);
    },
  };

  const result = new Promise<Result>((resolve, reject) => {
    let stderr = '';
    job.restartClock(options.timeLimitMs, options.overTime);
    // A server that exits (process.exit, an uncaught error) takes its child along: one busy with
    // a hostile file would not notice the lost connection until it had finished.
    const killWithServer = () => child.kill('SIGKILL');
    process.once('exit', killWithServer);

    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-options.stderrTailChars);
    });
    child.on('message', (raw: unknown) => {
      const message = options.messageSchema.safeParse(raw);
      if (message.success) options.onMessage(message.data, job);
      else job.decide(options.unexpected());
    });
    child.on('error', job.decide);
    child.on('close', (code, signal) => {
      clearTimeout(clock);
      process.off('exit', killWithServer);
      const outcome = options.settle(verdict, signal ?? `exit code ${code}`, stderr);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    });
  });
  return { ...job, result };
}
