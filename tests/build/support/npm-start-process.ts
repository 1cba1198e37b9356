import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { onTestFinished } from 'vitest';
import { productionEnvironment } from './production-checkout';

export interface NpmStart {
  /** The `npm start` process itself; the server runs below it. */
  readonly npm: ChildProcess;
  readonly baseUrl: string;
  /** Every line printed so far, npm's own and the server's JSON logs. */
  readonly output: readonly string[];
  /** npm's exit code, once it has exited. */
  readonly exited: Promise<number | null>;
  /** Resolves once every process holding npm's output (the server below it too) has ended. */
  readonly ended: Promise<void>;
  /** Resolves with the first line (printed before or after the call) that matches. */
  lineMatching(pattern: RegExp): Promise<string>;
}

/**
 * `npm start` in `dir` as a volunteer runs it, on a port the system picks, with a data directory of
 * its own (and any other settings in `env`). It leads a process group of its own, so whatever is left when the test ends can be
 * ended at once.
 */
export async function startWithNpm(dir: string, dataDir: string, env: Readonly<Record<string, string>> = {}): Promise<NpmStart> {
  const npm = spawn('npm', ['start'], {
    cwd: dir,
    env: productionEnvironment({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  // 'close' comes once npm's output has been read to the end, so no line is missed before giving up.
  const closed = new Promise<void>((resolve) => npm.on('close', () => resolve()));
  // The whole group: a server whose npm has already gone would otherwise be left running.
  onTestFinished(() => {
    try {
      if (npm.pid !== undefined) process.kill(-npm.pid, 'SIGKILL');
    } catch {
      // Nothing of the group is left.
    }
  });

  const output: string[] = [];
  const waiting = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  for (const stream of [npm.stdout, npm.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      for (const waiter of waiting) {
        if (waiter.pattern.test(line)) {
          waiting.delete(waiter);
          waiter.resolve(line);
        }
      }
    });
  }
  const lineMatching = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const printed = output.find((line) => pattern.test(line));
      if (printed !== undefined) return resolve(printed);
      waiting.add({ pattern, resolve });
      void closed.then(() => reject(new Error(`npm start ended (exit ${String(npm.exitCode)}) without printing ${String(pattern)}:\n${output.join('\n')}`)));
    });

  const listening = await lineMatching(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
  const baseUrl = /http:\/\/127\.0\.0\.1:\d+/.exec(listening)?.[0] ?? '';
  return { npm, baseUrl, output, exited, ended: closed, lineMatching };
}
