import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT as ROOT } from '../../../tooling/repo-root';
import { freePort } from '../../support/free-port';

const VITE = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const CONFIG = path.join(import.meta.dirname, 'vite.hosted-e2e.config.ts');
// A cold start optimises every dependency first; on a busy 2-core machine that takes a while.
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

export interface HostedDevServer {
  readonly url: string;
  /** SIGTERM; resolves when the process has exited. */
  stop(): Promise<void>;
}

async function startOnce(port: number, logFile: string): Promise<HostedDevServer | 'port-taken'> {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    [VITE, '--mode', 'hosted-fakes', '--config', CONFIG, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: ROOT, stdio: ['ignore', log, log] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    // Vite closes at once on SIGTERM; should it ever hang, the run must still end.
    const forced = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(forced);
    fs.closeSync(log);
  };

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      const output = fs.readFileSync(logFile, 'utf8');
      // Another process took the port between the probe and Vite's listen: try another one.
      if (output.includes(`Port ${port} is already in use`)) return 'port-taken';
      throw new Error(`The hosted dev server stopped (see ${logFile}):\n${output.slice(-4_000)}`);
    }
    const ready = await fetch(`${url}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, stop };
    if (Date.now() - started > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`The hosted dev server did not respond within ${START_TIMEOUT_MS / 1000} s (see ${logFile}).`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * `npm run dev:hosted` on a free port (`--strictPort`, so Vite never moves to another one
 * unnoticed): the hosted build against the in-browser fakes, with no account and no network.
 */
export async function startHostedDevServer(logFile: string): Promise<HostedDevServer> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const server = await startOnce(await freePort(), logFile);
    if (server !== 'port-taken') return server;
  }
  throw new Error(`Three free ports were taken before the hosted dev server could listen (see ${logFile}).`);
}
