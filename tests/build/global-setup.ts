import type { TestProject } from 'vitest/node';
import { DIST_DIR, HOSTED_TEST_BUILD_DIR, buildDist, buildSite, buildUnlessUpToDate } from '../../tooling/build/site-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The self-hosted site as `npm run build` makes it: `client` and `server` inside. */
    builtSiteDir: string;
    /** The hosted (VITE_BACKEND=hosted) browser bundle, with its manifest and source maps. */
    builtHostedDir: string;
  }
}

/**
 * The builds of one test run, made once for every test that reads a real build, and only when the
 * sources changed since the last run made them. The self-hosted site goes to dist/ as `npm run
 * build` puts it, so the browser suite's `npm start` that follows in `npm test` finds it up to date
 * and does not build again. Both builds run at once: each is mostly one bundler process, and the
 * machine has two cores.
 */
export default async function setup(project: TestProject): Promise<void> {
  await Promise.all([
    buildUnlessUpToDate(DIST_DIR, buildDist),
    buildUnlessUpToDate(HOSTED_TEST_BUILD_DIR, () => buildSite('hosted', HOSTED_TEST_BUILD_DIR)),
  ]);
  project.provide('builtSiteDir', DIST_DIR);
  project.provide('builtHostedDir', HOSTED_TEST_BUILD_DIR);
}
