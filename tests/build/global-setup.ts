import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DIST_DIR, buildDist, buildSite } from '../../tooling/build/site-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The self-hosted site as `npm run build` makes it: `client` and `server` inside. */
    builtSiteDir: string;
    /** The hosted (VITE_BACKEND=hosted) browser bundle, with its manifest and source maps. */
    builtHostedDir: string;
  }
}

/**
 * The builds of one test run, made once for every test that reads a real build. The self-hosted
 * site goes to dist/ as `npm run build` puts it, so the browser suite's `npm start` that follows
 * in `npm test` finds it up to date and does not build again. Both builds run at once: each is
 * mostly one bundler process, and the machine has two cores.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const hostedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-hosted-build-'));
  const removeHostedDir = () => fs.rmSync(hostedDir, { recursive: true, force: true });
  try {
    await Promise.all([buildDist(), buildSite('hosted', hostedDir)]);
  } catch (error) {
    removeHostedDir();
    throw error;
  }
  project.provide('builtSiteDir', DIST_DIR);
  project.provide('builtHostedDir', hostedDir);
  return removeHostedDir;
}
