import { describe, expect, it } from 'vitest';
import { APP_ROUTES, canOpenRoute, findRoute } from './routes';

describe('route table', () => {
  it('has unique names and paths', () => {
    expect(new Set(APP_ROUTES.map((r) => r.name)).size).toBe(APP_ROUTES.length);
    expect(new Set(APP_ROUTES.map((r) => r.path)).size).toBe(APP_ROUTES.length);
  });
  it('keeps the audit page for auditors', () => {
    const audit = findRoute('recordAudit');
    expect(canOpenRoute(audit, 'YUEWUYUAN')).toBe(false);
    expect(canOpenRoute(audit, 'CHANNELJINGLI')).toBe(false);
    expect(canOpenRoute(audit, 'AUDITOR')).toBe(true);
    expect(canOpenRoute(audit, null)).toBe(false);
  });
  it('keeps shop-manager pages for DIANZHANG and the customer list for staff', () => {
    expect(canOpenRoute(findRoute('staffList'), 'YUEWUYUAN')).toBe(false);
    expect(canOpenRoute(findRoute('staffList'), 'DIANZHANG')).toBe(true);
    expect(canOpenRoute(findRoute('customerList'), 'YUEWUYUAN')).toBe(true);
    expect(canOpenRoute(findRoute('customerList'), 'CHANNEL')).toBe(false);
  });
  it('opens the message centre to every signed-in role and to no visitor', () => {
    for (const name of ['messageList', 'messageSettings'] as const) {
      for (const role of ['YUEWUYUAN', 'DIANZHANG', 'CHANNEL', 'AUDITOR', 'AUDITORADMIN'] as const) {
        expect(canOpenRoute(findRoute(name), role)).toBe(true);
      }
      expect(canOpenRoute(findRoute(name), null)).toBe(false);
    }
  });
  it('opens public pages to visitors', () => {
    expect(canOpenRoute(findRoute('houseDetail'), null)).toBe(true);
    expect(canOpenRoute(findRoute('externalRecordList'), null)).toBe(true);
    expect(canOpenRoute(findRoute('recordList'), null)).toBe(false);
  });
});
