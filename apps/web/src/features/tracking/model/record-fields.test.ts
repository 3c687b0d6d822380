import { messages } from '@baobei/shared/messages';
import { describe, expect, it } from 'vitest';
import { auditReportRows, recordFieldRows } from './record-fields';

const base = {
  createdAt: '2026-03-01 10:00',
  estimatedVisitTime: '2026-03-02 14:00',
  visitTime: '2026-03-02 15:00',
  supVisiTimeStr: '',
  auditAt: '',
  visitorNum: 2,
  distributorName: '椰城房产',
  subdistributorName: '海府路店',
  subdistributorUserName: '王五',
  subdistributorUserPhone: '13800000003',
  dkName: '',
  dkPhone: '',
  channelName: '李四',
  channelMobile: '13900000000',
  reception: '',
  remark: '',
  approvalResult: '',
  protectUntil: '2026-03-31 10:00',
};

describe('record field rows', () => {
  it('joins names with phones and says 暂无 for empty fields', () => {
    const rows = Object.fromEntries(recordFieldRows(base).map((r) => [r.key, r.value]));
    expect(rows.broker).toBe('王五 13800000003');
    expect(rows.distributor).toBe('椰城房产 海府路店');
    expect(rows.dk).toBe(messages.recordTrack.none);
    expect(rows.auditAt).toBe(messages.recordTrack.none);
    expect(rows.visitorNum).toBe('2');
  });
  it('prefers the server’s visit-time text', () => {
    const rows = recordFieldRows({ ...base, supVisiTimeStr: '2026-03-02 15:30' });
    expect(rows.find((r) => r.key === 'visitTime')?.value).toBe('2026-03-02 15:30');
  });
});

describe('audit report rows', () => {
  const report = {
    ...base,
    distributorName: '椰城房产',
    subdistributorName: '',
    dkName: '赵六',
    dkPhone: '13700000000',
    customerInfo: { name: '张三', phone: '13912345678', sex: 1 },
    houseName: '海景花园',
    reception: '',
    remark: '',
  };

  it('shows the expected visit time to the minute, as the detail does (issue 28, item 9)', () => {
    const rows = auditReportRows(report);
    const visit = rows.find((r) => r.key === 'estimatedVisitTime');
    expect(visit).toEqual({ key: 'estimatedVisitTime', label: messages.recordTrack.labelEstimatedVisit, value: '2026-03-02 14:00' });
    // In the copy format's place: after the project, before the reception.
    expect(rows.map((r) => r.label).slice(8, 11)).toEqual([
      messages.recordTrack.copyLabels.house,
      messages.recordTrack.labelEstimatedVisit,
      messages.recordTrack.copyLabels.reception,
    ]);
    expect(rows.some((r) => r.value === '2026-03-02')).toBe(false);
    expect(auditReportRows({ ...report, estimatedVisitTime: '' }).find((r) => r.key === 'estimatedVisitTime')?.value).toBe(messages.recordTrack.none);
  });

  it('follows the copy format with the detail rows it does not hold', () => {
    const keys = auditReportRows(report).map((r) => r.key);
    expect(keys.slice(-7)).toEqual(['createdAt', 'visitTime', 'auditAt', 'broker', 'channel', 'approvalResult', 'protectUntil']);
    expect(keys).toHaveLength(12 + 7);
  });
});
