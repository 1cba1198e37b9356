import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as SuperstaticModule from 'superstatic';
import { loadEnv } from 'vite';
import { buildTimeAssociation } from '../../../adapters/hosted/hosted-details-env';
import { prerenderStaticPages } from '../../../tooling/prerender/static-pages';
import { REPO_ROOT as ROOT } from '../../../tooling/repo-root';

// Loaded as CommonJS, as Firebase's own emulator loads it: its function is the module's `default`.
const { default: superstatic } = createRequire(import.meta.url)('superstatic') as typeof SuperstaticModule;

const VITE = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const MODE = 'hosted-fakes';

export interface StaticHostedSite {
  readonly url: string;
  stop(): Promise<void>;
}

function vite(args: readonly string[], logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, 'a');
    // A test runner's NODE_ENV would make Vite bundle React's development build.
    const child = spawn(process.execPath, [VITE, ...args], { cwd: ROOT, stdio: ['ignore', log, log], env: { ...process.env, NODE_ENV: 'production' } });
    child.on('error', reject);
    child.on('close', (code) => {
      fs.closeSync(log);
      if (code === 0) resolve();
      else reject(new Error(`vite ${args.join(' ')} failed (exit ${String(code)}); see ${logFile}.`));
    });
  });
}

/**
 * The hosted site as `npm run build` makes it (with .env.hosted-fakes' settings: the sample
 * association details), served as firebase.json tells Firebase Hosting to serve it, by the
 * library of Firebase's own hosting emulator.
 */
export async function startStaticHostedSite(logFile: string): Promise<StaticHostedSite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-static-hosted-'));
  const clientDir = path.join(dir, 'client');
  const serverDir = path.join(dir, 'server');
  await vite(['build', '--mode', MODE, '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'warn'], logFile);
  await vite(['build', '--mode', MODE, '--ssr', 'src/app/entry-server.tsx', '--outDir', serverDir, '--logLevel', 'warn'], logFile);
  const env = loadEnv(MODE, ROOT, 'VITE_');
  await prerenderStaticPages(clientDir, path.join(serverDir, 'entry-server.mjs'), { association: buildTimeAssociation(env) });

  const { hosting } = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as { hosting: Record<string, unknown> };
  const handler = superstatic({ config: { ...hosting, public: '.' }, cwd: clientDir, fallthrough: false, compression: false });
  const server = http.createServer((request, response) => handler(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The static host did not listen on a port.');
  return {
    url: `http://127.0.0.1:${address.port}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
