import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The server module shape (eslint.config.js): each deliberate violation is refused. */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

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

  it('refuse SQL in a service', async () => {
    const code = "import { eq } from 'drizzle-orm';\nexport const e = eq;\n";
    expect((await restrictedImports(code, `${modules}/auth/captcha-service.ts`)).join()).toMatch(/only in repositories/);
  });

  it('refuse a route handler using a repository or SQL', async () => {
    const repo = "import { createCompanyRepository } from './company-repository';\nexport const c = createCompanyRepository;\n";
    expect((await restrictedImports(repo, `${modules}/company/company-routes.ts`)).join()).toMatch(/never a repository/);
    const sql = "import { captcha } from '../../db/schema';\nexport const c = captcha;\n";
    expect((await restrictedImports(sql, `${modules}/auth/auth-routes.ts`)).join()).toMatch(/only in repositories/);
  });
});
