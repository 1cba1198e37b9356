// Mutation testing of the framework-free core: `npm run test:mutation` (not part of `npm test`).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  packageManager: 'npm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker.vitest.config.mjs', related: false },
  mutate: [
    'src-core/**/*.ts',
    '!src-core/**/*.test.ts',
    // Type-only ports: nothing to mutate.
    '!src-core/ports/auth.port.ts',
    '!src-core/ports/content.port.ts',
    '!src-core/ports/mail.port.ts',
    '!src-core/ports/backend.ts',
  ],
  ignorePatterns: ['dist', 'data', 'reports', 'coverage', 'test-results', 'playwright-report', 'bench-results'],
  coverageAnalysis: 'perTest',
  // A mutant that makes a machine wait forever is caught by this timeout; keep it short.
  timeoutMS: 2000,
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: 85 },
  tempDirName: '.stryker-tmp',
};

export default config;
