import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { REPO_ROOT as ROOT } from '../../../tooling/repo-root';
import { npmStart } from '../../../tooling/npm-start';

export interface SiteServer {
  readonly url: string;
  readonly dataDir: string;
  /** SIGTERM, as a service manager would stop it; resolves when the process has exited. */
  stop(): Promise<void>;
}

export interface SiteOptions {
  readonly dataDir: string;
  /** Variables on top of the process's own environment, as an operator would set them. */
  readonly env: Readonly<Record<string, string>>;
  /** Where everything the server prints goes, to read when a test fails. */
  readonly logFile: string;
}

const START_TIMEOUT_MS = 180_000;

/**
 * `npm start`, exactly (its node flags included): scripts/start.mjs builds the site when it is missing or stale and runs the
 * server. PORT=0 lets the system pick a free port; the address is read from the server's log line.
 */
export async function startSite({ dataDir, env, logFile }: SiteOptions): Promise<SiteServer> {
  const log = fs.openSync(logFile, 'a');
  // The log is appended to, and a suite run for several projects starts a site per project: only what
  // this start writes is read, or an earlier, stopped server's address would be taken for this one's.
  const startOffset = fs.fstatSync(log).size;
  const start = npmStart();
  const child: ChildProcess = spawn(process.execPath, start.args, {
    cwd: ROOT,
    env: { ...process.env, ...start.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = await new Promise<string>((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const output = fs.readFileSync(logFile).subarray(startOffset).toString('utf8');
      const address = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (address !== undefined) {
        clearInterval(timer);
        resolve(address);
      } else if (child.exitCode !== null || Date.now() - started > START_TIMEOUT_MS) {
        clearInterval(timer);
        child.kill('SIGKILL');
        reject(new Error(`The site did not start (see ${logFile}):\n${output.slice(-4_000)}`));
      }
    }, 100);
  });

  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      fs.closeSync(log);
    },
  };
}

/** The documented way to add an administrator from a script: the password comes on standard input. */
export function addAdministrator(email: string, password: string, env: Readonly<Record<string, string>>): void {
  const result = spawnSync('npm', ['run', '--silent', 'admin', '--', 'add', email, '--password-stdin'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    input: `${password}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`npm run admin -- add ${email} failed (${String(result.status)}):\n${result.stdout}\n${result.stderr}`);
  }
}
