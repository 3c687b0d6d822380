import { messages } from '@baobei/shared/messages';
import { describe, expect, it } from 'vitest';
import { recordFieldRows } from './record-fields';

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
