import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from './support/built-site';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A real production build of the site: `client` and `server` inside. */
    builtSiteDir: string;
  }
}

/** One real build for every server-rendering test, as `npm run build` makes it. */
export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-ssr-build-'));
  buildSite(dir);
  project.provide('builtSiteDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
