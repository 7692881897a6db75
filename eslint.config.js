import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import vayu from './scripts/eslint/feature-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-test/**',
      '**/dist-*/**',
      'data/**',
      '**/drizzle/meta/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '.ci/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, vayu },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A feature uses another only through its index.ts; shared pieces live in components/.
      'vayu/feature-boundaries': 'error',
    },
  },
  {
    // The web app and the API depend on the domain package, never on each other.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@vayu/api*', '@vayu/web*', 'fastify*', 'react*', 'drizzle-orm*'] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@vayu/api*', '**/apps/api/**', 'drizzle-orm*', 'fastify*'] },
      ],
    },
  },
  {
    files: [
      'scripts/**/*.mjs',
      '.ci/**/*.mjs',
      '**/*.config.{js,ts,mjs}',
      'apps/api/build.mjs',
      'apps/api/bench/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
