import react from '@vitejs/plugin-react';
import { asciiOutputPlugin } from './tooling/vite/ascii-output.plugin.js';
import { defineConfig } from 'vitest/config';
import { displaySettingsPlugin } from './tooling/vite/display-settings.plugin.js';
import { hostedBackendPlugin } from './tooling/vite/hosted-backend.plugin.js';
import { leanRouterPlugin } from './tooling/vite/lean-router.plugin.js';
import { precompressPlugin } from './tooling/vite/precompress.plugin.js';
import { siteImagesPlugin } from './tooling/vite/site-images.plugin.js';
import { ssrBuildPlugin } from './tooling/vite/ssr-build.plugin.js';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), asciiOutputPlugin(), displaySettingsPlugin(), hostedBackendPlugin(), leanRouterPlugin(), ssrBuildPlugin(), siteImagesPlugin(), precompressPlugin()],
  build: {
    outDir: 'dist/client',
    // Each chunk brings its own styles: the public pages' rules come with the entry, which
    // index.html links and a server-rendered page carries inline (server/render); the admin
    // area's come with its lazy chunk, so a visitor's page never carries them.
    cssCodeSplit: true,
    manifest: true,
    sourcemap: true,
    // Every browser the site supports loads modules ahead by itself; the polyfill only weighed.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // React and its DOM renderer, two thirds of a first load, in a chunk of their own: it
        // changes only with React, so a returning visitor keeps it across releases of the site.
        // The small modules every public page's view needs beside the entry, in one chunk rather than
        // a file each: each file of a first load costs its own request and gzip overhead.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'page-common', test: /[\\/](src-core[\\/]domain[\\/]core-error|src[\\/]lib[\\/](route-data\.cache|backend\.context)|src[\\/]components[\\/]page-title\.hook)\./ },
            // What the home page and the Events page both read events with, in one file.
            { name: 'event-listing', test: /[\\/](src-core[\\/]domain[\\/](event-card|event-details|event-schedule|event-listing)|src[\\/]views[\\/]event\.queries)\./, includeDependenciesRecursively: false },
            { name: 'irish-date', test: /[\\/](src-core[\\/]domain[\\/](irish-date|zoned-time|month-names)\.|node_modules[\\/]@date-fns[\\/]tz[\\/])/ },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` talks to a running `npm start` for the API and files.
    proxy: { '/api': apiTarget, '/files': apiTarget },
  },
  test: {
    // Two test files at a time. Vitest's default on a two-core machine is one (the cores less one),
    // but most test files spend their time waiting on a server, a child process or the disk.
    maxWorkers: 2,
    // expect.poll returns as soon as its state is reached; the long limit is for a machine busy
    // enough that starting a server or a worker thread takes seconds, where the default second fails.
    expect: { poll: { timeout: 10_000 } },
    // Each project runs in the environment its code meets in real life.
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          include: ['src-core/**/*.test.ts', 'adapters/**/*.test.ts', 'tests/contracts/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          // Pure rules, machines and in-memory adapters keep no state between files, so one module
          // graph serves every file of a worker instead of each importing it again.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          isolate: false,
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'views',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts', 'tests/views/**/*.test.tsx'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/views.ts'],
          // Room for Testing Library's 5 s waits (tests/setup/views.ts) to run out and report first.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          // The hosted backend's real SDKs against MSW fakes, and its auth against a real Auth emulator.
          name: 'hosted',
          environment: 'jsdom',
          include: ['tests/hosted/**/*.test.ts', 'tests/hosted/**/*.test.tsx'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // One real production build of each backend per run, made by the global setup: server
          // rendering over the self-hosted build (fetched without a browser), and what each public
          // page downloads first, read through the builds' manifests.
          name: 'build',
          isolate: false,
          environment: 'node',
          include: ['tests/build/**/*.test.ts', 'tests/ssr/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          globalSetup: ['tests/build/global-setup.ts'],
          // The built renderer (dist/server) is loaded by Node itself, as in production: run
          // through Vitest's transform, each test file spent seconds on the bundle, and a server
          // start could miss Fastify's ten seconds to load it on a busy machine.
          server: { deps: { external: [/\/dist\/server\//] } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The build tooling's and the benchmark's own logic, on made-up manifests and results.
          name: 'tooling',
          // Pure functions over made-up inputs: no state to leak from one file to the next.
          isolate: false,
          environment: 'node',
          include: ['bench/**/*.test.ts', 'tooling/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
    ],
  },
});
