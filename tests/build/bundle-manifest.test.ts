import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, inject, test } from 'vitest';
import {
  ADMIN_RULES,
  FIRST_USE_RULES,
  OTHER_BACKEND_RULES,
  SDK_RULES,
  lazyArea,
  modulesOf,
  publicRouteFirstLoad,
  readManifest,
  violations,
  type Violation,
} from '../../tooling/build/bundle-manifest';
import { PUBLIC_ROUTES } from '../../tooling/build/public-routes';
import type { BuildName } from '../../tooling/build/site-build';
import { REPO_ROOT } from '../../tooling/repo-root';

/**
 * The most JavaScript a public page may download before it comes to life, compressed as the
 * benchmark counts it (gzip level 9, file by file; bench/bundles.part.ts). React and its DOM
 * renderer alone take about 70 KB of it.
 */
const FIRST_LOAD_BUDGET_BYTES = 100 * 1024;
/** The contact form's own part (its page, its machine and XState), which follows the frame. */
const CONTACT_PART_BUDGET_BYTES = 25 * 1024;

/** The self-hosted browser bundle of this test run (tests/build/global-setup.ts). */
const selfHostedDir = () => path.join(inject('builtSiteDir'), 'client');

function firstLoadModules(outDir: string, route: (typeof PUBLIC_ROUTES)[number]): string[] {
  const load = publicRouteFirstLoad(readManifest(outDir), route);
  return load.jsFiles.flatMap((file) => modulesOf(outDir, file, REPO_ROOT));
}

function gzipBytes(outDir: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).byteLength, 0);
}

function routeViolations(outDir: string, name: BuildName): (Violation & { route: string })[] {
  const rules = [...SDK_RULES, ...ADMIN_RULES, ...FIRST_USE_RULES, ...OTHER_BACKEND_RULES[name]];
  return PUBLIC_ROUTES.flatMap((route) =>
    violations(firstLoadModules(outDir, route), rules).map((violation) => ({ route: route.path, ...violation })),
  );
}

test('the self-hosted build traces every public route to the modules its first load runs', () => {
  const outDir = selfHostedDir();

  const perRoute = PUBLIC_ROUTES.map((route) => ({ route, modules: firstLoadModules(outDir, route) }));

  for (const { route, modules } of perRoute) {
    expect(modules).toContain('src/app/main.tsx');
    expect(modules.some((module) => module.startsWith('node_modules/react-dom/'))).toBe(true);
    if (route.hydratesLater !== true) expect(modules).toContain(route.view);
  }
});

test('no public route of the self-hosted build loads admin code, a hosted SDK, hosted adapters or zod first', () => {
  const outDir = selfHostedDir();

  const found = routeViolations(outDir, 'self-hosted');

  expect(found).toEqual([]);
});

test('every public route of the self-hosted build comes to life with under 100 KB of JavaScript (gzip)', () => {
  const outDir = selfHostedDir();
  const manifest = readManifest(outDir);

  const sizes = PUBLIC_ROUTES.map((route) => ({ route: route.path, bytes: gzipBytes(outDir, publicRouteFirstLoad(manifest, route).jsFiles) }));

  expect(sizes.filter(({ bytes }) => bytes >= FIRST_LOAD_BUDGET_BYTES)).toEqual([]);
});

test('the menu and the contact form bring XState after the page has come to life: no public first load runs it', () => {
  const outDir = selfHostedDir();

  const found = PUBLIC_ROUTES.flatMap((route) =>
    violations(firstLoadModules(outDir, route), [{ reason: 'XState', pattern: /(^|\/)node_modules\/(xstate|@xstate\/react)\// }]).map((violation) => ({
      route: route.path,
      ...violation,
    })),
  );

  expect(found).toEqual([]);
});

test("the contact form's part, which follows the frame, stays under 25 KB of JavaScript (gzip)", () => {
  const outDir = selfHostedDir();
  const contact = PUBLIC_ROUTES.find((route) => route.name === 'contact');
  if (contact === undefined) throw new Error('The public routes have no contact page.');

  const part = lazyArea(readManifest(outDir), (source) => source === contact.view || source === 'src/app/public-machines.ts');

  expect(part.jsFiles.length).toBeGreaterThan(0);
  expect(gzipBytes(outDir, part.jsFiles)).toBeLessThan(CONTACT_PART_BUDGET_BYTES);
});

test("no public page's chunk, nor the menu's, brings a stylesheet of its own: every public style is in the page the server sends", () => {
  const manifest = readManifest(selfHostedDir());
  const parts = [...PUBLIC_ROUTES.map((route) => route.view), 'src/components/shell/site-nav.tsx'];

  const found = parts.flatMap((part) => lazyArea(manifest, (source) => source === part).cssFiles.map((css) => ({ part, css })));

  expect(found).toEqual([]);
});
