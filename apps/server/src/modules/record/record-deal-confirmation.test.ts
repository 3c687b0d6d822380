import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { isClosedStatus, RECORD_STATUSES, RECORD_STATUS_TEXT, type RecordStatus } from '@baobei/shared/rules/record-status';
import { canAuditTo } from '@baobei/shared/rules/record-view';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { company } from '../../db/schema';
import { insertReport, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Decision 022: a company with deal_confirm_by_admin on keeps 确认成交 (and moving a confirmed
 * deal) for the auditor admin. Its own app, so the setting is in place before the tenant
 * cache first reads the company.
 */
const recordText = messages.recordTrack;
const AUDITOR = '13800000006';
const ADMIN = '13800000007';
const rules = { dealConfirmByAdmin: true };
let t: TestApp;
let dataDir: string;
let cid: number;
let broker: number;
let auditor: number;
const tokens = new Map<string, string>();
async function post(url: string, phone: string, payload: object) {
  if (!tokens.has(phone)) tokens.set(phone, await t.login(phone));
  return t.call({ method: 'POST', url, payload, token: tokens.get(phone)!, host: HOSTS.localhost });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-deal-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  // get-company is tenant 'none': it does not fill the tenant cache before the update.
  cid = await t.companyIdOf(HOSTS.localhost);
  await t.database.db.update(company).set({ dealConfirmByAdmin: true, maxCustomersPerReport: 7 }).where(eq(company.id, cid));
  broker = await userIdOf(t, cid, '13800000003');
  auditor = await userIdOf(t, cid, AUDITOR);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const report = (status: RecordStatus) => insertReport(t, cid, { status, reporterId: broker, auditorId: auditor });
const audit = (phone: string, id: number, approvalStatus: RecordStatus) =>
  post('/api/record/submit-record-audit-data', phone, {
    id,
    approvalStatus,
    version: 1,
    reback: false,
    approvalResult: '审核意见',
    visitTime: approvalStatus === 'VISIT' ? formatShanghaiMinute(new Date(Date.now() - 3_600_000)) : '',
  });

describe('deal_confirm_by_admin on', () => {
  for (const [phone, actor] of [
    [AUDITOR, 'AUDITOR'],
    [ADMIN, 'AUDITORADMIN'],
  ] as const) {
    it(`${actor}: every status × every target`, async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const from of RECORD_STATUSES) {
        for (const to of RECORD_STATUSES) {
          const row = await report(from);
          const res = await audit(phone, row.id, to);
          got.push(`${from}→${to}: ${res.statusCode}`);
          const code = isClosedStatus(from) && actor === 'AUDITOR' ? 403 : canAuditTo(from, to, actor, rules) ? 200 : 400;
          want.push(`${from}→${to}: ${code}`);
          if (res.statusCode === 400) expect(res.json().msg).toBe(recordText.transitionRefused(RECORD_STATUS_TEXT[from], RECORD_STATUS_TEXT[to]));
        }
      }
      expect(got).toEqual(want);
    });
  }

  // Written out by hand: the second pair of eyes on deals.
  const HAND: [RecordStatus, RecordStatus, string, number][] = [
    ['MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', AUDITOR, 400],
    ['MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', ADMIN, 200],
    ['MAKEBARGAIN', 'MAKEBARGAINCLOSE', AUDITOR, 200],
    ['MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE', AUDITOR, 400],
    ['MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE', ADMIN, 200],
    ['VISIT', 'MAKEBARGAIN', AUDITOR, 200],
  ];
  it.each(HAND)('%s → %s by %s: %i', async (from, to, phone, code) => {
    const row = await report(from);
    expect((await audit(phone, row.id, to)).statusCode).toBe(code);
  });

  it('the audit page and the initial configs tell the client (with the company’s customers per report)', async () => {
    const row = await report('MAKEBARGAIN');
    const choices = async (phone: string) =>
      ((await post('/api/record/get-record-audit-data', phone, { id: row.id })).json().data.nextStatusList as { value: string }[]).map(
        (s) => s.value,
      );
    expect(await choices(AUDITOR)).toEqual(['MAKEBARGAINCLOSE']);
    expect(await choices(ADMIN)).toEqual(['MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE']);
    const init = await t.call({ method: 'GET', url: '/api/index/get-init-config', token: tokens.get(AUDITOR)!, host: HOSTS.localhost });
    expect(init.json().data).toMatchObject({ dealConfirmByAdmin: true, maxCustomersPerReport: 7 });
    const common = await t.call({ method: 'GET', url: '/api/index/get-common-init-config', host: HOSTS.localhost });
    expect(common.json().data).toMatchObject({ dealConfirmByAdmin: true, maxCustomersPerReport: 7 });
  });
});
