import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../../tooling/repo-root';

/** A copy of the project as a server gets it: the tracked files and the build, nothing else. */
export interface ProductionCheckout {
  readonly dir: string;
  remove(): void;
}

/**
 * The environment a volunteer's shell or a service gives `npm`: the test runner's own NODE_ENV=test
 * would be kept by `npm start`, and NODE_OPTIONS could carry a loader the production server never has.
 * npm's settings (npm_config_nodedir among them, which CI's Node 24 run sets) are passed on.
 */
export function productionEnvironment(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _testRunner, NODE_OPTIONS: _loaders, ...environment } = process.env;
  return { ...environment, ...extra };
}

/**
 * Copies the files git tracks (as they are in the working tree) into a new folder, then the
 * build. The build is copied last, so it is newer than every source as after `npm run build`,
 * and `npm start` has no reason to build again.
 */
export function copyBuiltCheckout(builtDir: string): ProductionCheckout {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file !== '');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-production-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    for (const file of tracked) {
      const from = path.join(REPO_ROOT, file);
      // Deleted in the working tree but not yet in git.
      if (!fs.existsSync(from)) continue;
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.copyFileSync(from, path.join(dir, file));
    }
    fs.cpSync(builtDir, path.join(dir, 'dist'), { recursive: true });
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/** Runs npm in `dir` (with `env` added); resolves with what it printed, rejects with it when npm fails. */
export function runNpm(dir: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd: dir, env: productionEnvironment(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`npm ${args.join(' ')} failed (exit ${String(code)}):\n${output}`))));
  });
}
