// The Vitest setup Stryker runs: the core project's environment and setup, limited to the tests
// beside src-core's modules, so only the core's own tests judge the core and no other suite
// (server, browser, build) slows down or breaks a mutation run.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'core',
    environment: 'node',
    include: ['src-core/**/*.test.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
  },
});
