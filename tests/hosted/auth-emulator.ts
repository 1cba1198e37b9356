import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../support/free-port';

/** A `demo-` project id: the emulator then never tries to reach a real Firebase project. */
export const EMULATOR_PROJECT_ID = 'demo-rnai';
const FIREBASE_CLI = resolve('node_modules/.bin/firebase');
// Generous: firebase-tools loads slowly on a busy machine.
const READY_TIMEOUT_MS = 100_000;

export interface AuthEmulator {
  /** Where the Auth SDK connects: 'http://127.0.0.1:port'. */
  readonly url: string;
  createAccount(account: { email: string; password: string; emailVerified?: boolean; disabled?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator stopped before it was ready:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`The Auth emulator did not start within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', authorization: 'Bearer owner' } });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`Auth emulator refused ${url}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Starts firebase-tools' Auth emulator on free ports in a scratch directory (it writes a debug
 * log where it runs) and waits until it responds. It runs offline.
 */
export async function startAuthEmulator(): Promise<AuthEmulator> {
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const directory = mkdtempSync(join(tmpdir(), 'rnai-auth-emulator-'));
  writeFileSync(
    join(directory, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
      },
    }),
  );
  const child = spawn(FIREBASE_CLI, ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID], {
    cwd: directory,
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${authPort}`;
  const api = `${url}/identitytoolkit.googleapis.com/v1`;

  async function stop(): Promise<void> {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGINT');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    }
    rmSync(directory, { recursive: true, force: true });
  }

  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    async createAccount({ email, password, emailVerified = true, disabled = false }) {
      const { localId } = await call(`${api}/accounts:signUp?key=demo-api-key`, {
        method: 'POST',
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      });
      await call(`${api}/projects/${EMULATOR_PROJECT_ID}/accounts:update`, {
        method: 'POST',
        body: JSON.stringify({ localId, emailVerified, disableUser: disabled }),
      });
    },
    stop,
  };
}
