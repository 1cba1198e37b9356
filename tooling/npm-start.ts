import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './repo-root';

/** What `npm start` runs: the variables set before `node`, and node's arguments. */
export interface NpmStart {
  readonly env: Readonly<Record<string, string>>;
  readonly args: readonly string[];
}

const ASSIGNMENT = /^([A-Z_][A-Z0-9_]*)=(\S*)$/;

/**
 * What `npm start` runs, read from package.json's start script ("[VAR=value ...] node [flags]
 * scripts/start.mjs"): the variables (glibc's malloc settings) and the V8 flags that keep the
 * server small in memory, and scripts/start.mjs. The benchmark and the browser tests start the
 * server with these, so they measure and test what a volunteer's `npm start` runs.
 */
export function npmStart(): NpmStart {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts?: { start?: string } };
  const words = (manifest.scripts?.start ?? '').split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  while (words[0] !== undefined && ASSIGNMENT.test(words[0])) {
    const [, name = '', value = ''] = ASSIGNMENT.exec(words.shift() ?? '') ?? [];
    env[name] = value;
  }
  const [command, ...args] = words;
  const script = args.at(-1);
  if (command !== 'node' || script === undefined || !script.endsWith('.mjs') || args.slice(0, -1).some((flag) => !flag.startsWith('--'))) {
    throw new Error(`package.json's start script should be "[VAR=value ...] node [--flags] scripts/start.mjs", not "${manifest.scripts?.start ?? ''}"`);
  }
  return { env, args: [...args.slice(0, -1), path.join(REPO_ROOT, script)] };
}
