// What a server gets after `npm ci && npm run build` and then `npm ci --omit=dev`: the tracked
// files, the build, and the runtime dependencies alone. `npm start` must serve every page from it,
// run no TypeScript loader and no esbuild, and stop cleanly.
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect, inject, onTestFinished, test } from 'vitest';
import { API_PATHS, searchResultsSchema } from '../../contract/wire';
import { lockDataDirectory } from '../../server/db/data-directory-lock';
import { pageTitle } from '../../src-core/domain/navigation';
import { PUBLIC_ROUTES, routeAddress, samplePages } from '../../tooling/build/public-routes';
import { processTree, type RunningProcess } from '../support/process-tree';
import { startSmtpPeer } from '../server/helpers/smtp-peer';
import { HOSTED_SDK_PACKAGES } from '../../server/cli/hosted-ports';
import { startWithNpm } from './support/npm-start-process';
import { copyBuiltCheckout, runNpm, type ProductionCheckout } from './support/production-checkout';

// better-sqlite3 may be compiled during the install: a minute or two on a busy machine.
const INSTALL_TIMEOUT_MS = 10 * 60_000;
const SERVER_TEST_TIMEOUT_MS = 60_000;

const installed: { checkout?: ProductionCheckout } = {};

beforeAll(async () => {
  const checkout = copyBuiltCheckout(inject('builtSiteDir'));
  installed.checkout = checkout;
  await runNpm(checkout.dir, ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline']);
}, INSTALL_TIMEOUT_MS);

afterAll(() => installed.checkout?.remove());

function checkoutDir(): string {
  if (installed.checkout === undefined) throw new Error('The production checkout was not made.');
  return installed.checkout.dir;
}

function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-production-data-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The package a bare import names: 'pdfjs-dist' for 'pdfjs-dist/legacy/build/pdf.mjs'. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/**
 * The packages the compiled server imports, those it loads only when needed (nodemailer, qrcode)
 * included. The bundle is not minified: a static import starts a line, a dynamic one is `import("…")`.
 */
function packagesImportedBy(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(dir, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const match of code.matchAll(/^import\s*(?:[^;"']*?\bfrom\s*)?["']([^"'\n]+)["']|\bimport\(\s*["']([^"'\n]+)["']\s*\)/gm)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.') && !isBuiltin(specifier)) names.add(packageName(specifier));
    }
  }
  return names;
}

/** The server's own process: `node [flags] scripts/start.mjs`, below npm and its shell. */
function serverProcess(processes: readonly RunningProcess[]): RunningProcess | undefined {
  return processes.find(({ argv }) => path.basename(argv[0] ?? '') === 'node' && (argv.at(-1) ?? '').endsWith('scripts/start.mjs'));
}

test('npm ci --omit=dev installs every package the compiled server imports, and none of the build tools', () => {
  const dir = checkoutDir();
  const installedPackage = (name: string) => fs.existsSync(path.join(dir, 'node_modules', name, 'package.json'));

  const imported = packagesImportedBy(path.join(dir, 'dist', 'app'));
  // Only `npm run import -- --from hosted` loads the hosted SDKs; without them it says so (below).
  const needed = [...imported].filter((name) => !(HOSTED_SDK_PACKAGES as readonly string[]).includes(name));

  expect(imported).toContain('better-sqlite3');
  expect(imported).toContain('nodemailer');
  for (const name of needed) expect(installedPackage(name), `${name}, imported by dist/app`).toBe(true);
  for (const tool of ['tsx', 'esbuild', 'typescript', 'vite', 'vitest', 'react']) expect(installedPackage(tool), tool).toBe(false);
});

test('the import from the hosted site, whose SDKs a production install leaves out, says it needs the full install and changes nothing', async () => {
  const dataDir = newDataDir();

  const failure = await runNpm(checkoutDir(), ['run', 'import', '--', '--from', 'hosted', '--dry-run'], { DATA_DIR: dataDir }).catch((error: unknown) => String(error));

  expect(failure).toMatch(/exit 1/);
  expect(failure).toContain('Reading the hosted site needs the full install');
  expect(fs.readdirSync(dataDir)).toEqual([]);
});

test('npm start serves every public page from the build it was given, without building again', { timeout: SERVER_TEST_TIMEOUT_MS }, async () => {
  const dir = checkoutDir();
  const builtAt = fs.statSync(path.join(dir, 'dist', 'app', 'main.js')).mtimeMs;
  const server = await startWithNpm(dir, newDataDir());
  const samples = await samplePages(server.baseUrl);

  for (const route of PUBLIC_ROUTES) {
    const address = routeAddress(route, { article: samples.article.id, event: samples.event.id, branch: samples.branch.id });
    const response = await fetch(server.baseUrl + address);
    const { document } = new JSDOM(await response.text()).window;

    const detail = route.name === 'article' ? samples.article.title : route.name === 'event' ? samples.event.title : route.name === 'branch' ? samples.branch.title : undefined;
    expect(response.status, address).toBe(200);
    expect(response.headers.get('content-type'), address).toMatch(/^text\/html/);
    expect(document.title, address).toBe(pageTitle(route.name, detail));
    // Rendered on the server: the page's own heading is there before any script runs.
    const heading = document.querySelector('#root h1')?.textContent?.trim() ?? '';
    expect(heading, address).not.toBe('');
    if (detail !== undefined) expect(heading, address).toBe(detail);
  }
  expect(server.output.join('\n')).not.toContain('Building');
  expect(fs.statSync(path.join(dir, 'dist', 'app', 'main.js')).mtimeMs).toBe(builtAt);
});

test("the PDF reader runs from the production install: search finds a word only the sample newsletter's text holds", { timeout: SERVER_TEST_TIMEOUT_MS }, async () => {
  const server = await startWithNpm(checkoutDir(), newDataDir());
  await server.lineMatching(/"event":"search-files-read"/);

  const response = await fetch(`${server.baseUrl}${API_PATHS.search}?q=soda`);

  const { results } = searchResultsSchema.parse(await response.json());
  const newsletter = results.find((result) => result.kind === 'newsletter');
  expect(newsletter?.title).toBe('Sample Newsletter - Spring');
  expect(newsletter?.snippet.filter((part) => part.match).map((part) => part.text.toLowerCase())).toEqual(['soda']);
  expect(server.output.join('\n')).not.toContain('search-file-unreadable');
});

test('mail leaves the production install through its SMTP worker: a contact message reaches a real mail server, and SIGTERM still ends npm start with exit code 0', { timeout: SERVER_TEST_TIMEOUT_MS }, async () => {
  const peer = await startSmtpPeer();
  const server = await startWithNpm(checkoutDir(), newDataDir(), {
    SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
    CONTACT_TO: 'office@example.org',
    MAIL_FROM: 'website@example.org',
  });

  const posted = await fetch(`${server.baseUrl}${API_PATHS.contact}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Mary Byrne', email: 'mary.byrne@example.org', message: 'Is the outing still on?' }),
  });
  await server.lineMatching(/Contact message e-mailed/);
  const main = serverProcess(processTree(server.npm.pid ?? -1));
  if (main === undefined) throw new Error('No server process below npm start.');
  process.kill(main.pid, 'SIGTERM');

  expect(posted.status).toBe(202);
  expect(peer.received.map((mail) => mail.parsed.subject)).toEqual(['Contact form message from Mary Byrne']);
  expect(await server.exited).toBe(0);
  expect(server.output.join('\n')).not.toMatch(/smtp-worker|worker's module is missing/);
});

test('a running npm start is npm, its shell and the compiled server: no tsx, no TypeScript loader, no esbuild', { timeout: SERVER_TEST_TIMEOUT_MS }, async () => {
  const server = await startWithNpm(checkoutDir(), newDataDir());
  // Every page once, so whatever the server loads when first asked is loaded.
  const samples = await samplePages(server.baseUrl);
  for (const route of PUBLIC_ROUTES) await (await fetch(server.baseUrl + routeAddress(route, { article: samples.article.id, event: samples.event.id, branch: samples.branch.id }))).text();

  const processes = processTree(server.npm.pid ?? -1);

  const lines = processes.map((running) => `${running.argv.join(' ')}${running.nodeOptions === '' ? '' : ` (NODE_OPTIONS=${running.nodeOptions})`}`);
  expect(serverProcess(processes), lines.join('\n')).toBeDefined();
  for (const line of lines) {
    expect(line).not.toMatch(/tsx|esbuild|typescript|ts-node/i);
    expect(line).not.toMatch(/--(import|loader|experimental-loader|require)\b|\s-r\s/);
    expect(line).not.toMatch(/\.[cm]?tsx?\b/);
  }
});

test('SIGTERM to the server ends npm start with exit code 0 and leaves no process behind', { timeout: SERVER_TEST_TIMEOUT_MS }, async () => {
  const server = await startWithNpm(checkoutDir(), newDataDir());
  // Once the sample PDFs are read no reader runs, and every process left is one npm start waits for.
  await server.lineMatching(/"event":"search-files-read"/);
  const processes = processTree(server.npm.pid ?? -1);
  const main = serverProcess(processes);
  if (main === undefined) throw new Error(`No server process below npm start:\n${processes.map((running) => running.argv.join(' ')).join('\n')}`);

  process.kill(main.pid, 'SIGTERM');

  expect(await server.exited).toBe(0);
  expect(server.output.join('\n')).toContain('"signal":"SIGTERM"');
  expect(processes.filter((running) => fs.existsSync(`/proc/${running.pid}`)).map((running) => running.argv.join(' '))).toEqual([]);
});

test('SIGTERM to the npm start process, as a process manager sends it, stops the server: its port is closed and the data directory is free', { timeout: SERVER_TEST_TIMEOUT_MS }, async () => {
  const dataDir = newDataDir();
  const server = await startWithNpm(checkoutDir(), dataDir);
  await server.lineMatching(/"event":"search-files-read"/);

  server.npm.kill('SIGTERM');
  // The server holds npm's output too: this is its end, not only npm's.
  await server.ended;

  expect(server.output.join('\n')).toContain('"signal":"SIGTERM"');
  await expect(fetch(server.baseUrl)).rejects.toThrow();
  // A second server could start on the same data directory.
  expect(() => lockDataDirectory(dataDir).release()).not.toThrow();
});
