import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The access-module lint rule (eslint.config.js, docs/decisions/025): roles are compared only in the access module. */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function roleComparisons(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const violations = [
  "export const f = (viewer: { role: string }) => viewer.role === 'DIANZHANG';\n",
  "export const f = (role: string) => role !== 'AUDITOR';\n",
  "export const f = (role: string) => 'AUDITORADMIN' === role;\n",
  "export const f = (s: { distributorStaffType: string }) => s.distributorStaffType === 'YUEWUYUAN';\n",
  "export const f = (staffType: string) => staffType == 'CHANNEL';\n",
];

describe('access lint rule', () => {
  for (const code of violations) {
    it(`refuses ${code.trim()} in a server module, the shared package and the web`, async () => {
      for (const filePath of ['apps/server/src/modules/record/fake.ts', 'packages/shared/src/rules/fake.ts', 'apps/web/src/features/tracking/fake.ts']) {
        expect((await roleComparisons(code, filePath)).join(), filePath).toMatch(/access module/);
      }
    });
  }

  it('allows the same code inside the access module', async () => {
    for (const filePath of ['apps/server/src/access/fake.ts', 'packages/shared/src/rules/access.ts', 'packages/shared/src/rules/roles.ts']) {
      for (const code of violations) expect(await roleComparisons(code, filePath), filePath).toEqual([]);
    }
  });

  it('allows predicates and comparisons of other fields', async () => {
    const code =
      "import { isShopManager } from '@baobei/shared/rules/access';\nexport const f = (v: { role: string; status: string }) => isShopManager(v.role) && v.status === 'RECORDSTART' && v.role !== null;\n";
    expect(await roleComparisons(code, 'apps/server/src/modules/record/fake.ts')).toEqual([]);
  });
});
