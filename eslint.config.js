import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';

/** Each web feature may import only itself, components/, lib/ and the shared package. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const serverImportPatterns = [
  { regex: '^@baobei/server', message: 'The web app never imports the server.' },
  { regex: '(^|/)apps/server/|^(\\.\\./)+server/', message: 'The web app never imports the server.' },
  { regex: '^(fastify|drizzle-orm|pg|@electric-sql)', message: 'Server libraries stay on the server.' },
];

/** The console (apps/admin) imports neither the server nor the mobile app. */
const consoleImportPatterns = [
  ...serverImportPatterns.map((p) => ({ ...p, message: 'The console never imports the server.' })),
  { regex: '^@baobei/web|(^|/)apps/web/|^(\\.\\./)+web/', message: 'Apps never import each other: what the console and the web app share goes to packages/shared.' },
  { regex: '^antd-mobile', message: 'The console is a desktop app: antd, not antd-mobile.' },
];

/** An operand naming a role: `role`, `x.role`, `distributorStaffType`, `staffType` (and the `x.` forms). */
const ROLE_OPERANDS = ['left', 'right']
  .flatMap((side) => [`[${side}.name=/^(role|distributorStaffType|staffType)$/]`, `[${side}.property.name=/^(role|distributorStaffType|staffType)$/]`])
  .join(', ');

const clientAddress = {
  selector: "MemberExpression[property.name='ip']:matches([object.name='request'], [object.name='req'])",
  message: 'Use request.clientKey (plugins/client-address.ts): limits key an IPv6 client by its /64.',
};
const roleComparison = {
  selector: `BinaryExpression[operator=/^[!=]==?$/]:matches([left.value=type(string)], [right.value=type(string)]):matches(${ROLE_OPERANDS})`,
  message: 'Roles are compared only in the access module: use a predicate of @baobei/shared/rules/access.',
};

/**
 * No API path written by hand in the web app (docs/decisions/027): a string or template that
 * starts with '/api/' is refused; every call goes through the contract's `api` and lib/api-client.
 */
const noApiPath = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      path: "No API path in the web app: call the endpoint through `api` from @baobei/shared/contract with `call`/`callAnswer` (lib/api-client.ts).",
    },
  },
  create(context) {
    const check = (node, text) => {
      if (typeof text === 'string' && text.startsWith('/api/')) context.report({ node, messageId: 'path' });
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateLiteral: (node) => check(node, node.quasis[0]?.value.cooked),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', '**/migrations/**', 'test-results/**', 'playwright-report/**', 'scripts/lint/fixtures/**'] },
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
    files: ['scripts/**/*.mjs', 'apps/web/scripts/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    // The shared package imports only zod and gcoord (BD-09/GCJ-02 by the library, DECISIONS.md Maps), and its own files.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|gcoord$|vitest$|\\./|\\.\\./)', message: 'packages/shared imports only zod and gcoord.' }] },
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
    // The layers below the modules (the database, shared helpers, access rules, the job queue)
    // never import a module: a module defines its jobs on the queue (ModuleOptions.jobs), its
    // clean-up through `jobs.retain`, never the other way round.
    files: ['apps/server/src/{db,lib,access,jobs}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+modules/',
              allowTypeImports: false,
              message: 'db/, lib/, access/ and jobs/ never import a module: the module hands them what they need.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 29, item 2: inside a module only its repositories speak SQL (drizzle-orm, the tables,
    // db/sql's shared fragments); everything else reaches the database through them. Types are free.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*-repository.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'SQL lives only in repositories (*-repository.ts).' },
            { group: ['../../db/schema', '../../db/schema/*', '../../db/sql/*'], allowTypeImports: true, message: 'SQL lives only in repositories (*-repository.ts).' },
          ],
        },
      ],
    },
  },
  {
    // A repository reaches only db/ (its tables and db/sql's shared fragments), access/, lib/ and
    // its own module; of another module, only types.
    files: ['apps/server/src/modules/*/*-repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `../<module>/…`: a sibling module (never `../../`, the server's own layers).
              regex: '^\\.\\./(?!\\.\\./)[^/]+/',
              allowTypeImports: true,
              message: "A repository reaches only db/, access/, lib/ and its own module: another module's tables go through that module.",
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles on the server either (a cycle makes start-up order matter).
    files: ['apps/server/src/**/*.ts', 'scripts/lint/fixtures/server/**/*.ts'],
    // A test file is imported by nothing, so no cycle runs through it.
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      // Packages are never parsed: a cycle forms only through the server's own files.
      'import/ignore': ['node_modules'],
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One server module shape (modules/module-options.ts): a module uses another module through
    // its service, never its repository; SQL lives only in repositories.
    files: ['apps/server/src/modules/*/*-service.ts', 'apps/server/src/modules/*/*-routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            // Another module's row types (PascalCase) are fine; its repository and functions are not.
            {
              group: ['../*/*-repository'],
              allowImportNamePattern: '^[A-Z]\\w*(?<!Repository)$',
              message: "Use the other module's service, never its repository.",
            },
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL lives only in repositories.' },
            { group: ['../../db/schema', '../../db/schema/*', '../../db/sql/*'], allowTypeImports: true, message: 'SQL lives only in repositories.' },
          ],
        },
      ],
    },
  },
  {
    // Route handlers call their module's service, never a repository.
    files: ['apps/server/src/modules/*/*-routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['./*-repository', '../*/*-repository'], importNamePattern: '^create|Repository$', message: 'Route handlers call the service, never a repository.' },
            { group: ['drizzle-orm', 'drizzle-orm/*', '../../db/*'], message: 'SQL lives only in repositories.' },
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
  {
    // Zones after bulletproof-react: app/ composes the features; components/, lib/ and api/ (the
    // queries several domains share) sit below them and never import a feature
    // (scripts/lint/web-zones.test.ts shows each refusal).
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverImportPatterns,
            {
              regex: '^(\\.{1,2}/)+features(/|$)',
              message: 'components/, lib/ and api/ never import a feature: move what both need down into components/, lib/ or api/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every API call goes through the contract; only the client itself handles paths. The web
    // fixtures are linted only by scripts/lint/web-api-path.test.ts.
    files: ['apps/web/src/**/*.{ts,tsx}', 'scripts/lint/fixtures/web/**/*.ts'],
    ignores: ['apps/web/src/lib/api-client.ts'],
    plugins: { baobei: { rules: { 'no-api-path': noApiPath } } },
    rules: { 'baobei/no-api-path': 'error' },
  },
  {
    // No import cycles in the web app. Cycles form through its relative imports (the shared
    // package never imports the app); the lint fixtures are linted only by the zone test.
    files: ['apps/web/src/**/*.{ts,tsx}', 'scripts/lint/fixtures/web/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // Packages are never parsed (antd-mobile and echarts alone took ~15 s of each lint).
      'import/ignore': ['node_modules'],
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The operator console (docs/decisions/040): a browser app like the web app, with the same
    // zones. It never imports the server nor the mobile app (apps never import each other: what
    // both need goes to packages/shared); its features never import each other; components/,
    // lib/ and api/ never import a feature; every call goes through the contract.
    files: ['apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: consoleImportPatterns }],
    },
  },
  {
    files: ['apps/admin/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...consoleImportPatterns,
            {
              // From features/<name>/<...>/file: a path that climbs to features/ and enters another folder.
              regex: '^(\\.\\./)+(?:features/)?(?!\\.)[\\w-]+/(?:api|pages|components)/',
              message: 'Features never import each other: move what both need to components/, lib/ or api/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/admin/src/components/**/*.{ts,tsx}', 'apps/admin/src/lib/**/*.{ts,tsx}', 'apps/admin/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...consoleImportPatterns,
            { regex: '^(\\.{1,2}/)+(features|app)(/|$)', message: 'components/, lib/ and api/ never import a feature or app/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    ignores: ['apps/admin/src/lib/api-client.ts'],
    plugins: { baobei: { rules: { 'no-api-path': noApiPath } } },
    rules: { 'baobei/no-api-path': 'error' },
  },
  {
    // One access module (docs/decisions/025): a role is compared with a string only in the
    // shared role rules and the server's scopes; everywhere else a predicate of rules/access.ts.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: ['packages/shared/src/rules/roles.ts', 'packages/shared/src/rules/access.ts', 'packages/shared/src/rules/access.test.ts', 'apps/server/src/access/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        roleComparison,
      ],
    },
  },
  {
    // docs/decisions/062: crypto.randomUUID exists only in secure contexts, and the app is also
    // served over plain http on a LAN address (the registration page failed to load there).
    // Keys come from the shared helper, which uses getRandomValues (there on every origin).
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}', 'scripts/lint/fixtures/browser/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'randomUUID',
          message: 'crypto.randomUUID is missing on plain-http origins: use newIdempotencyKey (@baobei/shared/rules/idempotency-key) or crypto.getRandomValues.',
        },
      ],
    },
  },
  {
    // Every per-address counter keys a client as request.clientKey does (an IPv6 client by its /64).
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', roleComparison, clientAddress] },
  },
  {
    // Issue 29: one writer of 操作日志, so every module's change is logged alike (a test may seed rows).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        roleComparison,
        clientAddress,
        {
          selector: "CallExpression[callee.property.name='insert'][arguments.0.name='auditLog']",
          message: 'Write the audit log through writeAuditLog (db/audit-log.ts).',
        },
      ],
    },
  },
);
