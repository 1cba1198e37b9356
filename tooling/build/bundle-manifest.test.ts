import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ADMIN_RULES, SDK_RULES, lazyArea, modulesOf, routeFirstLoad, violations, type Manifest } from './bundle-manifest';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['src/views/news/news.view.tsx', 'src/views/admin/admin.view.tsx'], css: ['assets/index.css'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'] },
  'src/views/news/news.view.tsx': { file: 'assets/news.js', isDynamicEntry: true, imports: ['_shared.js'], css: ['assets/news.css'] },
  'src/views/admin/admin.view.tsx': { file: 'assets/admin.js', isDynamicEntry: true, imports: ['_shared.js', '_firebase.js'] },
  '_firebase.js': { file: 'assets/firebase.js' },
};

test('a route first loads the entry, its static imports, and its own lazy view with what that imports', () => {
  const news = routeFirstLoad(manifest, 'src/views/news/news.view.tsx');
  const home = routeFirstLoad(manifest, 'src/views/home/home.view.tsx');

  expect([...news.jsFiles].sort()).toEqual(['assets/index.js', 'assets/news.js', 'assets/shared.js', 'assets/vendor.js']);
  expect(news.cssFiles).toEqual(expect.arrayContaining(['assets/index.css', 'assets/news.css']));
  expect([...home.jsFiles].sort()).toEqual(['assets/index.js', 'assets/vendor.js']);
});

test('a lazy area counts only what the entry has not already loaded', () => {
  const admin = lazyArea(manifest, (source) => source.includes('/admin/'));

  expect([...admin.jsFiles].sort()).toEqual(['assets/admin.js', 'assets/firebase.js', 'assets/shared.js']);
});

test('modules are read from the source map relative to the repository', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-map-'));
  fs.mkdirSync(path.join(outDir, 'assets'));
  const sources = ['../../repo/src/app/main.tsx', '../../repo/node_modules/firebase/app/dist/index.mjs'];
  fs.writeFileSync(path.join(outDir, 'assets', 'index.js.map'), JSON.stringify({ version: 3, sources, mappings: '' }));

  const modules = modulesOf(outDir, 'assets/index.js', path.resolve(outDir, '..', 'repo'));

  expect(modules).toEqual(['src/app/main.tsx', 'node_modules/firebase/app/dist/index.mjs']);
  fs.rmSync(outDir, { recursive: true, force: true });
});

test('SDK and admin modules are reported, the app and React are not', () => {
  const modules = [
    'src/app/main.tsx',
    'node_modules/react-dom/cjs/react-dom-client.production.js',
    'node_modules/@firebase/storage/dist/index.esm.js',
    'node_modules/contentful/dist/esm/contentful.js',
    'node_modules/@emailjs/browser/es/index.js',
    'src/views/admin/admin.view.tsx',
    'src/views/login/login.view.tsx',
    'src/views/news/news.view.tsx',
  ];

  const found = violations(modules, [...SDK_RULES, ...ADMIN_RULES]).map((violation) => violation.reason);

  expect(found).toEqual(['Firebase SDK', 'Contentful SDK', 'EmailJS SDK', 'admin code', 'admin code']);
});
