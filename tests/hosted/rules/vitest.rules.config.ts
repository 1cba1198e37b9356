import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:rules`: storage.rules against the Storage emulator, which firebase-tools starts
 * around this run (emulators:exec). It needs Java 21 and downloads the emulator's jar, so it is
 * not part of `npm test`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    name: 'rules',
    environment: 'node',
    include: ['tests/hosted/rules/**/*.spec.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
