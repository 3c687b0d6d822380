import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { company } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../test/accounts';
import { auditMatrix, insertReport, submitAudit, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Decision 022: a company with deal_confirm_by_admin on keeps 确认成交 (and moving a confirmed
 * deal) for the auditor admin. Its own app, so the setting is in place before the tenant
 * cache first reads the company.
 */
const AUDITOR = DEMO_ACCOUNTS.auditor;
const ADMIN = DEMO_ACCOUNTS.auditorAdmin;
let t: TestApp;
let dataDir: string;
let cid: number;
let broker: number;
let auditor: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-deal-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  // get-company is tenant 'none': it does not fill the tenant cache before the update.
  cid = await t.companyIdOf(HOSTS.localhost);
  await t.database.db.update(company).set({ dealConfirmByAdmin: true, maxCustomersPerReport: 7 }).where(eq(company.id, cid));
  broker = await userIdOf(t, cid, DEMO_ACCOUNTS.broker);
  auditor = await userIdOf(t, cid, AUDITOR);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const report = (status: RecordStatus) => insertReport(t, cid, { status, reporterId: broker, auditorId: auditor });

describe('deal_confirm_by_admin on', () => {
  auditMatrix({
    rules: { dealConfirmByAdmin: true },
    report,
    audit: (phone, move) => submitAudit(t, phone, move),
    // Written out by hand: the second pair of eyes on deals.
    handWritten: [
      ['MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', AUDITOR, 400],
      ['MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', ADMIN, 200],
      ['MAKEBARGAIN', 'MAKEBARGAINCLOSE', AUDITOR, 200],
      ['MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE', AUDITOR, 400],
      ['MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE', ADMIN, 200],
      ['VISIT', 'MAKEBARGAIN', AUDITOR, 200],
    ],
  });

  it('the audit page and the initial configs tell the client (with the company’s customers per report)', async () => {
    const row = await report('MAKEBARGAIN');
    const choices = async (phone: string) =>
      ((await t.postAs('/api/record/get-record-audit-data', phone, { id: row.id })).json().data.nextStatusList as { value: string }[]).map(
        (s) => s.value,
      );
    expect(await choices(AUDITOR)).toEqual(['MAKEBARGAINCLOSE']);
    expect(await choices(ADMIN)).toEqual(['MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE']);
    const init = await t.call({ method: 'GET', url: '/api/index/get-init-config', token: await t.tokenOf(AUDITOR), host: HOSTS.localhost });
    expect(init.json().data).toMatchObject({ dealConfirmByAdmin: true, maxCustomersPerReport: 7 });
    const common = await t.call({ method: 'GET', url: '/api/index/get-common-init-config', host: HOSTS.localhost });
    expect(common.json().data).toMatchObject({ dealConfirmByAdmin: true, maxCustomersPerReport: 7 });
  });
});
