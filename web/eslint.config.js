// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder in src/features is a feature. A feature may import shared code (@/api, @/lib, @/ui)
// and itself, never another feature nor the app shell. Shared code imports no feature and no app code.
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
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
            message: 'A feature must not import another feature; move shared code to src/lib or src/ui.',
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
              group: ['@/features', '@/features/**', '@/app', '@/app/**', '../features/**', '../app/**', '../../features/**', '../../app/**'],
              message: 'Shared code (api, lib, ui) must not import features or the app shell.',
            },
          ],
        },
      ],
    },
  },
);
