import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The two builds `npm run build` makes, into `outDir`/client and `outDir`/server. */
export function buildSite(outDir: string, env: NodeJS.ProcessEnv = {}): void {
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const steps = [
    ['build', '--outDir', path.join(outDir, 'client'), '--emptyOutDir', '--logLevel', 'warn'],
    ['build', '--ssr', 'src/app/entry-server.tsx', '--outDir', path.join(outDir, 'server'), '--emptyOutDir', '--logLevel', 'warn'],
  ];
  for (const args of steps) {
    const result = spawnSync(process.execPath, [vite, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production', VITE_BACKEND: '', ...env },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`vite ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
}
