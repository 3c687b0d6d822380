import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The server module shape (eslint.config.js): each deliberate violation is refused. */
const root = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });
// `ignore: false`: the cycle fixtures are ignored by the normal lint run (they are a violation).
const withFixtures = new ESLint({ cwd: root, ignore: false });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

const modules = 'apps/server/src/modules';

describe('server modules lint rules', () => {
  it("refuse a service importing another module's repository", async () => {
    const code = "import { createRecordRepository } from '../record/record-repository';\nexport const r = createRecordRepository;\n";
    expect((await restrictedImports(code, `${modules}/customer/customer-service.ts`)).join()).toMatch(/never its repository/);
    const typeOnly = "import type { RecordRepository } from '../record/record-repository';\nexport type R = RecordRepository;\n";
    expect((await restrictedImports(typeOnly, `${modules}/customer/customer-service.ts`)).join()).toMatch(/never its repository/);
  });

  it('allow a service the row types of another module and its own repository', async () => {
    const code =
      "import type { CompanyRow } from '../company/company-repository';\nimport type { CustomerRepository } from './customer-repository';\nexport type T = [CompanyRow, CustomerRepository];\n";
    expect(await restrictedImports(code, `${modules}/customer/customer-service.ts`)).toEqual([]);
  });

  it('refuse db/, lib/, access/ and jobs/ importing a module, and let a module import the job queue', async () => {
    const upward = "import { createMessageRepository } from '../modules/message/message-repository';\nexport const m = createMessageRepository;\n";
    for (const file of ['apps/server/src/jobs/jobs.ts', 'apps/server/src/db/audit-log.ts', 'apps/server/src/lib/keyset.ts', 'apps/server/src/access/scopes.ts']) {
      expect((await restrictedImports(upward, file)).join(), file).toMatch(/never import a module/);
    }
    const down = "import { JOB_NAMES } from '../../jobs/jobs';\nexport const n = JOB_NAMES;\n";
    expect(await restrictedImports(down, `${modules}/record/record-jobs.ts`)).toEqual([]);
  });

  it('refuse SQL in a service', async () => {
    const code = "import { eq } from 'drizzle-orm';\nexport const e = eq;\n";
    expect((await restrictedImports(code, `${modules}/auth/captcha-service.ts`)).join()).toMatch(/only in repositories/);
  });

  it('refuse an audit-log insert outside db/audit-log.ts, and let writeAuditLog write it', async () => {
    const direct = "import { auditLog } from '../../db/schema';\nimport type { Executor } from '../../db/client';\nexport const f = (tx: Executor) => tx.insert(auditLog).values([]);\n";
    const [result] = await eslint.lintText(direct, { filePath: `${modules}/user/staff-repository.ts` });
    expect((result?.messages ?? []).map((m) => m.message).join()).toMatch(/writeAuditLog/);
    const through = "import { writeAuditLog } from '../../db/audit-log';\nimport type { Executor } from '../../db/client';\nexport const f = (tx: Executor) => writeAuditLog(tx, []);\n";
    const [clean] = await eslint.lintText(through, { filePath: `${modules}/user/staff-repository.ts` });
    expect(clean?.messages ?? []).toEqual([]);
  });

  it('refuse a route handler using a repository or SQL', async () => {
    const repo = "import { createCompanyRepository } from './company-repository';\nexport const c = createCompanyRepository;\n";
    expect((await restrictedImports(repo, `${modules}/company/company-routes.ts`)).join()).toMatch(/never a repository/);
    const sql = "import { captcha } from '../../db/schema';\nexport const c = captcha;\n";
    expect((await restrictedImports(sql, `${modules}/auth/auth-routes.ts`)).join()).toMatch(/only in repositories/);
  });

  it('refuse SQL in a module file that is not a repository, and let it use the types', async () => {
    const values = "import { and } from 'drizzle-orm';\nimport { record } from '../../db/schema';\nexport const x = [and, record];\n";
    expect((await restrictedImports(values, `${modules}/record/visit-first.ts`)).join()).toMatch(/only in repositories/);
    const fragment = "import { samePhoneSql } from '../../db/sql/same-customer';\nexport const x = samePhoneSql;\n";
    expect((await restrictedImports(fragment, `${modules}/record/record-console.ts`)).join()).toMatch(/only in repositories/);
    expect((await restrictedImports(fragment, `${modules}/record/record-service.ts`)).join()).toMatch(/only in repositories/);
    const types = "import type { SQL } from 'drizzle-orm';\nimport type { record } from '../../db/schema';\nexport type X = [SQL, typeof record];\n";
    expect(await restrictedImports(types, `${modules}/record/visit-first.ts`)).toEqual([]);
  });

  it("refuse a repository reaching another module's SQL, and let it use db/, lib/, access/, its module and other modules' types", async () => {
    const reach = "import { recordKeywordCondition } from '../record/record-tracking-repository';\nexport const x = recordKeywordCondition;\n";
    expect((await restrictedImports(reach, `${modules}/customer/customer-repository.ts`)).join()).toMatch(/only db\/, access\/, lib\/ and its own module/);
    const own =
      "import { and } from 'drizzle-orm';\nimport { record } from '../../db/schema';\nimport { samePhoneSql } from '../../db/sql/same-customer';\nimport { keysetOrder } from '../../lib/keyset';\nimport { recordScope } from '../../access/scopes';\nimport { insertHistoryEntry } from './record-history-repository';\nimport type { CompanyRow } from '../company/company-repository';\nexport const x = [and, record, samePhoneSql, keysetOrder, recordScope, insertHistoryEntry];\nexport type C = CompanyRow;\n";
    expect(await restrictedImports(own, `${modules}/record/record-repository.ts`)).toEqual([]);
  });

  it('refuse an import cycle', async () => {
    const results = await withFixtures.lintFiles(['scripts/lint/fixtures/server/cycle-a.ts', 'scripts/lint/fixtures/server/cycle-b.ts']);
    for (const result of results) expect(result.messages.map((m) => m.ruleId)).toContain('import/no-cycle');
  });
});
