import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { onTestFinished } from 'vitest';
import { REPO_ROOT as root } from '../../../tooling/repo-root';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  /** Lines the server printed, structured logs included. */
  readonly output: string[];
  readonly exited: Promise<number | null>;
}

export interface ServerProcessOptions {
  /** A command the server runs under, e.g. strace with its arguments. */
  readonly wrapWith?: readonly string[];
}

/** `server/main.ts` as its own process, as `npm start` runs it, on an ephemeral port. */
export async function startServerProcess(env: Readonly<Record<string, string>>, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const [command = process.execPath, ...prefix] = [...(options.wrapWith ?? []), process.execPath];
  const child = spawn(command, [...prefix, '--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', SAMPLE_CONTENT: '0', PASSWORD_HASH_COST: '10', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    // A group of its own: killing a wrapper such as strace alone leaves the server it traced running.
    detached: true,
  });
  onTestFinished(() => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => output.push(line));
  }
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const listening = output.map((line) => /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1]).find(Boolean);
      if (listening !== undefined) {
        clearInterval(timer);
        resolve(listening);
      }
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`The server exited early:\n${output.join('\n')}`));
      }
    }, 20);
  });
  return { child, baseUrl, output, exited };
}
