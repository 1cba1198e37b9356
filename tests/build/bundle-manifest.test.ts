import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
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
import { REPO_ROOT, buildSite, type BuildName } from '../../tooling/build/site-build';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-bundle-test-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const builds = new Map<BuildName, Promise<string>>();
function built(name: BuildName): Promise<string> {
  const existing = builds.get(name);
  if (existing !== undefined) return existing;
  const outDir = path.join(workDir, name);
  const pending = buildSite(name, outDir).then(() => outDir);
  builds.set(name, pending);
  return pending;
}

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

test('the self-hosted build traces every public route to the modules its first load runs', async () => {
  const outDir = await built('self-hosted');

  const perRoute = PUBLIC_ROUTES.map((route) => firstLoadModules(outDir, route.view));

  for (const modules of perRoute) {
    expect(modules).toContain('src/app/main.tsx');
    expect(modules.some((module) => module.startsWith('node_modules/react-dom/'))).toBe(true);
  }
});

test('no public route of the self-hosted build loads admin code, a hosted SDK, hosted adapters or zod first', async () => {
  const outDir = await built('self-hosted');

  const found = routeViolations(outDir, 'self-hosted');

  expect(found).toEqual([]);
});
