import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

const ioModules = [
  'fastify',
  'fastify-*',
  '@fastify/*',
  'pg',
  'ioredis',
  'bullmq',
  'drizzle-orm',
  'drizzle-orm/*',
  '@electric-sql/*',
  'node:fs',
  'node:fs/*',
  'node:net',
  'node:http',
  'node:https',
  'node:child_process',
  'node:dgram',
  'node:tls',
  'fs',
  'fs/*',
  'net',
  'http',
  'https',
  'child_process',
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'web/dist', 'coverage', 'src/store/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.js'] } },
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use an as-const object.' },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The web app (web/): bundler-style imports without extensions, .tsx components.
    files: ['web/**/*.{ts,tsx}'],
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
  },
  {
    files: ['web/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', '*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ioModules, message: 'src/core is pure: no I/O imports.' }] },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'src/core never reads process.' }],
      'no-eval': 'error',
      'no-new-func': 'error',
    },
  },
);
