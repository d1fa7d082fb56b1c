import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import layers from './eslint/layers.js';

export default [
  { ignores: ['dist/', 'dist-releases/', '.astro/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { shop: { rules: { layers } } },
    rules: {
      'shop/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The domain is pure: no I/O, no clock, no environment.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'process', message: 'src/domain reads no environment' }, { name: 'fetch', message: 'src/domain does no I/O' }],
    },
  },
];
