import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Each web feature may import only itself, components/, lib/ and the shared package. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const serverImportPatterns = [
  { regex: '^@baobei/server', message: 'The web app never imports the server.' },
  { regex: '(^|/)apps/server/|^(\\.\\./)+server/', message: 'The web app never imports the server.' },
  { regex: '^(fastify|drizzle-orm|pg|@electric-sql)', message: 'Server libraries stay on the server.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', '**/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Command-line scripts talk to the terminal.
    files: ['scripts/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    // The shared package imports only zod (and its own files).
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|vitest$|\\./|\\.\\./)', message: 'packages/shared imports only zod.' }] },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@baobei/web', message: 'The server never imports the web app.' },
            { regex: '(^|/)apps/web/', message: 'The server never imports the web app.' },
            { regex: '^react', message: 'The server never imports React.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: serverImportPatterns,
        },
      ],
    },
  },
  // Features never import each other. For a file `d` folders below its feature's folder, a
  // relative path of d+1 `../` reaches features/, and one of d+2 reaches src/: entering any
  // other feature's folder from there is refused.
  ...webFeatures.flatMap((name) =>
    [0, 1, 2, 3].map((depth) => {
      const up = (n) => `(\\.\\./){${n}}`;
      return {
        files: [`apps/web/src/features/${name}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                ...serverImportPatterns,
                {
                  regex: `^${up(depth + 1)}(?!${name}/)[\\w-]+/|^${up(depth + 2)}features/(?!${name}/)`,
                  message: 'Features never import each other: move what both need to components/ or lib/.',
                },
              ],
            },
          ],
        },
      };
    }),
  ),
);
