import { fileURLToPath } from 'node:url';

/** The project's folder, for the build helpers, the benchmark and the tests that run commands in it. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/[\\/]$/, '');
