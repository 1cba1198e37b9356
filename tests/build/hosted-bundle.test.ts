// A real VITE_BACKEND=hosted production build, read through its manifest and source maps.
import fs from 'node:fs';
import path from 'node:path';
import { expect, inject, test } from 'vitest';
import {
  ADMIN_RULES,
  FIRST_USE_RULES,
  OTHER_BACKEND_RULES,
  SDK_RULES,
  lazyArea,
  modulesOf,
  readManifest,
  routeFirstLoad,
  violations,
} from '../../tooling/build/bundle-manifest';
import { PUBLIC_ROUTES } from '../../tooling/build/public-routes';
import { REPO_ROOT } from '../../tooling/repo-root';

const outDir = inject('builtHostedDir');

/** Rolldown's own runtime chunk (a few hundred bytes, written by the bundler) comes without a source map. */
function modulesOfFile(file: string): string[] {
  if (/(^|\/)rolldown-runtime-[^/]+\.js$/.test(file) && !fs.existsSync(path.join(outDir, `${file}.map`))) return [];
  return modulesOf(outDir, file, REPO_ROOT);
}

function firstLoadModules(view: string): string[] {
  return routeFirstLoad(readManifest(outDir), view).jsFiles.flatMap(modulesOfFile);
}

test('the hosted build composes the hosted backend into the page and its adapters into a chunk of their own', () => {
  const modules = firstLoadModules('src/views/home/home.view.tsx');
  const lazyModules = lazyArea(readManifest(outDir), () => true).jsFiles.flatMap(modulesOfFile);

  expect(modules).toContain('src/app/chosen-backend.hosted.ts');
  expect(modules).not.toContain('src/app/chosen-backend.ts');
  expect(modules).not.toContain('adapters/hosted/hosted-backend.ts');
  expect(lazyModules).toContain('adapters/hosted/hosted-backend.ts');
  expect(lazyModules).toContain('adapters/hosted/hosted-env.ts');
});

test('no public route of the hosted build loads an SDK, admin code, self-hosted adapters or zod first', () => {
  const rules = [...SDK_RULES, ...ADMIN_RULES, ...FIRST_USE_RULES, ...OTHER_BACKEND_RULES.hosted];

  const found = PUBLIC_ROUTES.flatMap((route) =>
    violations(firstLoadModules(route.view), rules).map((violation) => ({ route: route.path, ...violation })),
  );

  expect(found).toEqual([]);
});

test('the SDKs are in the build, each in chunks of its own that load on first use', () => {
  const manifest = readManifest(outDir);
  const lazyModules = lazyArea(manifest, () => true).jsFiles.flatMap(modulesOfFile);

  for (const sdk of ['node_modules/@firebase/auth/', 'node_modules/@firebase/storage/', 'node_modules/@firebase/firestore/', 'node_modules/contentful', 'node_modules/@emailjs/browser/']) {
    expect(lazyModules.some((module) => module.includes(sdk)), sdk).toBe(true);
  }
});

test('/about loads no Contentful, Auth, Storage or EmailJS code: its page needs none and no chunk of its own pulls any', () => {
  const manifest = readManifest(outDir);
  const about = routeFirstLoad(manifest, 'src/views/about/about.view.tsx');

  const modules = about.jsFiles.flatMap(modulesOfFile);

  expect(modules.filter((module) => /node_modules\/(contentful|axios|@firebase\/(auth|storage)|@emailjs)/.test(module))).toEqual([]);
});
