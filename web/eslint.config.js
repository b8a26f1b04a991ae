// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder in src/features is a feature. A feature may import shared code (@/api, @/lib, @/ui),
// its own files, and another feature only through that feature's public entry (its index.ts,
// imported as '@/features/<name>'), never a file inside it; never the app shell. Code that two
// features share and that belongs to neither lives in src/lib or src/ui. Shared code imports no
// feature and no app code.
const features = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Two or more '../' leave a feature; the one way out by relative path is to the tables that Go
// tests share with ours (internal/**/testdata/*.json).
const relativeEscape = String.raw`^(\.\./){2,}(?!.*internal/.+/testdata/[^/]+\.json$)`;

const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@/features/(?!${feature}/)[^/]+/`,
            message:
              "Reach another feature through its public entry ('@/features/<name>', its index.ts), never a file inside it; code that belongs to no feature goes to src/lib or src/ui.",
          },
          {
            regex: `^@/features/${feature}$`,
            message:
              'Inside a feature, import its own files; its public entry is for other features.',
          },
          { group: ['@/app', '@/app/**'], message: 'Features must not import the app shell.' },
          {
            regex: relativeEscape,
            message: 'Leave a feature through the @/ alias (@/lib, @/ui, @/api), never with ../..',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/api/schema.d.ts', 'coverage'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  ...featureBoundaries,
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/features',
                '@/features/**',
                '@/app',
                '@/app/**',
                '../features/**',
                '../app/**',
                '../../features/**',
                '../../app/**',
              ],
              message: 'Shared code (api, lib, ui) must not import features or the app shell.',
            },
          ],
        },
      ],
    },
  },
);
