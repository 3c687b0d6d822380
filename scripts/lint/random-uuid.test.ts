import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * No crypto.randomUUID in the browser apps (eslint.config.js, docs/decisions/062): it exists only
 * in secure contexts, and the app is also served over plain http on a LAN address, where the
 * registration page failed to load. Keys come from @baobei/shared/rules/idempotency-key.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const RULE = 'no-restricted-properties';
// The repository's config, running only this rule (the whole set takes minutes here).
const only = (ignore = true) => new ESLint({ cwd: root, ignore, ruleFilter: ({ ruleId }) => ruleId === RULE });

async function refusals(code: string, filePath: string): Promise<number[]> {
  const [result] = await only().lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.line);
}

const call = 'export const key = crypto.randomUUID();\n';

describe('no crypto.randomUUID in the browser apps', () => {
  it('refuses the fixture’s direct, global and destructured uses, not getRandomValues', async () => {
    // `ignore: false`: the fixtures are ignored by the normal lint run (they are violations).
    const [result] = await only(false).lintFiles(['scripts/lint/fixtures/browser/random-uuid.ts']);
    const refused = result!.messages.filter((m) => m.ruleId === RULE);
    expect(refused.map((m) => m.line)).toEqual([2, 3, 4]);
    for (const m of refused) expect(m.message).toMatch(/newIdempotencyKey/);
  });

  it('refuses it anywhere in apps/web/src and apps/admin/src', async () => {
    for (const filePath of ['apps/web/src/features/account/pages/x.tsx', 'apps/web/src/lib/x.ts', 'apps/admin/src/features/house/components/x.tsx']) {
      expect(await refusals(call, filePath), filePath).toEqual([1]);
    }
  });

  it('leaves the server and the shared package alone', async () => {
    expect(await refusals(call, 'apps/server/src/modules/record/x.ts')).toEqual([]);
    expect(await refusals(call, 'packages/shared/src/rules/x.ts')).toEqual([]);
  });

  it('passes the real tree', async () => {
    const results = await only().lintFiles(['apps/web/src', 'apps/admin/src']);
    expect(results.length).toBeGreaterThan(100);
    expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === RULE).map((m) => `${r.filePath}:${m.line}`))).toEqual([]);
  }, 180_000);
});
