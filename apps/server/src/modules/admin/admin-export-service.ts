import type { Writable } from 'node:stream';
import { adminExportMessages as text_, adminRecordMessages as recordText } from '@baobei/shared/messages/admin';
import { adminDealMessages as dealText } from '@baobei/shared/messages/admin-deal';
import { settlementText } from '@baobei/shared/rules/commission';
import { funnelShare, type FunnelCounts } from '@baobei/shared/rules/record-funnel';
import { RECORD_STATUS_TEXT } from '@baobei/shared/rules/record-status';
import { protectionStanding } from '@baobei/shared/rules/record-view';
import { reportPhoneFor } from '@baobei/shared/rules/report-phone';
import { ROLE_LABELS } from '@baobei/shared/rules/roles';
import { EXPORT_MAX_ROWS, type AdminPaymentExportQuery, type AdminStaffExportQuery, type AdminStatisticsExportQuery } from '@baobei/shared/schemas/admin-export';
import { DATE_PRESETS, presetRange } from '@baobei/shared/rules/date-presets';
import { rangeDays } from '@baobei/shared/rules/statistics';
import type { AdminRecordFilter } from '@baobei/shared/schemas/admin-record';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { exportFileName, MINUTE_FORMAT, shanghaiCell, streamWorkbook, type ExcelColumn } from '../../lib/excel-stream';
import type { SessionUser } from '../auth/session-repository';
import type { StatsService } from '../stats/stats-service';
import type { ChannelService } from '../stats/channel-service';
import type { AdminDashboardQuery } from '@baobei/shared/schemas/dashboard';
import { dashboardRows, writeDashboardWorkbook } from './admin-export-dashboard';
import type { StatementService } from '../record/statement-service';
import type { StatementPaymentExportRow } from '../record/statement-repository';
import { statementMessages as statementText } from '@baobei/shared/messages/statement';
import type { AdminStatementExportQuery, StatementDeal } from '@baobei/shared/schemas/statement';
import type { DealSums } from '@baobei/shared/schemas/deal-sums';
import { createAdminExportRepository, EXPORT_BATCH, type ExportPaymentRow, type ExportRecordRow, type ExportStaffRow } from './admin-export-repository';
import { createAdminRecordRepository } from './admin-record-repository';
import { adminAccessLogMessages as accessText } from '@baobei/shared/messages/admin/access-log';
import { maskPhone } from '@baobei/shared/rules/phone';
import type { AdminAccessLogFilter } from '@baobei/shared/schemas/admin-access-log';
import { api } from '@baobei/shared/contract';
import type { PiiAccess } from '../privacy/pii-access';
import { routeLabel, toAccessLogItem, type PiiAccessConsole } from '../privacy/pii-access-console';
import type { PiiAccessRow } from '../privacy/pii-access-repository';

/** The route the report table's file is logged under (docs/decisions/092). */
const RECORDS_ROUTE = api.adminExport.records.path;

const DAY_FORMAT = 'yyyy-mm-dd';
const YUAN_FORMAT = '#,##0.00';
const PERCENT_FORMAT = '0.0%';

/** 分 → a 元 cell (a number with 2 decimals shown: the spreadsheet sums it); null without a deal. */
const yuanCell = (fen: number | string | null): number | null => (fen === null ? null : Number(fen) / 100);

/** A file ready to stream: its name, its row count (the X-Export-Rows header) and the writer. */
export interface ExportFile {
  fileName: string;
  rows: number;
  /** Writes the workbook into `out`, reading the rows batch by batch; `signal` stops it when the download is abandoned. */
  write(out: Writable, signal: AbortSignal): Promise<void>;
}

const FUNNEL_COLUMNS: ExcelColumn<FunnelCounts>[] = [
  { header: '报备', width: 10, value: (f) => f.reported },
  { header: '处理中', width: 10, value: (f) => f.processing },
  { header: '已发开发商', width: 12, value: (f) => f.sent },
  { header: '已到访', width: 10, value: (f) => f.visited },
  { header: '成交', width: 10, value: (f) => f.deal },
  { header: '确认成交', width: 10, value: (f) => f.confirmed },
  // A number (the share, 0.125) shown as 12.5%: the spreadsheet sorts and averages it; 0 without reports.
  { header: text_.colDealRate, width: 10, numFmt: PERCENT_FORMAT, value: (f) => funnelShare(f.deal, f.reported) },
];

/**
 * The console's Excel exports (issue 16, item 4; docs/decisions/049). Each acts on the actor's
 * company (the host's), writes one audit row (who, which export, the filter, the rows) before
 * the first byte, and shows what the actor may see: the customer phone by the shared rule
 * (rules/report-phone, a MASKED listing's number hidden from the console).
 */
export function createAdminExportService(deps: {
  db: Db;
  stats: StatsService;
  statements: StatementService;
  channel: ChannelService;
  /** docs/decisions/092: the full numbers a file hands out are logged, batch by batch; the access log's own export reads it. */
  pii: Pick<PiiAccess, 'record'>;
  accessLog: Pick<PiiAccessConsole, 'selection'>;
  now?: () => Date;
}) {
  const { db, stats, statements, channel, pii, accessLog } = deps;
  const clock = deps.now ?? (() => new Date());

  const repository = createAdminExportRepository(db);
  /** The company's warning hours, for the 保护期 columns. */
  const reports = createAdminRecordRepository(db);

  /** Committed before the file's first byte: an export cut short is still on record. */
  async function audit(actor: SessionUser, action: string, filter: Record<string, unknown>, rows: number) {
    await repository.insertAudit({
      companyId: actor.companyId,
      actorId: actor.id,
      action,
      detail: { actorCompanyId: actor.companyId, actorRole: actor.role, filter, rows },
    });
  }

  function checkSize(rows: number) {
    if (rows > EXPORT_MAX_ROWS) throw new ValidationError(text_.tooMany(EXPORT_MAX_ROWS));
  }

  return {
    /** 报备列表: the report table as filtered, one row per report, newest first. */
    async records(actor: SessionUser, filter: AdminRecordFilter): Promise<ExportFile> {
      const now = clock();
      const where = repository.recordsWhere(filter, actor.companyId, now);
      // The rows of the count: reports added while the file streams (a higher id) stay out of it.
      const [{ rows, maxId }, warningHours] = await Promise.all([
        repository.countRecords(where),
        reports.warningHours(actor.companyId),
      ]);
      checkSize(rows);
      await audit(actor, 'export.records', { ...filter }, rows);
      /** The table's 保护期 column: its words, and when the protection ends or ended. */
      const protectionOf = (r: ExportRecordRow) => protectionStanding(r, warningHours, now);
      const columns: ExcelColumn<ExportRecordRow>[] = [
        { header: text_.colId, width: 10, value: (r) => r.id },
        { header: text_.colCustomer, width: 12, value: (r) => r.customerName },
        { header: text_.colCustomerPhone, width: 15, value: (r) => reportPhoneFor(actor.role, r.ruleTel, r.customerPhone) },
        { header: text_.colHouse, width: 24, value: (r) => r.houseName },
        { header: text_.colDistributor, width: 20, value: (r) => r.distributorName ?? '' },
        { header: text_.colShop, width: 14, value: (r) => r.shopName },
        { header: text_.colBroker, width: 12, value: (r) => r.reporterName },
        { header: text_.colBrokerPhone, width: 14, value: (r) => r.reporterPhone },
        { header: text_.colReportedAt, width: 17, numFmt: MINUTE_FORMAT, value: (r) => shanghaiCell(r.createdAt) },
        { header: text_.colExpectedVisit, width: 17, numFmt: MINUTE_FORMAT, value: (r) => shanghaiCell(r.estimatedVisitTime) },
        { header: text_.colVisitedAt, width: 17, numFmt: MINUTE_FORMAT, value: (r) => shanghaiCell(r.visitTime) },
        { header: text_.colUpdatedAt, width: 17, numFmt: MINUTE_FORMAT, value: (r) => shanghaiCell(r.updatedAt) },
        { header: text_.colStatus, width: 12, value: (r) => RECORD_STATUS_TEXT[r.status] },
        { header: text_.colAuditor, width: 12, value: (r) => r.auditorName ?? '' },
        {
          header: text_.colProtection,
          width: 10,
          value: (r) => {
            const standing = protectionOf(r);
            return standing ? recordText.protectionState[standing.state] : '';
          },
        },
        {
          header: text_.colProtectUntil,
          width: 17,
          numFmt: MINUTE_FORMAT,
          value: (r) => {
            const standing = protectionOf(r);
            return standing ? shanghaiCell(standing.until) : null;
          },
        },
        // The deal (docs/decisions/055): empty cells without one; amounts are 元 numbers with 2 decimals.
        { header: dealText.exportSignedOn, width: 12, numFmt: DAY_FORMAT, value: (r) => (r.signedOn ? new Date(`${r.signedOn}T00:00:00Z`) : null) },
        { header: dealText.exportUnit, width: 14, value: (r) => (r.building === null ? '' : `${r.building} ${r.room ?? ''}`) },
        { header: dealText.exportFloorArea, width: 10, numFmt: '0.00', value: (r) => (r.floorArea === null ? null : Number(r.floorArea)) },
        { header: dealText.exportTotalPrice, width: 16, numFmt: YUAN_FORMAT, value: (r) => yuanCell(r.totalPriceFen) },
        { header: dealText.exportCommission, width: 14, numFmt: YUAN_FORMAT, value: (r) => yuanCell(r.commissionFen) },
        { header: dealText.exportPaid, width: 14, numFmt: YUAN_FORMAT, value: (r) => yuanCell(r.paidFen) },
        { header: dealText.exportSettlement, width: 10, value: (r) => (r.settlementState ? settlementText(r.settlementState) : '') },
      ];
      return {
        fileName: exportFileName(text_.recordsFile, now),
        rows,
        write: async (out, signal) => {
          const book = streamWorkbook(out, signal);
          const sheet = book.sheet({ name: text_.recordsSheet, columns });
          const viewer = { companyId: actor.companyId, userId: actor.id };
          for await (const batch of repository.records(where, maxId)) {
            if (signal.aborted) return;
            // One INSERT per batch, before its rows are written: a file never holds an unlogged number.
            await pii.record(viewer, RECORDS_ROUTE, batch.map((r) => ({ phone: reportPhoneFor(actor.role, r.ruleTel, r.customerPhone), recordId: r.id })));
            await sheet.addAll(batch);
          }
          await book.end();
        },
      };
    },

    /** 访问日志 (docs/decisions/092): the log as filtered, newest first; audited as export.access-log. */
    async accessLog(actor: SessionUser, filter: AdminAccessLogFilter): Promise<ExportFile> {
      const now = clock();
      const selection = await accessLog.selection(actor, filter, EXPORT_BATCH);
      checkSize(selection.rows);
      // The filter's phone is not written into the audit row: only whether one was given.
      const { phone, ...rest } = filter;
      await audit(actor, 'export.access-log', { ...rest, phone: phone ? maskPhone(phone) : undefined }, selection.rows);
      const columns: ExcelColumn<PiiAccessRow>[] = [
        { header: accessText.createdAt, width: 17, numFmt: MINUTE_FORMAT, value: (r) => shanghaiCell(r.createdAt) },
        { header: accessText.user, width: 14, value: (r) => toAccessLogItem(r).userName },
        { header: accessText.userPhone, width: 14, value: (r) => r.userPhone ?? '' },
        { header: accessText.phone, width: 15, value: (r) => r.phoneMasked },
        { header: accessText.record, width: 10, value: (r) => r.recordId },
        { header: accessText.customer, width: 10, value: (r) => r.customerId },
        { header: accessText.route, width: 16, value: (r) => routeLabel(r.route) },
        { header: accessText.api, width: 36, value: (r) => r.route },
      ];
      return {
        fileName: exportFileName(accessText.title, now),
        rows: selection.rows,
        write: async (out, signal) => {
          const book = streamWorkbook(out, signal);
          const sheet = book.sheet({ name: accessText.title, columns });
          for await (const batch of selection.batches()) {
            if (signal.aborted) return;
            await sheet.addAll(batch);
          }
          await book.end();
        },
      };
    },

    /** 结佣明细 (docs/decisions/055): every payment of the company paid in the period, with its deal and report. */
    async payments(actor: SessionUser, query: AdminPaymentExportQuery): Promise<ExportFile> {
      const now = clock();
      const range = presetRange(query.dateType, now);
      const days = range ? rangeDays(range) : null;
      const { rows, maxId } = await repository.countPayments(actor.companyId, days);
      checkSize(rows);
      await audit(actor, 'export.payments', { ...query }, rows);
      const columns: ExcelColumn<ExportPaymentRow>[] = [
        { header: dealText.exportPaidOn, width: 12, numFmt: DAY_FORMAT, value: (r) => new Date(`${r.paidOn}T00:00:00Z`) },
        { header: dealText.exportAmount, width: 14, numFmt: YUAN_FORMAT, value: (r) => yuanCell(r.amountFen) },
        { header: dealText.exportReference, width: 20, value: (r) => r.reference },
        { header: dealText.exportInvoiceNo, width: 20, value: (r) => r.invoiceNo },
        { header: dealText.exportPayer, width: 10, value: (r) => r.payerName },
        { header: dealText.exportRecordedAt, width: 17, numFmt: MINUTE_FORMAT, value: (r) => shanghaiCell(r.createdAt) },
        { header: dealText.exportRecordId, width: 10, value: (r) => r.recordId },
        { header: dealText.exportCustomer, width: 12, value: (r) => r.customerName },
        { header: dealText.exportHouse, width: 22, value: (r) => r.houseName },
        { header: dealText.exportUnit, width: 14, value: (r) => `${r.building} ${r.room}` },
        { header: dealText.exportBroker, width: 10, value: (r) => r.reporterName },
        { header: dealText.exportDistributor, width: 18, value: (r) => r.distributorName ?? '' },
        { header: dealText.exportTotalPrice, width: 16, numFmt: YUAN_FORMAT, value: (r) => yuanCell(r.totalPriceFen) },
        { header: dealText.exportCommission, width: 14, numFmt: YUAN_FORMAT, value: (r) => yuanCell(r.commissionFen) },
        { header: dealText.exportSettlement, width: 10, value: (r) => settlementText(r.settlementState) },
      ];
      return {
        fileName: exportFileName(dealText.paymentsFile, now),
        rows,
        write: async (out, signal) => {
          const book = streamWorkbook(out, signal);
          const sheet = book.sheet({ name: dealText.paymentsSheet, columns });
          for await (const batch of repository.payments(actor.companyId, days, maxId)) {
            if (signal.aborted) return;
            await sheet.addAll(batch);
          }
          await book.end();
        },
      };
    },

    /**
     * 数据驾驶舱 (issue 31, docs/decisions/087): what the page shows for the filter, in one
     * workbook: the overview, each dimension's ranking (a distributor's own when one is chosen)
     * and the auditors. Read from the kept counts, like the page.
     */
    async dashboard(actor: SessionUser, query: AdminDashboardQuery): Promise<ExportFile> {
      const now = clock();
      const reach = await channel.consoleReach(actor.companyId, query);
      const overview = await channel.overview(actor.companyId, reach, query);
      const period = overview.period;
      const dims = query.distributorId ? (['shop', 'reporter', 'house'] as const) : (['distributor', 'shop', 'reporter', 'house'] as const);
      const rankings = [];
      for (const dim of dims) rankings.push(await channel.ranking(actor.companyId, reach, { ...period, dim, order: 'reported' }));
      const auditors = await channel.auditors(actor.companyId, period);
      const book = { overview, rankings, auditors };
      const rows = dashboardRows(book);
      await audit(actor, 'export.dashboard', { ...query }, rows);
      return {
        fileName: exportFileName(`数据驾驶舱-${period.from}至${period.to}`, now),
        rows,
        write: (out, signal) => writeDashboardWorkbook(book, out, signal),
      };
    },

    /**
     * 对账单 (issue 30, item 6; docs/decisions/082): one distributor's month. 成交明细, one row
     * per deal in the statement's order and a 合计 row of the SQL sums; 付款明细, every payment of
     * those deals with its 发票号, a reversed one marked 已冲销 (it counts for nothing).
     */
    async statement(actor: SessionUser, query: AdminStatementExportQuery): Promise<ExportFile> {
      const now = clock();
      const target = await statements.consoleTarget(actor.companyId, query.distributorId, query.month);
      const parts = await statements.exportParts(target);
      const rows = parts.sums.dealCount + parts.payments;
      checkSize(rows);
      await audit(actor, 'export.statement', { distributorId: target.distributorId, month: target.month }, rows);
      const s = statementText;
      const day = (d: string) => new Date(`${d}T00:00:00Z`);
      // The 合计 row is the same shape: its label in the first column, the sums in the amounts'.
      type DealLine = StatementDeal | { total: DealSums };
      const of = <V>(line: DealLine, deal: (d: StatementDeal) => V, total: (t: DealSums) => V | null = () => null) => ('total' in line ? total(line.total) : deal(line));
      const dealColumns: ExcelColumn<DealLine>[] = [
        { header: s.colSignedOn, width: 12, numFmt: DAY_FORMAT, value: (l) => of<Date | string>(l, (d) => day(d.signedOn), () => s.totalRow) },
        { header: s.colRecordId, width: 10, value: (l) => of(l, (d) => d.recordId) },
        { header: s.colCustomer, width: 12, value: (l) => of(l, (d) => d.customerName) },
        { header: s.colHouse, width: 22, value: (l) => of(l, (d) => d.houseName) },
        { header: s.colUnit, width: 14, value: (l) => of(l, (d) => `${d.building} ${d.room}`) },
        { header: s.colBroker, width: 10, value: (l) => of(l, (d) => d.reporterName) },
        { header: s.colShop, width: 14, value: (l) => of(l, (d) => d.shopName) },
        { header: s.totalPrice, width: 16, numFmt: YUAN_FORMAT, value: (l) => of(l, (d) => yuanCell(d.totalPriceFen), (t) => yuanCell(t.totalPriceFen)) },
        { header: s.owed, width: 14, numFmt: YUAN_FORMAT, value: (l) => of(l, (d) => yuanCell(d.commissionFen), (t) => yuanCell(t.commissionFen)) },
        { header: s.paid, width: 14, numFmt: YUAN_FORMAT, value: (l) => of(l, (d) => yuanCell(d.paidFen), (t) => yuanCell(t.paidFen)) },
        { header: s.pending, width: 14, numFmt: YUAN_FORMAT, value: (l) => of(l, (d) => yuanCell(d.pendingFen), (t) => yuanCell(t.pendingFen)) },
        { header: s.colState, width: 14, value: (l) => of(l, (d) => d.settlementText, (t) => `${s.dealCount} ${t.dealCount}`) },
      ];
      const paymentColumns: ExcelColumn<StatementPaymentExportRow>[] = [
        { header: s.colPaidOn, width: 12, numFmt: DAY_FORMAT, value: (p) => day(p.paidOn) },
        { header: s.colAmount, width: 14, numFmt: YUAN_FORMAT, value: (p) => yuanCell(p.amountFen) },
        { header: s.colInvoiceNo, width: 22, value: (p) => p.invoiceNo },
        { header: s.colReference, width: 20, value: (p) => p.reference },
        { header: s.colPaymentState, width: 10, value: (p) => (p.reversedAt ? s.paymentReversed : s.paymentValid) },
        { header: s.colReverseReason, width: 20, value: (p) => p.reverseReason },
        { header: s.colRecordId, width: 10, value: (p) => p.recordId },
        { header: s.colCustomer, width: 12, value: (p) => p.customerName },
        { header: s.colUnit, width: 14, value: (p) => `${p.building} ${p.room}` },
      ];
      return {
        fileName: exportFileName(s.file(target.distributorName.replace(/[\\/:*?"<>|]/g, ''), target.month), now),
        rows,
        write: async (out, signal) => {
          const book = streamWorkbook(out, signal);
          const dealSheet = book.sheet({ name: s.dealsSheet, columns: dealColumns });
          for await (const batch of parts.deals(EXPORT_BATCH)) {
            if (signal.aborted) return;
            await dealSheet.addAll(batch.map(parts.toDeal));
          }
          await dealSheet.addAll([{ total: parts.sums }]);
          const paymentSheet = book.sheet({ name: s.paymentsSheet, columns: paymentColumns });
          for await (const batch of parts.paymentRows(EXPORT_BATCH)) {
            if (signal.aborted) return;
            await paymentSheet.addAll(batch);
          }
          await book.end();
        },
      };
    },

    /**
     * 报备统计: the funnel by distributor, by broker and by listing (the stats module's rules),
     * then 成交与佣金: the company's deals signed in the period, the console overview's figures
     * (docs/decisions/055). The deal sums exist for the company only, not per distributor, broker
     * or listing, and they count by signing date, not by report time: one row of their own.
     */
    async statistics(actor: SessionUser, query: AdminStatisticsExportQuery): Promise<ExportFile> {
      const now = clock();
      const [result, deals] = await Promise.all([
        stats.companyStatistics(actor.companyId, { dateType: query.dateType }),
        stats.companyDealSums(actor.companyId, { dateType: query.dateType }),
      ]);
      const rows = result.byDistributor.length + result.byBroker.length + result.byHouse.length + 1;
      await audit(actor, 'export.statistics', { ...query }, rows);
      return {
        fileName: exportFileName(text_.statisticsFile, now),
        rows,
        write: async (out, signal) => {
          const book = streamWorkbook(out, signal);
          const distributors = book.sheet<(typeof result.byDistributor)[number]>({
            name: text_.statisticsByDistributor,
            columns: [{ header: text_.colDistributor, width: 26, value: (r) => r.distributorName || text_.noDistributor }, ...FUNNEL_COLUMNS],
          });
          await distributors.addAll(result.byDistributor);
          const brokers = book.sheet<(typeof result.byBroker)[number]>({
            name: text_.statisticsByBroker,
            columns: [
              { header: text_.colBroker, width: 12, value: (r) => r.name },
              { header: text_.colPhone, width: 14, value: (r) => r.phone },
              { header: text_.colDistributor, width: 22, value: (r) => r.distributorName || text_.noDistributor },
              { header: text_.colShop, width: 14, value: (r) => r.shopName },
              ...FUNNEL_COLUMNS,
            ],
          });
          await brokers.addAll(result.byBroker);
          const houses = book.sheet<(typeof result.byHouse)[number]>({
            name: text_.statisticsByHouse,
            columns: [{ header: text_.colHouse, width: 26, value: (r) => r.houseName }, ...FUNNEL_COLUMNS],
          });
          await houses.addAll(result.byHouse);
          const dealSheet = book.sheet<typeof deals>({
            name: dealText.overviewTitle,
            columns: [
              { header: dealText.overviewPeriod, width: 24, value: (d) => (d.range ? `${d.range.start} 至 ${d.range.end}` : DATE_PRESETS[0].text) },
              { header: dealText.overviewCount, width: 10, value: (d) => d.sums.dealCount },
              { header: dealText.overviewValue, width: 18, numFmt: YUAN_FORMAT, value: (d) => yuanCell(d.sums.totalPriceFen) },
              { header: dealText.overviewOwed, width: 16, numFmt: YUAN_FORMAT, value: (d) => yuanCell(d.sums.commissionFen) },
              { header: dealText.overviewPaid, width: 16, numFmt: YUAN_FORMAT, value: (d) => yuanCell(d.sums.paidFen) },
              { header: dealText.overviewPending, width: 16, numFmt: YUAN_FORMAT, value: (d) => yuanCell(d.sums.pendingFen) },
              { header: dealText.notes, width: 34, value: () => dealText.overviewHint },
            ],
          });
          await dealSheet.addAll([deals]);
          await book.end();
        },
      };
    },

    /** 分销商员工: the accounts of the company's distributors. */
    async staff(actor: SessionUser, query: AdminStaffExportQuery): Promise<ExportFile> {
      const now = clock();
      const rows = await repository.countStaff(actor.companyId, query);
      checkSize(rows);
      await audit(actor, 'export.staff', { ...query }, rows);
      return {
        fileName: exportFileName(text_.staffFile, now),
        rows,
        write: async (out, signal) => {
            const book = streamWorkbook(out, signal);
            const sheet = book.sheet<ExportStaffRow>({
              name: text_.staffSheet,
              columns: [
                { header: text_.colDistributor, width: 24, value: (r) => r.distributorName ?? '' },
                { header: text_.colShop, width: 16, value: (r) => r.shopName },
                { header: text_.colName, width: 12, value: (r) => r.name },
                {
                  header: text_.colRole,
                  width: 12,
                  value: (r) => (r.distributorControl ? text_.generalAccount : ROLE_LABELS[r.role]),
                },
                { header: text_.colPhone, width: 14, value: (r) => r.phone },
                { header: text_.colActive, width: 8, value: (r) => (r.active ? text_.active : text_.inactive) },
                { header: text_.colCreatedAt, width: 17, numFmt: MINUTE_FORMAT, value: (r) => shanghaiCell(r.createdAt) },
              ],
            });
            for await (const batch of repository.staff(actor.companyId, query)) {
              if (signal.aborted) return;
              await sheet.addAll(batch);
            }
            await book.end();
        },
      };
    },
  };
}
export type AdminExportService = ReturnType<typeof createAdminExportService>;
