import path from 'node:path';
import { mergeConfig } from 'vite';
// '.js' as in vite.config.ts: Vite's config loader reads these files, and will soon need real extensions.
import { REPO_ROOT as ROOT } from '../../../tooling/repo-root.js';
import base from '../../../vite.config.js';

/**
 * `npm run dev:hosted`'s configuration for the hosted browser suite, with two differences:
 * - a dependency cache of its own: Vite rewrites its cache when it finds a new dependency, and a
 *   developer's dev server sharing it would then be served stale modules (504 Outdated Optimize
 *   Dep), or this one would;
 * - the fakes' entry is scanned with the app's, so msw is optimised with everything else before
 *   the first page is served, rather than found on the first visit.
 */
export default mergeConfig(base, {
  root: ROOT,
  cacheDir: path.join(ROOT, 'node_modules', '.vite-e2e-hosted'),
  optimizeDeps: { entries: ['index.html', 'mocks/hosted-browser.ts'] },
});
