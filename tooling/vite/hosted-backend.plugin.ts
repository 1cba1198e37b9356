import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
// '.js' because Vite's config loader reads this file too, and will soon need real extensions.
import { parseHostedEnv } from '../../adapters/hosted/hosted-env.js';

/** `vite --mode hosted-fakes`: the hosted build against the MSW fakes, in the browser. */
const HOSTED_FAKES_MODE = 'hosted-fakes';

/** The composition root's backend module and its hosted twin (see src/app/chosen-backend*.ts). */
const CHOSEN_BACKEND = path.join('src', 'app', 'chosen-backend.ts');
const HOSTED_CHOSEN_BACKEND = path.join('src', 'app', 'chosen-backend.hosted.ts');

const APP_ENTRY = '/src/app/main.tsx';
const FAKES_ENTRY = '/mocks/hosted-browser.ts';
const WORKER_PATH = '/mockServiceWorker.js';

/**
 * The hosted backend in the build:
 * - with VITE_BACKEND=hosted, checks every hosted setting once and stops the build naming any
 *   missing or empty variable, and swaps the composition root's backend module for its hosted
 *   twin, so a build bundles one backend's adapters and never the other's;
 * - in the 'hosted-fakes' dev mode, serves MSW's service worker and starts the fakes before the app.
 */
export function hostedBackendPlugin(): Plugin {
  const state = { hosted: false, fakes: false, root: process.cwd() };
  return {
    name: 'rnai-hosted-backend',
    enforce: 'pre',
    configResolved(config) {
      state.root = config.root;
      state.hosted = config.env.VITE_BACKEND === 'hosted';
      state.fakes = state.hosted && config.command === 'serve' && config.mode === HOSTED_FAKES_MODE;
      if (state.hosted) parseHostedEnv(config.env);
    },
    async resolveId(source, importer, options) {
      if (!state.hosted || importer === undefined || !source.includes('chosen-backend')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved === null || path.relative(state.root, resolved.id) !== CHOSEN_BACKEND) return resolved;
      return path.join(state.root, HOSTED_CHOSEN_BACKEND);
    },
    configureServer(server) {
      if (!state.fakes) return;
      const worker = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
      server.middlewares.use(WORKER_PATH, (_request, response) => {
        response.setHeader('content-type', 'text/javascript; charset=utf-8');
        response.end(readFileSync(worker));
      });
    },
    transformIndexHtml(html) {
      return state.fakes ? html.replace(`src="${APP_ENTRY}"`, `src="${FAKES_ENTRY}"`) : html;
    },
  };
}
