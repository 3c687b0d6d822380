import { adminRecordMessages as text_ } from '@baobei/shared/messages/admin';
import { RECORD_STATUS_TEXT, reopenTarget } from '@baobei/shared/rules/record-status';
import { formatFen, settlementText } from '@baobei/shared/rules/commission';
import { protectionStanding } from '@baobei/shared/rules/record-view';
import { reportPhoneFor } from '@baobei/shared/rules/report-phone';
import type { Role } from '@baobei/shared/rules/roles';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type {
  AdminRecordDetail,
  AdminRecordList,
  AdminRecordListQuery,
  AdminRecordOption,
  AdminRecordReassignInput,
  AdminRecordReopenInput,
  AdminRecordRow,
} from '@baobei/shared/schemas/admin-record';
import type { BatchReassignInput, BatchResult } from '@baobei/shared/schemas/admin-batch';
import type { Db } from '../../db/client';
import { eachRow, requireAll } from '../../lib/batch';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import type { ConsoleRecords } from '../record/record-module';
import { createAdminRecordRepository, type AdminRecordRowData } from './admin-record-repository';

const minute = (at: Date | null | undefined) => (at ? formatShanghaiMinute(at) : '');

/**
 * The console's report row. The phone as this reader may see it (decision 019's reportPhoneFor):
 * the console's roles read a MASKED listing's numbers hidden, as the developer side does, in the
 * table, the drawer and the Excel file alike (docs/decisions/048, 049).
 */
/** What a row's 保护期 is read against: the company's warning hours and the request's time. */
interface ProtectionClock {
  warningHours: number;
  now: Date;
}

/** The row's 保护期 (issue 28, item 4): the state, its words, and when it ends or ended. */
function protectionOf(row: AdminRecordRowData, clock: ProtectionClock): AdminRecordRow['protection'] {
  const standing = protectionStanding(row, clock.warningHours, clock.now);
  return standing && { state: standing.state, stateText: text_.protectionState[standing.state], until: minute(standing.until) };
}

function toRow(row: AdminRecordRowData, reader: Role, clock: ProtectionClock): AdminRecordRow {
  return {
    id: row.id,
    status: row.status,
    statusText: RECORD_STATUS_TEXT[row.status],
    customerName: row.customerName,
    customerPhone: reportPhoneFor(reader, row.ruleTel, row.customerPhone),
    customerSex: row.customerSex,
    houseId: row.houseId,
    houseName: row.houseName,
    distributorId: row.distributorId,
    distributorName: row.distributorName ?? '',
    reporterId: row.reporterId,
    reporterName: row.reporterName,
    reporterPhone: row.reporterPhone,
    shopName: row.shopName,
    auditorId: row.auditorId,
    auditorName: row.auditorName ?? '',
    createdAt: minute(row.createdAt),
    visitTime: minute(row.visitTime),
    estimatedVisitTime: minute(row.estimatedVisitTime),
    version: row.version,
    protection: protectionOf(row, clock),
    deal:
      row.dealTotalPriceFen === null || row.dealSettlementState === null
        ? null
        : {
            totalPriceFen: row.dealTotalPriceFen,
            totalPrice: formatFen(row.dealTotalPriceFen),
            commissionFen: Number(row.dealCommissionFen ?? 0),
            commission: formatFen(Number(row.dealCommissionFen ?? 0)),
            paidFen: row.dealPaidFen ?? 0,
            settlementState: row.dealSettlementState,
            settlementText: settlementText(row.dealSettlementState),
          },
  };
}

/** 报备管理 (issue 16, item 3; docs/decisions/048): the company's reports for both console roles. */
export function createAdminRecordService(deps: { db: Db; reader: ConsoleRecords; now?: () => Date }) {
  const { db, reader } = deps;
  const repo = createAdminRecordRepository(db);
  const clock = deps.now ?? (() => new Date());

  async function rowOrThrow(viewer: SessionUser, id: number): Promise<AdminRecordRow> {
    const companyId = viewer.companyId;
    const [row, warningHours] = await Promise.all([repo.findRow(companyId, id), repo.warningHours(companyId)]);
    if (!row) throw new NotFoundError(text_.notFound);
    return toRow(row, viewer.role, { warningHours, now: clock() });
  }

  /** A stale version: 409 with the version now, so the console reloads (as the listings, decision 039). */
  async function stale(companyId: number, id: number): Promise<never> {
    const row = await repo.findRow(companyId, id);
    if (!row) throw new NotFoundError(text_.notFound);
    throw new ConflictError(text_.stale, { reload: true, version: row.version });
  }

  return {
    async list(viewer: SessionUser, query: AdminRecordListQuery): Promise<AdminRecordList> {
      const { page, pageSize, ...filter } = query;
      const now = clock();
      const [rows, total, warningHours] = await Promise.all([
        repo.list(filter, viewer.companyId, { limit: pageSize, offset: (page - 1) * pageSize }, now),
        repo.count(filter, viewer.companyId, now),
        repo.warningHours(viewer.companyId),
      ]);
      return { list: rows.map((row) => toRow(row, viewer.role, { warningHours, now })), total, page, pageSize };
    },

    /** The row, and the record module's detail (history, images, dynamics) of the same report. */
    async get(viewer: SessionUser, id: number): Promise<AdminRecordDetail> {
      const row = await rowOrThrow(viewer, id);
      const detail = await reader.detail(viewer.companyId, id);
      const reopenTo = reopenTarget(row.status, detail.list.map((a) => a.approvalStatus));
      const history = detail.list.map((a) => ({
        status: a.approvalStatus,
        statusText: a.statusText,
        userName: a.userName,
        userPhone: a.userPhone,
        createdAt: a.createdAt,
        visitTime: a.visitTime,
        approvalResult: a.approvalResult,
      }));
      return {
        ...row,
        customerPics: detail.customerInfo.customerPic,
        picConsentAt: detail.customerInfo.picConsentAt,
        visitorNum: detail.visitorNum,
        dkName: detail.dkName,
        dkPhone: detail.dkPhone,
        reception: detail.reception,
        remark: detail.remark,
        approvalResult: detail.approvalResult,
        protectUntil: detail.protectUntil,
        channelName: detail.channelName,
        history,
        images: detail.images,
        dynamics: detail.userRecordList,
        reopenTo,
        reopenWarning: reopenTo ? await reader.reopenWarning(viewer.companyId, id) : null,
      };
    },

    async options(viewer: SessionUser, query: { kind: 'house' | 'distributor' | 'broker' | 'auditor'; keyword?: string; id?: number }): Promise<AdminRecordOption[]> {
      const rows = await repo.options(query.kind, viewer.companyId, query.keyword ?? '', query.id);
      return rows.map((r) => ({ value: r.value, label: r.label, disabled: !r.active || Number(r.vacation) === 1 }));
    },

    /**
     * 更换审核员 and 重新打开 are the record module's (docs/decisions/048): it locks the report,
     * checks the auditor or the status machine, and writes the change with its history and audit
     * rows. Here: the 409 of a stale version, and the row as the table shows it.
     */
    async reassign(viewer: SessionUser, input: AdminRecordReassignInput): Promise<AdminRecordRow> {
      if (!(await reader.reassign(viewer, input))) return stale(viewer.companyId, input.id);
      return rowOrThrow(viewer, input.id);
    },

    /**
     * 批量更换审核员 (issue 30, item 3): every id the company's report (404 otherwise), then each
     * reassigned as the one-row call does it, at the version read here; a report the auditor has
     * already, or that changed meanwhile, is that row's refusal.
     */
    async reassignMany(viewer: SessionUser, input: BatchReassignInput): Promise<BatchResult> {
      const versions = await repo.versionsOf(viewer.companyId, input.ids);
      requireAll(input.ids, [...versions.keys()], text_.notFound);
      return eachRow(input.ids, async (id) => {
        if (!(await reader.reassign(viewer, { id, auditorId: input.auditorId, version: versions.get(id)! }))) await stale(viewer.companyId, id);
      });
    },

    async reopen(viewer: SessionUser, input: AdminRecordReopenInput): Promise<AdminRecordRow> {
      if (!(await reader.reopen(viewer, input))) return stale(viewer.companyId, input.id);
      return rowOrThrow(viewer, input.id);
    },
  };
}

export type AdminRecordService = ReturnType<typeof createAdminRecordService>;
