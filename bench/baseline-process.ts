import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { RecordedResponse } from './recorded-response';
import { REPO_ROOT } from '../tooling/repo-root';

export interface Baseline {
  readonly origin: string;
  stop(): Promise<void>;
}

/**
 * Starts baseline-server.ts in a process of its own, as the real server runs, serving the
 * `recorded` responses (none for the upload run, which only posts to it).
 */
export async function startBaseline(recorded: readonly RecordedResponse[], workDir: string): Promise<Baseline> {
  const file = path.join(workDir, 'baseline-responses.json');
  fs.writeFileSync(file, JSON.stringify(recorded));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench', 'baseline-server.ts'), file], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening (\d+)/.exec(text);
      if (match?.[1] !== undefined) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`The baseline server exited with code ${String(code)}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(file, { force: true });
    },
  };
}
