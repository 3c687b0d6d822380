import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import importPlugin from 'eslint-plugin-import';
import { describe, expect, it } from 'vitest';

/**
 * No API path in the web app (eslint.config.js `baobei/no-api-path`, docs/decisions/027): a
 * string or template starting with '/api/' is refused anywhere in apps/web/src but the client
 * itself; every call goes through the contract. The browser journeys and the server are not
 * concerned.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const RULE = 'baobei/no-api-path';
// import/no-cycle follows files on disk and is the zone test's concern: off here.
const withoutCycles = [{ files: ['**/*.{ts,tsx}'], plugins: { import: importPlugin }, rules: { 'import/no-cycle': 'off' } }];
const eslint = new ESLint({ cwd: root, overrideConfig: withoutCycles });
// `ignore: false`: the fixtures are ignored by the normal lint run (they are violations).
const fixtures = new ESLint({ cwd: root, ignore: false, overrideConfig: withoutCycles });

async function apiPaths(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const literal = "export const path = '/api/record/get-record-data';\n";
const template = 'export const path = (id: number) => `/api/record/${id}`;\n';

describe('no API path in the web app', () => {
  it('refuses the fixture’s literal and template', async () => {
    const [result] = await fixtures.lintFiles(['scripts/lint/fixtures/web/api-path.ts']);
    const refused = result!.messages.filter((m) => m.ruleId === RULE);
    expect(refused.map((m) => m.line)).toEqual([2, 3]);
    for (const m of refused) expect(m.message).toMatch(/call the endpoint through `api` from @baobei\/shared\/contract/);
  });

  it('refuses a literal or template starting with /api/ anywhere in apps/web/src', async () => {
    for (const filePath of ['apps/web/src/features/tracking/api/x.ts', 'apps/web/src/lib/x.ts', 'apps/web/src/components/x.tsx', 'apps/web/src/app/x.tsx']) {
      expect(await apiPaths(literal, filePath), filePath).toHaveLength(1);
      expect(await apiPaths(template, filePath), filePath).toHaveLength(1);
    }
    const jsx = "export const A = () => <a href=\"/api/docs\">docs</a>;\n";
    expect(await apiPaths(jsx, 'apps/web/src/app/x.tsx')).toHaveLength(1);
  });

  it('allows the client, other strings, the browser journeys and the server', async () => {
    expect(await apiPaths(literal, 'apps/web/src/lib/api-client.ts')).toEqual([]);
    expect(await apiPaths("export const a = ['/login', 'api/x', '/apix', `/my/${1}/api/`];\n", 'apps/web/src/lib/x.ts')).toEqual([]);
    expect(await apiPaths(literal, 'apps/web/e2e/x.spec.ts')).toEqual([]);
    expect(await apiPaths(literal, 'apps/server/src/modules/record/x.ts')).toEqual([]);
  });

  it('passes the real tree', async () => {
    // The repository's config, running only this rule (the whole set takes minutes here).
    const only = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE });
    const results = await only.lintFiles(['apps/web/src']);
    expect(results.length).toBeGreaterThan(100);
    expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === RULE).map((m) => `${r.filePath}:${m.line}`))).toEqual([]);
  });
});
