import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import importPlugin from 'eslint-plugin-import';
import { describe, expect, it } from 'vitest';

/**
 * The web app's lint zones (decision 029): features never import each other, components/ and
 * lib/ (and api/, the queries several domains share) never import a feature, app/ composes the features, and no import cycles. Each refusal
 * is shown on a deliberate violation, and a legal import passes.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
// `ignore: false`: the cycle fixtures are ignored by the normal lint run (they are a violation).
const eslint = new ESLint({ cwd: root, ignore: false });
// The zone checks lint text under made-up file names; import/no-cycle reads the files it
// follows from disk, so it is left to the fixture test below.
const zones = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['apps/web/src/**/*.{ts,tsx}'], plugins: { import: importPlugin }, rules: { 'import/no-cycle': 'off' } }],
});

async function lint(code: string, filePath: string) {
  const [result] = await zones.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.map((m) => m.ruleId);
}

describe('web lint zones', () => {
  it('refuses a feature importing another feature', async () => {
    const code = "import { useCompanyStore } from '../../tracking/api/query-keys';\nexport const x = useCompanyStore;\n";
    expect(await lint(code, 'apps/web/src/features/house/pages/x.tsx')).toContain('no-restricted-imports');
    // The report domain's four features too: tracking's pages get the deal card from app/.
    const deal = "import { DealSection } from '../../deal/components/deal-section';\nexport const x = DealSection;\n";
    expect(await lint(deal, 'apps/web/src/features/tracking/pages/x.tsx')).toContain('no-restricted-imports');
  });

  it('refuses lib/, components/ and api/ importing a feature', async () => {
    const code = "import { houseKeys } from '../features/house/api/query-keys';\nexport const x = houseKeys;\n";
    expect(await lint(code, 'apps/web/src/lib/x.ts')).toContain('no-restricted-imports');
    expect(await lint(code, 'apps/web/src/components/x.tsx')).toContain('no-restricted-imports');
    expect(await lint(code, 'apps/web/src/api/x.ts')).toContain('no-restricted-imports');
    const deeper = "import { houseKeys } from '../../features/house/api/query-keys';\nexport const x = houseKeys;\n";
    expect(await lint(deeper, 'apps/web/src/lib/session/x.ts')).toContain('no-restricted-imports');
  });

  it('lets a feature import itself, components/ and lib/, and app/ import a feature', async () => {
    const feature =
      "import { recordKeys } from '../api/query-keys';\nimport { call } from '../../../lib/api-client';\nexport const x = [recordKeys, call];\n";
    expect(await lint(feature, 'apps/web/src/features/tracking/pages/x.tsx')).toEqual([]);
    const app = "import { houseKeys } from '../features/house/api/query-keys';\nexport const x = houseKeys;\n";
    expect(await lint(app, 'apps/web/src/app/x.ts')).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const results = await eslint.lintFiles(['scripts/lint/fixtures/web/cycle-a.ts', 'scripts/lint/fixtures/web/cycle-b.ts']);
    for (const result of results) expect(result.messages.map((m) => m.ruleId)).toContain('import/no-cycle');
  });
});
