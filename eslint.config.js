import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const coreMessage =
  'src-core is the framework-free core: it may import only xstate and its own modules (no React, SDK, Node, src, adapters or server).';

const returningMessage =
  'Prepare a write with RETURNING through prepareReturningWrite (server/db/returning-write.ts): .get() on it loses SQLITE_FULL, so a write on a full disk would look stored.';

/** Layers outside the core, by their top-level folder. */
const OUTER_LAYERS = ['src', 'adapters', 'server', 'mocks', 'tests'];

/** Refuses any import whose path runs through one of the given top-level folders. */
function notInto(folders, message) {
  return { regex: `(^|/)(${folders.join('|')})(/|$)`, message };
}

/** Refuses every package import except the named ones; relative imports stay allowed. */
function onlyRelativeOr(...packages) {
  const allowed = packages.map((name) => `${name.replace(/[/.]/g, '\\$&')}$`).join('|');
  return { regex: `^(?!(${allowed})|\\.{1,2}/)`, message: coreMessage };
}

export default tseslint.config(
  {
    ignores: ['dist/**', 'coverage/**', 'reports/**', '.stryker-tmp/**', 'test-results/**', 'playwright-report/**', 'data/**', 'bench-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The dependency direction, layer by layer. Each layer lists everything it may not import,
  // because a later config entry replaces, not extends, an earlier one's options for a rule.
  {
    files: ['src-core/**/*.ts'],
    ignores: ['src-core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [onlyRelativeOr('xstate'), notInto(OUTER_LAYERS, coreMessage)] }],
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
      'no-restricted-imports': ['error', { patterns: [onlyRelativeOr('xstate', 'vitest'), notInto(OUTER_LAYERS, coreMessage)] }],
    },
  },
  {
    files: ['adapters/**/*.ts'],
    ignores: ['adapters/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [notInto(['src', 'server', 'mocks', 'tests'], 'Adapters depend only on src-core.')] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [notInto(['adapters', 'server', 'mocks', 'tests'], 'Only the composition root (src/app) knows which adapters exist.')] },
      ],
    },
  },
  {
    // The composition root is the one place in src that wires adapters to the views.
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [notInto(['server', 'tests'], 'The browser app cannot import server code or tests.')] },
      ],
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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
);
