import { createHmac } from 'node:crypto';
import ExcelJS from 'exceljs';
import { adminPrivacyMessages as text_ } from '@baobei/shared/messages/admin/privacy';
import type { AdminPrivacyAnonymise, AdminPrivacyAnonymised, AdminPrivacyFind, AdminPrivacyRequestList } from '@baobei/shared/schemas/admin-privacy';
import type { Db } from '../../db/client';
import { writeAuditLog } from '../../db/audit-log';
import { exportFileName, formulaSafe } from '../../lib/excel-stream';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import { addCounts, type Anonymiser } from './anonymiser';
import { findAll, type Found, type PiiSourceReader } from './pii-sources';
import type { PrivacyRepository } from './privacy-repository';
import type { PiiAccessAnonymiser } from './pii-access-module';

export interface PrivacyServiceDeps {
  db: Db;
  sources: PiiSourceReader[];
  anonymiser: Anonymiser;
  requests: PrivacyRepository;
  accessLog: Pick<PiiAccessAnonymiser, 'unlink'>;
  /** The key of the phone's hash in pii_request (derived from the instance's secret). */
  phoneKeySecret: string;
  now?: () => Date;
}

const totalOf = (found: Found) => found.sources.reduce((n, s) => n + s.rows.length, 0);
const countsOf = (found: Found) => Object.fromEntries(found.sources.map((s) => [s.source, s.rows.length]));

/**
 * 个人信息请求 (issue 33 item 4, docs/decisions/093): find everything the company holds about a
 * phone, export it for the person, anonymise it with a reason. Each handling is recorded in
 * pii_request (the phone as a keyed hash, so the record keeps no number) and the audit log.
 */
export function createPrivacyService(deps: PrivacyServiceDeps) {
  const clock = deps.now ?? (() => new Date());
  const phoneKey = (companyId: number, phone: string) => createHmac('sha256', deps.phoneKeySecret).update(`${companyId}:${phone}`).digest('hex');

  /** The finder; another company's rows are never read (every source filters by company), so nothing of theirs: 404. */
  async function found(viewer: SessionUser, phone: string): Promise<Found> {
    const result = await findAll(deps.sources, viewer.companyId, phone);
    if (totalOf(result) === 0) throw new NotFoundError(text_.nothingFound);
    return result;
  }

  async function find(viewer: SessionUser, phone: string): Promise<AdminPrivacyFind> {
    const result = await found(viewer, phone);
    return { total: totalOf(result), sources: result.sources.map((s) => ({ source: s.source, count: s.rows.length, rows: s.rows })) };
  }

  /** The person's file: a sheet per source with every row; recorded before it is sent. */
  async function exportFile(viewer: SessionUser, phone: string): Promise<{ fileName: string; rows: number; body: Buffer }> {
    const result = await found(viewer, phone);
    const book = new ExcelJS.Workbook();
    for (const source of result.sources) {
      const sheet = book.addWorksheet(text_.sources[source.source] ?? source.source);
      // A source with no rows still has its sheet (the person sees it was looked in), with no columns.
      const columns = [...new Set(source.rows.flatMap((r) => Object.keys(r.fields)))];
      sheet.columns = columns.map((header) => ({ header, width: 20 }));
      sheet.getRow(1).font = { bold: true };
      for (const row of source.rows) sheet.addRow(columns.map((c) => formulaSafe(row.fields[c] ?? '')));
    }
    const body = Buffer.from(await book.xlsx.writeBuffer());
    const counts = countsOf(result);
    await deps.db.transaction(async (tx) => {
      const id = await deps.requests.insertRequest(tx, { companyId: viewer.companyId, phoneKey: phoneKey(viewer.companyId, phone), action: 'export', operatorId: viewer.id, counts });
      await writeAuditLog(tx, { companyId: viewer.companyId, actorId: viewer.id, action: 'privacy.export', entity: 'pii_request', entityId: id, detail: { actorCompanyId: viewer.companyId, actorRole: viewer.role, ...counts } });
    });
    return { fileName: exportFileName(text_.fileName, clock()), rows: totalOf(result), body };
  }

  /**
   * Anonymises every row found, in one transaction with its pii_request and audit rows; the
   * operator confirmed `total` rows, and a different count now (a new report since) is 409.
   */
  async function anonymise(viewer: SessionUser, input: AdminPrivacyAnonymise): Promise<AdminPrivacyAnonymised> {
    const result = await found(viewer, input.phone);
    if (totalOf(result) !== input.total) throw new ConflictError(text_.changed);
    const now = clock();
    const counts = countsOf(result);
    const done = await deps.db.transaction(async (tx) => {
      const changed = addCounts(
        await deps.anonymiser.reports(tx, viewer.companyId, result.reportIds, now),
        await deps.anonymiser.customers(tx, viewer.companyId, result.customerIds, now),
      );
      // Every access-log row of the number, also those of reports and customers not found by it now.
      await deps.accessLog.unlink(tx, viewer.companyId, { phone: input.phone });
      const id = await deps.requests.insertRequest(tx, {
        companyId: viewer.companyId,
        phoneKey: phoneKey(viewer.companyId, input.phone),
        action: 'anonymise',
        operatorId: viewer.id,
        reason: input.reason,
        counts,
      });
      await writeAuditLog(tx, { companyId: viewer.companyId, actorId: viewer.id, action: 'privacy.anonymise', entity: 'pii_request', entityId: id, detail: { actorCompanyId: viewer.companyId, actorRole: viewer.role, reason: input.reason, ...changed } });
      return changed;
    });
    return { total: totalOf(result), counts: { ...counts, pictures: done.pictures } };
  }

  async function requests(viewer: SessionUser, query: { page: number; pageSize: number }): Promise<AdminPrivacyRequestList> {
    const { rows, total } = await deps.requests.requests(viewer.companyId, query.page, query.pageSize);
    return { list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total, page: query.page, pageSize: query.pageSize };
  }

  return { find, exportFile, anonymise, requests };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
