import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const coreMessage =
  'src-core is the framework-free core: it may import only xstate, date-fns, @date-fns/tz and its own modules (no React, SDK, Node, src, adapters or server).';

const returningMessage =
  'Prepare a write with RETURNING through prepareReturningWrite (server/db/returning-write.ts): .get() on it loses SQLITE_FULL, so a write on a full disk would look stored.';

/** Refuses every package import except the named ones; relative imports stay allowed. */
function onlyRelativeOr(...packages) {
  const allowed = packages.map((name) => `${name.replace(/[/.]/g, '\\$&')}$`).join('|');
  return { regex: `^(?!(${allowed})|\\.{1,2}/)`, message: coreMessage };
}

/**
 * The dependency direction, folder by folder (docs/architecture.md draws it): the core is
 * innermost; the HTTP contract sits on the core; adapters and the server each sit on those two
 * and never on each other; views and components reach the composition root's choices only
 * through src/lib. Tooling, tests, mocks, bench and scripts are outside and may use anything.
 */
const LAYER_ZONES = [
  {
    target: './src-core',
    from: ['./src', './adapters', './server', './contract', './mocks', './tests', './tooling', './bench', './scripts'],
    message: coreMessage,
  },
  {
    target: './contract',
    from: ['./src', './adapters', './server', './mocks', './tests', './tooling', './bench'],
    message: 'The HTTP contract is shared by the server, the http adapter and the fakes: it may import only src-core.',
  },
  {
    target: './adapters',
    from: ['./src', './server', './mocks', './tests', './tooling', './bench'],
    message: 'Adapters depend only on src-core and the contract.',
  },
  {
    target: './server',
    from: ['./adapters', './mocks', './tests', './tooling', './bench'],
    message: 'The server may not import the browser adapters or test code: share a contract or a core rule instead.',
  },
  {
    target: './server',
    from: './src',
    // The server loads the renderer that `vite build --ssr` makes of src/app/entry-server.tsx and
    // knows it only by its interface in the core (src-core/ports/page-renderer.port.ts).
    message: 'The server may not import views or components: it renders them through the built renderer (src-core/ports/page-renderer.port.ts).',
  },
  {
    target: ['./src/views', './src/components', './src/lib'],
    from: './src/app',
    message: 'Views and components get what they need from src/lib, never from the composition root (src/app).',
  },
  {
    target: ['./src/views', './src/components', './src/lib'],
    from: './adapters',
    message: 'Only the composition root (src/app) knows which adapters exist.',
  },
  {
    target: './src',
    from: ['./server', './mocks', './tests', './tooling', './bench'],
    message: 'The browser app cannot import server code, tooling or tests.',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'coverage/**', 'reports/**', '.stryker-tmp/**', 'test-results/**', 'playwright-report/**', 'data/**', 'bench-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // no-cycle reads the modules an import leads to, so it needs to know how to parse them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
      // A cycle makes load order matter and hides which module owns what.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // kebab-case names; the role after a dot ('upload.machine.ts', 'files.routes.ts') is free.
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs,css}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Rules that need the types: a promise nobody awaits or handles loses its failure, and a
    // promise where a callback's result is ignored (an event handler, forEach) does the same.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src-core/**/*.ts'],
    ignores: ['src-core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [onlyRelativeOr('xstate', 'date-fns', '@date-fns/tz')] }],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'fetch', 'XMLHttpRequest', 'location', 'process'].map(
          (name) => ({ name, message: coreMessage }),
        ),
      ],
    },
  },
  {
    files: ['src-core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [onlyRelativeOr('xstate', 'date-fns', '@date-fns/tz', 'vitest')] }],
    },
  },
  {
    // better-sqlite3 12's .get() on a write that returns rows hides SQLITE_FULL: the write is lost
    // but looks stored. server/db/returning-write.ts is the one place such a statement is prepared.
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    ignores: ['server/db/returning-write.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.property.name='prepare'] > Literal[value=/\\bRETURNING\\b/i]",
          "CallExpression[callee.property.name='prepare'] > TemplateLiteral > TemplateElement[value.raw=/\\bRETURNING\\b/i]",
        ].map((selector) => ({ selector, message: returningMessage })),
      ],
    },
  },
  {
    // `npm run import -- --from hosted` reads the old hosted site through the hosted backend's own
    // adapters: this one file is the composition root that makes them, beside the server.
    files: ['server/cli/hosted-ports.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: LAYER_ZONES.map((zone) => (zone.target === './server' && Array.isArray(zone.from) ? { ...zone, from: zone.from.filter((from) => from !== './adapters') } : zone)) },
      ],
    },
  },
  {
    // Browser code takes zod from contract/zod.ts, which stops zod testing for eval under the site's
    // Content-Security-Policy (a caught test is still reported as a violation); a schema made from a
    // direct import could be made before that setting.
    files: ['src/**/*.{ts,tsx}', 'adapters/**/*.ts', 'contract/**/*.ts'],
    ignores: ['contract/zod.ts', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import { z } from contract/zod.ts, which sets zod up for the browser.", allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
);
