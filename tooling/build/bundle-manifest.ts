/**
 * Reads a Vite build (its manifest and source maps) to tell which JavaScript a page's first
 * load downloads and which modules that code was made from. The benchmark sizes it; the
 * build test uses it to prove no public page pulls in admin code or a hosted SDK.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const chunkSchema = z.object({
  file: z.string(),
  src: z.string().optional(),
  isEntry: z.boolean().optional(),
  isDynamicEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  dynamicImports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});
export type ManifestChunk = z.infer<typeof chunkSchema>;

const manifestSchema = z.record(z.string(), chunkSchema);
export type Manifest = z.infer<typeof manifestSchema>;

export function readManifest(outDir: string): Manifest {
  const file = path.join(outDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No Vite manifest at ${file}: build with --manifest.`);
  return manifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** The key of the page's entry (index.html). */
function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.isEntry === true && candidate.endsWith('.html'));
  if (key === undefined) throw new Error('The manifest has no HTML entry.');
  return key;
}

/** The given chunks and everything they import statically: what the browser fetches with them. */
function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const pending = [...keys];
  while (pending.length > 0) {
    const key = pending.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`The manifest has no chunk ${key}.`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

export interface FirstLoad {
  /** Manifest keys of the chunks fetched. */
  readonly keys: readonly string[];
  readonly jsFiles: readonly string[];
  readonly cssFiles: readonly string[];
}

function filesOf(manifest: Manifest, keys: readonly string[]): FirstLoad {
  const chunks = keys.map((key) => manifest[key] as ManifestChunk);
  return {
    keys,
    jsFiles: [...new Set(chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')))],
    cssFiles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  };
}

/**
 * The app itself: the entry (src/app/main.tsx) imports it on every page right after the first
 * paint, so it belongs to every first load although it is a chunk of its own.
 */
const APP_START_MODULE = 'src/app/start-app.tsx';

/** The chunks every page loads at start: the entry and, where it is one, the app's start chunk. */
function startRoots(manifest: Manifest): string[] {
  const roots = [entryKey(manifest)];
  if (manifest[APP_START_MODULE]?.isDynamicEntry === true) roots.push(APP_START_MODULE);
  return roots;
}

/**
 * What a public route's first load downloads: the entry, the app's start chunk and their static
 * imports, plus the route's view and what it pulls when the view is a lazy chunk of its own.
 */
export function routeFirstLoad(manifest: Manifest, viewModule?: string): FirstLoad {
  const roots = startRoots(manifest);
  if (viewModule !== undefined && manifest[viewModule]?.isDynamicEntry === true) roots.push(viewModule);
  return filesOf(manifest, staticClosure(manifest, roots));
}

/**
 * What a public route downloads before it comes to life: the frame and the page's own chunk, or
 * the frame alone for a page that comes to life after it (see PublicRoute.hydratesLater).
 */
export function publicRouteFirstLoad(manifest: Manifest, route: { readonly view: string; readonly hydratesLater?: true }): FirstLoad {
  return routeFirstLoad(manifest, route.hydratesLater === true ? undefined : route.view);
}

/** Lazy chunks whose source matches, with what they pull that the entry did not already load. */
export function lazyArea(manifest: Manifest, matches: (source: string) => boolean): FirstLoad {
  const roots = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry === true && matches(key));
  const alreadyLoaded = new Set(staticClosure(manifest, startRoots(manifest)));
  return filesOf(
    manifest,
    staticClosure(manifest, roots).filter((key) => !alreadyLoaded.has(key)),
  );
}

/** Chunks the bundler writes itself (Rolldown's runtime, Vite's preload helper) come without a source map. */
export function isBundlerRuntime(file: string): boolean {
  return /(^|\/)(rolldown-runtime|preload-helper|modulepreload-polyfill)-[^/]+\.js$/.test(file);
}

const sourceMapSchema = z.object({ sources: z.array(z.string()), sourceRoot: z.string().optional() });

/**
 * The modules a built file was made from, from its source map, as paths relative to `root`
 * ('src/app/main.tsx', 'node_modules/react-dom/cjs/...').
 */
export function modulesOf(outDir: string, file: string, root: string): string[] {
  const mapFile = path.join(outDir, `${file}.map`);
  if (!fs.existsSync(mapFile)) {
    if (isBundlerRuntime(file)) return [];
    throw new Error(`No source map for ${file}: build with --sourcemap.`);
  }
  const map = sourceMapSchema.parse(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
  const base = path.resolve(path.dirname(mapFile), map.sourceRoot ?? '');
  return map.sources.map((source) => path.relative(root, path.resolve(base, source)).split(path.sep).join('/'));
}

export interface ForbiddenRule {
  readonly reason: string;
  readonly pattern: RegExp;
}

/** Hosted-service SDKs: loaded only by the code that uses them, never on a public first load. */
export const SDK_RULES: readonly ForbiddenRule[] = [
  { reason: 'Firebase SDK', pattern: /(^|\/)node_modules\/(firebase|@firebase)\// },
  { reason: 'Contentful SDK', pattern: /(^|\/)node_modules\/(contentful[^/]*|@contentful\/[^/]+|axios)\// },
  { reason: 'EmailJS SDK', pattern: /(^|\/)node_modules\/@emailjs\// },
];

/**
 * Loaded with the adapters on first use: a rendered page holds its data, so nothing needs to
 * check a response before it comes to life (and zod 4 probes for eval, which the policy refuses).
 */
export const FIRST_USE_RULES: readonly ForbiddenRule[] = [{ reason: 'zod', pattern: /(^|\/)node_modules\/zod\// }];

/** The admin area (and its sign-in page) is for one volunteer, not for every visitor. */
export const ADMIN_RULES: readonly ForbiddenRule[] = [
  { reason: 'admin code', pattern: /^src\/(views\/)?(admin|login)(\/|\.)/ },
  { reason: 'admin machines', pattern: /^src-core\/machines\/(upload|delete|login|posts)[.-]/ },
  { reason: 'admin machines', pattern: /^src\/(app\/admin-machines|lib\/admin-machines)[.-]/ },
];

/** The adapters of the backend a build did not choose. */
export const OTHER_BACKEND_RULES: Readonly<Record<'self-hosted' | 'hosted', readonly ForbiddenRule[]>> = {
  'self-hosted': [{ reason: 'hosted backend adapters', pattern: /^adapters\/(firebase|contentful|emailjs|hosted)\// }],
  hosted: [{ reason: 'self-hosted backend adapters', pattern: /^adapters\/http\// }],
};

export interface Violation {
  readonly module: string;
  readonly reason: string;
}

export function violations(modules: readonly string[], rules: readonly ForbiddenRule[]): Violation[] {
  return modules.flatMap((module) =>
    rules.filter((rule) => rule.pattern.test(module)).map((rule) => ({ module, reason: rule.reason })),
  );
}
