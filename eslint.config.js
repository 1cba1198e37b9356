import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const coreMessage =
  'src-core is the framework-free core: it may import only xstate and its own modules (no React, SDK, Node, src, adapters or server).';

export default tseslint.config(
  {
    ignores: ['dist/**', 'coverage/**', 'reports/**', '.stryker-tmp/**', 'test-results/**', 'playwright-report/**', 'data/**', 'bench-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src-core', from: ['./src', './adapters', './server', './mocks', './tests'], message: coreMessage },
            { target: './adapters', from: ['./src', './server'], message: 'Adapters depend only on src-core.' },
            {
              target: './src',
              from: ['./adapters', './server', './mocks'],
              message: 'Only the composition root (src/app) knows which adapters exist.',
            },
          ],
        },
      ],
    },
  },
  {
    // The composition root is the one place in src that wires adapters to the views.
    files: ['src/app/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './src/app', from: ['./server', './mocks'], message: 'The browser app cannot import server code or test fakes.' }] },
      ],
    },
  },
  {
    files: ['src-core/**/*.ts'],
    ignores: ['src-core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!xstate$|\\.{1,2}/)', message: coreMessage }] },
      ],
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
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!xstate$|vitest$|\\.{1,2}/)', message: coreMessage }] },
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
