import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addAdministrator, type Administrator } from './sign-in';
import { REPO_ROOT } from '../tooling/repo-root';
import { npmStart } from '../tooling/npm-start';
import { freePort } from '../tests/support/free-port';

export interface RealServer {
  readonly origin: string;
  readonly pid: number;
  readonly dataDir: string;
  /** Everything the server printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface RealServerOptions {
  /** The parent of the temporary data directory (the disk the upload run measures). */
  readonly workDir: string;
  readonly maxUploadMb: number;
  /** Given its password with the admin command once the server has started. */
  readonly administrator: Administrator;
  readonly log: (line: string) => void;
  /** Variables on top of the benchmark's own environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** The CPUs the server may run on (`taskset -c`, e.g. '0'); all of them when absent. */
  readonly cpus?: string;
}

async function waitUntilServing(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it responded.`);
    try {
      const response = await fetch(`${origin}/api/posts`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not respond within ${timeoutMs / 1000} s.`);
}

/**
 * Starts the real server exactly as `npm start` does (scripts/start.mjs, which builds the site
 * when it is stale) on a free port, with a fresh data directory holding the sample content.
 */
export async function startRealServer(options: RealServerOptions): Promise<RealServer> {
  fs.mkdirSync(options.workDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(options.workDir, 'data-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    // Nothing npm start does not set itself (NODE_ENV included): the figures are what a volunteer gets.
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SAMPLE_CONTENT: '1',
    MAX_UPLOAD_MB: String(options.maxUploadMb),
    ADMIN_EMAILS: options.administrator.email,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  delete env.VITE_BACKEND;
  const start = npmStart();
  const variables = Object.entries(start.env).map(([name, value]) => `${name}=${value} `);
  options.log(`Starting the server (${variables.join('')}node ${start.args.join(' ')}, as npm start) on ${origin}, DATA_DIR=${dataDir}`);
  // taskset runs node in its own place (same process), on the CPUs named.
  const [command, ...commandArgs] = options.cpus === undefined ? [process.execPath, ...start.args] : ['taskset', '-c', options.cpus, process.execPath, ...start.args];
  const child = spawn(command as string, commandArgs, {
    cwd: REPO_ROOT,
    env: { ...start.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The start (where a first administrator's password is printed) and the latest lines.
  let head = '';
  let tail = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    if (head.length < 50_000) head += text;
    else tail = (tail + text).slice(-20_000);
  };
  const output = () => (tail === '' ? head : `${head}\n...\n${tail}`);
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(origin, child, 180_000);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output().slice(-5_000)}`);
  }
  if (child.pid === undefined) throw new Error('The server has no process id.');
  // After the first start, which loads the sample content into the new data directory.
  await addAdministrator(env, options.administrator);
  return { origin, pid: child.pid, dataDir, output, stop };
}

export function machineSummary() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}
