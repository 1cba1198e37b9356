import path from 'node:path';
import { expect, inject, test } from 'vitest';
import {
  ADMIN_RULES,
  FIRST_USE_RULES,
  OTHER_BACKEND_RULES,
  SDK_RULES,
  modulesOf,
  readManifest,
  routeFirstLoad,
  violations,
  type Violation,
} from '../../tooling/build/bundle-manifest';
import { PUBLIC_ROUTES } from '../../tooling/build/public-routes';
import type { BuildName } from '../../tooling/build/site-build';
import { REPO_ROOT } from '../../tooling/repo-root';

/** The self-hosted browser bundle of this test run (tests/build/global-setup.ts). */
const selfHostedDir = () => path.join(inject('builtSiteDir'), 'client');

function firstLoadModules(outDir: string, view: string): string[] {
  const load = routeFirstLoad(readManifest(outDir), view);
  return load.jsFiles.flatMap((file) => modulesOf(outDir, file, REPO_ROOT));
}

function routeViolations(outDir: string, name: BuildName): (Violation & { route: string })[] {
  const rules = [...SDK_RULES, ...ADMIN_RULES, ...FIRST_USE_RULES, ...OTHER_BACKEND_RULES[name]];
  return PUBLIC_ROUTES.flatMap((route) =>
    violations(firstLoadModules(outDir, route.view), rules).map((violation) => ({ route: route.path, ...violation })),
  );
}

test('the self-hosted build traces every public route to the modules its first load runs', () => {
  const outDir = selfHostedDir();

  const perRoute = PUBLIC_ROUTES.map((route) => firstLoadModules(outDir, route.view));

  for (const modules of perRoute) {
    expect(modules).toContain('src/app/main.tsx');
    expect(modules.some((module) => module.startsWith('node_modules/react-dom/'))).toBe(true);
  }
});

test('no public route of the self-hosted build loads admin code, a hosted SDK, hosted adapters or zod first', () => {
  const outDir = selfHostedDir();

  const found = routeViolations(outDir, 'self-hosted');

  expect(found).toEqual([]);
});
