import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './repo-root';

/**
 * What `npm start` runs, as arguments for `node`: the V8 flags in package.json's start script
 * (which keep the server small in memory) and scripts/start.mjs. The benchmark and the browser
 * tests start the server with these, so they measure and test what a volunteer's `npm start` runs.
 */
export function npmStartArguments(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts?: { start?: string } };
  const [command, ...args] = (manifest.scripts?.start ?? '').split(/\s+/).filter(Boolean);
  const script = args.at(-1);
  if (command !== 'node' || script === undefined || !script.endsWith('.mjs')) {
    throw new Error(`package.json's start script should be "node [flags] scripts/start.mjs", not "${manifest.scripts?.start ?? ''}"`);
  }
  return [...args.slice(0, -1), path.join(REPO_ROOT, script)];
}
