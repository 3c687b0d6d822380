import { messages } from '@baobei/shared/messages';
import { customRange } from '@baobei/shared/rules/date-presets';
import { isAuditorOfReport, isReporterSide, reportViewerFlags, transitionActorOf } from '@baobei/shared/rules/access';
import {
  canTransition,
  DEFAULT_TRANSITION_RULES,
  isClosedStatus,
  allowedTargets,
  RECORD_STATUS_TEXT,
  RECORD_STATUSES,
  recordStatusList,
  transitionNeedsVisitTime,
  type RecordStatus,
  type TransitionRules,
} from '@baobei/shared/rules/record-status';
import { statusesReaching } from '@baobei/shared/rules/record-funnel';
import { arrivalTimeProblem, canAuditTo, isAuditVisitTimeAllowed, isReportExpired, protectionEnded } from '@baobei/shared/rules/record-view';
import { reportPhoneFor, searchesEnteredPhone, type ReportReader } from '@baobei/shared/rules/report-phone';
import { plainUploadUrl } from '@baobei/shared/rules/upload-url';
import { formatShanghaiMinute, parseShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type {
  AuditSubmitInput,
  DistributorRecordListQuery,
  ExternalReport,
  ExternalSearch,
  RecordDetail,
  RecordList,
  RecordListItem,
  RecordListQuery,
  RecordViewerFlags,
} from '@baobei/shared/schemas/record-tracking';
import type { Db } from '../../db/client';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { keysetPage, keysetWindow, type KeysetQuery } from '../../lib/paging';
import type { SessionUser } from '../auth/session-repository';
import type { PictureSigner } from '../upload/picture-signer';
import { externalLinkPath, signExternalLink, verifyExternalLink } from './external-link';
import { createConsoleRecordActions } from './record-console';
import { createRecordConsoleRepository } from './record-console-repository';
import { CURSOR_FIELD, cursors, type RecordListCursor } from '@baobei/shared/schemas/cursor';
import { offersAwaitingVisitView } from '@baobei/shared/rules/awaiting-visit';
import { arrivalSearchOf } from '@baobei/shared/rules/arrival-search';
import type { RecordRepository } from './record-repository';
import type { DealService } from './deal-service';
import { createVisitFirst } from './visit-first';
import {
  type ExternalCursor,
  type ExternalFilter,
  type ExternalRow,
  type RecordFilters,
  type RecordItemRow,
  type RecordTrackingRepository,
  type ScopeKind,
  type Viewer,
} from './record-tracking-repository';
import type { Notify } from '../message/message-service';
import { proofPictureCheck, type PictureUploads } from './proof-pictures';
import type { HouseService } from '../house/house-service';

const recordText = messages.recordTrack;
/** What a list does with the items of its page as soon as they are read (the access log, decision 092). */
export type ShownItems = (items: RecordListItem[]) => Promise<void>;

/** Part 2, section 2.2: QR-code images per report. */
export const MAX_RECORD_IMAGES = 9;
/** External list: arrival confirmed means the report reached VISIT or a later step of the deal (the funnel's 已到访). */
export const EXTERNAL_CHECKED: readonly RecordStatus[] = statusesReaching('visited');

const minute = (at: Date | null | undefined) => (at ? formatShanghaiMinute(at) : '');

/** Customers' proofs are private pictures: answered as short-lived signed URLs (decision 018). */
function toItem(row: RecordItemRow, pictures: PictureSigner): RecordListItem {
  return {
    id: row.id,
    approvalStatus: row.status,
    statusText: RECORD_STATUS_TEXT[row.status],
    expired: isReportExpired(row.status, row.protectionExpiredAt),
    houseId: row.houseId,
    houseName: row.houseName,
    customerInfo: {
      name: row.customerName,
      phone: row.customerPhone,
      sex: row.customerSex,
      customerPic: pictures.signAll(row.customerPics),
      ruleTel: row.ruleTel,
      picConsentAt: minute(row.picConsentAt),
    },
    createdAt: minute(row.createdAt),
    auditAt: minute(row.auditAt),
    operateAt: minute(row.operateAt),
    visitTime: minute(row.visitTime),
    estimatedVisitTime: minute(row.estimatedVisitTime),
    protectUntil: minute(row.protectUntil),
    visitorNum: row.visitorNum,
    reception: row.reception,
    remark: row.remark,
    dkName: row.dkName,
    dkPhone: row.dkPhone,
    distributorName: row.distributorName ?? '',
    subdistributorName: row.shopName,
    subdistributorUserName: row.reporterName,
    subdistributorUserPhone: row.reporterPhone,
    channelName: row.channelName ?? '',
    channelMobile: row.channelPhone ?? '',
    approvalResult: row.approvalResult,
    version: row.version,
  };
}

/** Decision 019: the developer side reads a MASKED listing's customer phones hidden. */
function hiddenFor(reader: ReportReader, item: RecordListItem): RecordListItem {
  const phone = reportPhoneFor(reader, item.customerInfo.ruleTel, item.customerInfo.phone);
  return phone === item.customerInfo.phone ? item : { ...item, customerInfo: { ...item.customerInfo, phone } };
}

function toExternal(row: ExternalRow): ExternalReport {
  return {
    id: row.id,
    customerName: row.customerName,
    customerPhone: reportPhoneFor('EXTERNAL', row.ruleTel, row.customerPhone),
    customerSex: row.customerSex,
    visitorNum: row.visitorNum,
    estimatedVisitTime: minute(row.estimatedVisitTime),
    visitTime: minute(row.visitTime),
    createdAt: minute(row.createdAt),
    distributorName: row.distributorName ?? '',
    brokerName: row.brokerName,
    brokerPhone: row.brokerPhone,
    dkName: row.dkName,
    dkPhone: row.dkPhone,
    reception: row.reception,
    remark: row.remark,
    approvalStatus: row.status,
    statusText: RECORD_STATUS_TEXT[row.status],
    reportedBy: row.reportedBy,
  };
}

/**
 * The 案场 list's search (issue 32, item 6; docs/decisions/089), checked after the link (a bad
 * link is one 403 whatever else was sent): a name or a phone's last four digits (the shared
 * arrivalSearchOf), and one Shanghai day of expected visits.
 */
function externalSearchOf(input: ExternalSearch): ExternalFilter {
  const search = arrivalSearchOf(input.keyword);
  if ('problem' in search) throw new ValidationError(search.problem);
  return { search, visitDay: input.visitDay ? customRange(input.visitDay, input.visitDay) : null };
}

/** What this viewer may do with the report, alike on a list row and on the detail (the shared `reportViewerFlags`). */
function viewerFlags(viewer: Viewer, row: RecordItemRow): RecordViewerFlags {
  return reportViewerFlags(viewer, row, protectionEnded(row.status, row.protectionExpiredAt));
}

function filtersOf(query: RecordListQuery, reporterId = 0): RecordFilters {
  const [from, to] = query.searchDate.length === 2 ? [...query.searchDate].sort() : [];
  return { keyword: query.keyword, range: from && to ? customRange(from, to) : null, reporterId, awaitingVisit: query.awaitingVisit };
}

export function createRecordTrackingService(deps: {
  db: Db;
  tracking: RecordTrackingRepository;
  records: RecordRepository;
  /** The upload module's check of attached pictures (docs/decisions/062). */
  uploads: PictureUploads;
  externalLinkSecret: string;
  pictures: PictureSigner;
  /** The house module's write of a listing's arrival-link version (the house table is its own). */
  listings: Pick<HouseService, 'renewArrivalLink'>;
  now?: () => Date;
  /** Issue 17, item 5: the deal recorded in the audit's own transaction when the move to 成交 carries one (decision 052). */
  deals?: Pick<DealService, 'recordIn'>;
  /** Issue 17, item 4: the reporter's and shop manager's RECORD_DYNAMIC message, in the dynamic's transaction (decision 054). */
  notify?: Notify;
}) {
  const { db, tracking, records, externalLinkSecret: secret, pictures } = deps;
  const requireProofPictures = proofPictureCheck(deps.uploads, records);
  /** Report images (the 二维码 tab) are private: signed URLs, valid about an hour (decision 018). */
  const signImages = <T extends { url: string }>(images: T[]): T[] => images.map((i) => ({ ...i, url: pictures.sign(i.url) }));
  const clock = deps.now ?? (() => new Date());
  /** 到访为王 (decision 053): a confirmed arrival on a VISIT_FIRST listing closes the customer's other open reports. */
  const visitFirst = createVisitFirst({ records, tracking });
  /** The console's reassign and reopen (docs/decisions/048): through this repository's changeStatus, in the record module. */
  const consoleActions = createConsoleRecordActions({
    db,
    tracking,
    console: createRecordConsoleRepository(db),
    visitFirst,
    now: clock,
    ...(deps.notify ? { notify: deps.notify } : {}),
  });

  /**
   * A page of a report list. The tabs are counted only without a cursor: the first page the
   * web loads (the tabs it shows come from it) and every page of a client paging by number; a
   * cursor page answers `recordType: []` and `total: null` (docs/decisions/016).
   */
  /**
   * `onShown`: the access log of the numbers the page shows (docs/decisions/092), started as soon
   * as the page's rows are read, beside the tab counts, and awaited with them: the answer never
   * leaves without its log rows, and the log costs what the counts do not already take.
   */
  async function list(
    viewer: Viewer,
    kind: ScopeKind,
    filters: RecordFilters,
    status: RecordStatus | '',
    page: KeysetQuery<RecordListCursor>,
    onShown?: ShownItems,
  ): Promise<RecordList> {
    // 待到访 is the reporter side's view (docs/decisions/089), and a cursor pages the order it was made in.
    if (filters.awaitingVisit && !offersAwaitingVisitView(viewer.role)) throw new ValidationError(recordText.awaitingVisitRefused);
    const order = filters.awaitingVisit ? 'visit' : 'created';
    if (page.cursor && page.cursor.order !== order) throw new ValidationError(messages.input.invalid(CURSOR_FIELD));
    const codec = order === 'visit' ? cursors.recordVisit : cursors.record;
    // A phone keyword must not reveal the hidden digits: the developer side searches what it sees.
    filters = { ...filters, hiddenPhones: !searchesEnteredPhone(viewer.role) };
    const listed = tracking.list(viewer, kind, filters, status, keysetWindow({ ...page, cursor: page.cursor?.values })).then(async (rows) => {
      const items = rows.map((r) => ({ ...hiddenFor(viewer.role, toItem(r, pictures)), ...viewerFlags(viewer, r) }));
      await onShown?.(items);
      return { rows, items };
    });
    const [{ rows, items }, counts] = await Promise.all([listed, page.cursor ? null : tracking.countByStatus(viewer, kind, filters)]);
    const all = counts ? [...counts.values()].reduce((a, b) => a + b, 0) : 0;
    return {
      ...keysetPage(
        page,
        rows,
        items,
        counts ? (status ? (counts.get(status) ?? 0) : all) : null,
        (last) => codec.encode([last.cursorAt, last.id]),
      ),
      recordType: counts
        ? [
            { value: '', label: recordText.tabAll, number: all },
            ...RECORD_STATUSES.map((s) => ({ value: s, label: RECORD_STATUS_TEXT[s], number: counts.get(s) ?? 0 })),
          ]
        : [],
    };
  }

  async function findOrThrow(viewer: Viewer, kind: ScopeKind, id: number): Promise<RecordItemRow> {
    const row = await tracking.findItem(viewer, kind, id);
    if (!row) throw new NotFoundError(recordText.notFound);
    return row;
  }

  async function detail(viewer: Viewer, row: RecordItemRow, forAudit: boolean, rules: TransitionRules): Promise<RecordDetail> {
    const [approvals, dynamics, images] = await Promise.all([tracking.approvals(row.id), tracking.dynamics(row.id), tracking.images(row.id)]);
    const auditor = isAuditorOfReport(viewer, row);
    const reporterSide = isReporterSide(viewer, row);
    const actor = transitionActorOf(viewer.role);
    const next = auditor && actor ? allowedTargets(row.status, actor, rules) : [];
    const item = hiddenFor(viewer.role, toItem(row, pictures));
    return {
      ...item,
      supVisiTimeStr: item.visitTime,
      ...viewerFlags(viewer, row),
      // Absent, not 0, for everyone else: the audit page reads its absence as 无使用权限.
      ...(auditor || forAudit ? { approvalStatusPermission: 1 } : {}),
      upload: auditor || reporterSide ? 1 : 0,
      imageDelete: auditor ? 1 : 0,
      images: signImages(images),
      list: approvals.map((a) => ({
        approvalStatus: a.status,
        statusText: RECORD_STATUS_TEXT[a.status],
        userName: a.userName,
        userPhone: a.userPhone,
        createdAt: minute(a.createdAt),
        visitTime: minute(a.visitTime),
        estimatedVisitTime: minute(a.estimatedVisitTime),
        visitorNum: a.visitorNum,
        approvalResult: a.approvalResult,
      })),
      userRecordList: dynamics.map((d) => ({ createdAt: minute(d.createdAt), userName: d.userName, remark: d.remark })),
      recordStatusList: recordStatusList(),
      nextStatusList: next.map((value) => ({ value, text: RECORD_STATUS_TEXT[value] })),
      houseRecordTips: row.houseRecordTips,
      protectionMode: row.protectionMode,
    };
  }

  /** The audit form's visit time: '' is none; otherwise 2020-01-01 to now (DECISIONS.md). */
  function auditVisitTime(text: string | undefined, now: Date): Date | null {
    if (!text) return null;
    const at = parseShanghaiMinute(text);
    if (!at || !isAuditVisitTimeAllowed(at, now)) throw new ValidationError(recordText.visitTimeWindow(formatShanghaiMinute(now)));
    return at;
  }

  /** A bad sign, an unknown listing and another company's listing all look the same. */
  async function externalHouse(companyId: number, houseId: number, sign: string) {
    const found = await tracking.findHouse(companyId, houseId);
    if (!found || !verifyExternalLink(secret, { companyId, houseId, version: found.version }, sign)) {
      throw new ForbiddenError(recordText.externalLinkInvalid);
    }
    return found;
  }

  return {
    /** 我的订单 (docs/decisions/011). */
    async recordList(viewer: Viewer, query: RecordListQuery, page: KeysetQuery<RecordListCursor>, onShown?: ShownItems): Promise<RecordList> {
      return list(viewer, 'own', filtersOf(query), query.approvalStatus, page, onShown);
    },

    /** 公司订单: the shop or the whole distributor, optionally one broker of it. */
    async distributorRecordList(viewer: Viewer, query: DistributorRecordListQuery, page: KeysetQuery<RecordListCursor>, onShown?: ShownItems): Promise<RecordList> {
      return list(viewer, 'company', filtersOf(query, query.subdistributorUserId), query.approvalStatus, page, onShown);
    },

    async recordData(viewer: Viewer, id: number, rules: TransitionRules): Promise<RecordDetail> {
      return detail(viewer, await findOrThrow(viewer, 'any', id), false, rules);
    },

    async auditData(viewer: Viewer, id: number, rules: TransitionRules): Promise<RecordDetail> {
      return detail(viewer, await findOrThrow(viewer, 'audit', id), true, rules);
    },

    /**
     * The detail as the company's AUDITORADMIN reads it (every report of the company, phones as
     * entered), for the operator console's report drawer (docs/decisions/048); 404 when the
     * company has no such report.
     */
    async consoleDetail(companyId: number, id: number): Promise<RecordDetail> {
      const viewer: Viewer = { id: 0, companyId, role: 'AUDITORADMIN', distributorId: null, distributorControl: false };
      return detail(viewer, await findOrThrow(viewer, 'audit', id), true, DEFAULT_TRANSITION_RULES);
    },

    /** The console's 更换审核员 and 重新打开 (false: the version read is stale). */
    consoleReassign: consoleActions.reassign,
    consoleReopen: consoleActions.reopen,
    consoleReopenWarning: consoleActions.reopenWarning,

    /** Part 2, sections 2.3-5, then the server's own checks (docs/decisions/011). */
    /** `rules`: the company's transition settings (decision 022). */
    async submitAudit(viewer: SessionUser, input: AuditSubmitInput, rules: TransitionRules): Promise<RecordListItem> {
      const row = await findOrThrow(viewer, 'audit', input.id);
      const actor = transitionActorOf(viewer.role);
      if (!actor) throw new NotFoundError(recordText.notFound);
      // The rules below would be judged against a state this auditor never saw.
      if (row.version !== input.version) throw new ConflictError(recordText.staleVersion);
      const from = row.status;
      const to = input.approvalStatus;
      if (input.reback) {
        if (from !== 'RECORDSTART') throw new ValidationError(recordText.rebackOnlyPending);
        if (to !== 'RECORDCLOSE') throw new ValidationError(recordText.rebackOnlyClose);
      }
      if (isClosedStatus(from) && actor !== 'AUDITORADMIN') throw new ForbiddenError(recordText.closedAdminOnly);
      if (!canAuditTo(from, to, actor, rules)) throw new ValidationError(recordText.transitionRefused(RECORD_STATUS_TEXT[from], RECORD_STATUS_TEXT[to]));
      const now = clock();
      if (transitionNeedsVisitTime(to) && !input.visitTime) throw new ValidationError(recordText.visitTimeRequired);
      const visitTime = auditVisitTime(input.visitTime, now);

      const changed = await db.transaction(async (tx) => {
        const rivals = await visitFirst.prepareArrival(viewer.companyId, row.id, from, to, tx);
        const moved = await tracking.changeStatus(
          {
            companyId: viewer.companyId,
            recordId: row.id,
            version: input.version,
            from,
            to,
            approvalResult: input.approvalResult,
            visitTime,
            now,
            actor: { id: viewer.id, name: viewer.name, phone: viewer.phone },
            action: 'record.status',
          },
          tx,
        );
        if (moved && rivals) await visitFirst.closeRivals(viewer.companyId, rivals, now, tx);
        // The deal's rules refuse it, and the status change with it, unless the move is to 成交 or 确认成交.
        if (moved && input.deal && deps.deals) {
          await deps.deals.recordIn(tx, viewer, { id: row.id, companyId: viewer.companyId, houseId: row.houseId }, to, input.deal, now);
        }
        return moved;
      });
      if (!changed) throw new ConflictError(recordText.staleVersion);
      return hiddenFor(viewer.role, toItem(await findOrThrow(viewer, 'audit', row.id), pictures));
    },

    /** Part 2, section 2.2: QR-code images, uploaded by the reporter's side or the report's auditors. */
    async uploadImage(viewer: SessionUser, id: number, signedOrPlainUrl: string) {
      // The client sends back the signed URL it was shown; the plain '/uploads/<key>' is stored.
      const url = plainUploadUrl(signedOrPlainUrl);
      const row = await findOrThrow(viewer, 'any', id);
      if (!isAuditorOfReport(viewer, row) && !isReporterSide(viewer, row)) throw new ForbiddenError(messages.common.forbidden);
      // The viewer's own proof upload (docs/decisions/062): an avatar is public, never a report's picture.
      await requireProofPictures(viewer.companyId, viewer.id, [url], { field: '图片', notOwned: messages.recordServer.picNotOwned });
      return db.transaction(async (tx) => {
        await tracking.lockReport(row.id, tx);
        const existing = await tracking.images(row.id, tx);
        if (existing.length >= MAX_RECORD_IMAGES) throw new ValidationError(recordText.tooManyImages);
        const image = await tracking.addImage({ recordId: row.id, url, uploadedBy: viewer.id }, tx);
        await tracking.insertAuditLog(
          { companyId: viewer.companyId, actorId: viewer.id, action: 'record.image-add', entity: 'record', entityId: row.id, detail: { imageId: image.id } },
          tx,
        );
        return signImages([image])[0]!;
      });
    },

    async removeImage(viewer: SessionUser, id: number, imageId: number) {
      const row = await findOrThrow(viewer, 'audit', id);
      return db.transaction(async (tx) => {
        if (!(await tracking.removeImage(row.id, imageId, tx))) throw new NotFoundError(recordText.imageNotFound);
        await tracking.insertAuditLog(
          { companyId: viewer.companyId, actorId: viewer.id, action: 'record.image-remove', entity: 'record', entityId: row.id, detail: { imageId } },
          tx,
        );
        return signImages(await tracking.images(row.id, tx));
      });
    },

    /** Part 2, section 5: a customer dynamic; content required. */
    async addDynamic(viewer: SessionUser, id: number, remark: string) {
      if (!remark) throw new ValidationError(recordText.dynamicRequired);
      const row = await findOrThrow(viewer, 'any', id);
      const dynamics = await db.transaction(async (tx) => {
        await tracking.addDynamic({ recordId: row.id, userId: viewer.id, userName: viewer.name, remark }, tx);
        await deps.notify?.(tx, {
          kind: 'RECORD_DYNAMIC',
          companyId: viewer.companyId,
          recordId: row.id,
          actorId: viewer.id,
          actorName: viewer.name,
          remark,
          now: clock(),
        });
        return tracking.dynamics(row.id, tx);
      });
      return dynamics.map((d) => ({ createdAt: minute(d.createdAt), userName: d.userName, remark: d.remark }));
    },

    // External list (part 2, section 2.9; docs/decisions/011).

    async externalLink(companyId: number, houseId: number) {
      const found = await tracking.findHouse(companyId, houseId);
      if (!found) throw new NotFoundError(messages.recordServer.houseNotFound);
      const sign = signExternalLink(secret, { companyId, houseId, version: found.version });
      return { houseId, houseName: found.name, path: externalLinkPath(houseId, sign) };
    },

    async renewExternalLink(viewer: SessionUser, houseId: number) {
      const renewed = await db.transaction(async (tx) => {
        const row = await deps.listings.renewArrivalLink(tx, viewer.companyId, houseId);
        if (!row) throw new NotFoundError(messages.recordServer.houseNotFound);
        await tracking.insertAuditLog(
          {
            companyId: viewer.companyId,
            actorId: viewer.id,
            action: 'house.external-link-renew',
            entity: 'house',
            entityId: houseId,
            // The link's version, apart from the listing's (the console's history shows no listing version for it).
            detail: { actorCompanyId: viewer.companyId, actorRole: viewer.role, linkVersion: row.version },
          },
          tx,
        );
        return row;
      });
      const sign = signExternalLink(secret, { companyId: viewer.companyId, houseId, version: renewed.version });
      return { houseId, houseName: renewed.name, path: externalLinkPath(houseId, sign) };
    },

    async externalList(
      companyId: number,
      input: { houseId: number; sign: string; state: 'WAITING' | 'CHECKED' } & ExternalSearch,
      page: KeysetQuery<ExternalCursor>,
    ) {
      const found = await externalHouse(companyId, input.houseId, input.sign);
      const search = externalSearchOf(input);
      const statuses = input.state === 'WAITING' ? (['RECORDCOMPLETE'] as const) : EXTERNAL_CHECKED;
      const { rows, total } = await tracking.externalList(companyId, found.id, statuses, search, keysetWindow(page));
      return {
        houseName: found.name,
        protectionMode: found.protectionMode,
        // Confirming an arrival moves a report from waiting to checked: the cursor keeps the next page in place.
        ...keysetPage(page, rows, rows.map(toExternal), total, (last) => cursors.external.encode([last.cursorAt, last.id])),
      };
    },

    async externalCount(companyId: number, input: { houseId: number; sign: string } & ExternalSearch) {
      const found = await externalHouse(companyId, input.houseId, input.sign);
      const search = externalSearchOf(input);
      return {
        houseName: found.name,
        protectionMode: found.protectionMode,
        ...(await tracking.externalCounts(companyId, found.id, EXTERNAL_CHECKED, search)),
      };
    },

    /** The developer's on-site staff confirm an arrival: RECORDCOMPLETE → VISIT, like any status change. */
    async externalCheck(companyId: number, input: { houseId: number; sign: string; id: number; visitTime?: string }) {
      const found = await externalHouse(companyId, input.houseId, input.sign);
      const report = await tracking.findOfHouse(companyId, found.id, input.id);
      if (!report || !canTransition(report.status, 'VISIT', 'EXTERNAL', DEFAULT_TRANSITION_RULES)) throw new ConflictError(recordText.externalNotWaiting);
      const now = clock();
      // The actual visit time, default now, between the report's creation and now.
      let visitTime = now;
      if (input.visitTime) {
        const at = parseShanghaiMinute(input.visitTime);
        if (!at) throw new ValidationError(messages.input.invalid(recordText.fieldVisitTime));
        const problem = arrivalTimeProblem(at, report.createdAt, now);
        if (problem) throw new ValidationError(problem);
        visitTime = at;
      }
      const changed = await db.transaction(async (tx) => {
        const rivals = await visitFirst.prepareArrival(companyId, report.id, report.status, 'VISIT', tx);
        const moved = await tracking.changeStatus(
          {
            companyId,
            recordId: report.id,
            version: report.version,
            from: report.status,
            to: 'VISIT',
            requireFrom: true,
            approvalResult: recordText.externalCheckDone,
            visitTime,
            now,
            actor: { id: null, name: recordText.externalActor, phone: '' },
            action: 'record.external-check',
          },
          tx,
        );
        if (moved && rivals) await visitFirst.closeRivals(companyId, rivals, now, tx);
        return moved;
      });
      if (!changed) throw new ConflictError(recordText.externalNotWaiting);
      const row = await tracking.externalReport(companyId, found.id, report.id);
      if (!row) throw new AppError(500, messages.common.serverError);
      return toExternal(row);
    },
  };
}

export type RecordTrackingService = ReturnType<typeof createRecordTrackingService>;
