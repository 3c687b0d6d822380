import { dealSumsOf } from '@baobei/shared/schemas/deal-sums';
import { messages } from '@baobei/shared/messages';
import {
  adjustProblem,
  commissionOf,
  type CommissionBreakdown,
  type PolicyForDeal,
  formatFen,
  paymentProblem,
  policyForDeal,
  settlementState,
  settlementText,
  type SettlementState,
} from '@baobei/shared/rules/commission';
import { BUILDING_PROPERTIES, type BuildingProperty } from '@baobei/shared/rules/house';
import { DEAL_STATUSES, type RecordStatus } from '@baobei/shared/rules/record-status';
import { formatShanghaiMinute, shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { plainUploadUrl } from '@baobei/shared/rules/upload-url';
import type {
  CommissionAdjustInput,
  CommissionPaymentInput,
  Deal,
  DealEditInput,
  DealFields,
  DealList,
  DealSubmitInput,
  PaymentReverseInput,
} from '@baobei/shared/schemas/record-deal';
import type { BatchPayInput, BatchResult } from '@baobei/shared/schemas/admin-batch';
import type { Db, Executor } from '../../db/client';
import { eachRow, requireAll } from '../../lib/batch';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import type { PictureSigner } from '../upload/picture-signer';
import type { Notify } from '../message/message-service';
import type { DealReach, DealRepository, DealRow, PaymentRow } from './deal-repository';
import type { RecordRepository } from './record-repository';
import { proofPictureCheck, type PictureUploads } from './proof-pictures';

const text = messages.deal;

interface Deps {
  db: Db;
  deals: DealRepository;
  records: RecordRepository;
  /** The upload module's check of attached pictures (docs/decisions/062). */
  uploads: PictureUploads;
  pictures: PictureSigner;
  /** The message module's outbox writer: the broker and shop manager hear of a commission's change (issue 30, item 7). */
  notify?: Notify;
  now?: () => Date;
}

/** The actor of a change: the signed-in user (mobile or console). */
type Actor = Pick<SessionUser, 'id' | 'companyId'>;

/** What a deal keeps of the policy it was computed under, and how (the terms, the basis, the notes). */
function snapshotOf(policy: PolicyForDeal | null, breakdown: CommissionBreakdown): Record<string, unknown> {
  return {
    ...(policy
      ? {
          id: policy.id,
          buildingProperty: policy.buildingProperty,
          policyStartDate: policy.policyStartDate,
          policyEndDate: policy.policyEndDate,
          longTerm: policy.longTerm,
          secondaryPoint: policy.secondaryPoint,
          secondaryAward: policy.secondaryAward,
        }
      : {}),
    basis: breakdown.basis,
    notes: breakdown.notes,
  };
}

/** The policy a deal's snapshot holds (its terms as they were when the deal was recorded); null when it had none. */
function policyOfSnapshot(snapshot: Record<string, unknown> | null, property: BuildingProperty): PolicyForDeal | null {
  if (!snapshot || typeof snapshot.id !== 'number') return null;
  return {
    id: snapshot.id,
    buildingProperty: (snapshot.buildingProperty as BuildingProperty | undefined) ?? property,
    policyStartDate: (snapshot.policyStartDate as string | null | undefined) ?? null,
    policyEndDate: (snapshot.policyEndDate as string | null | undefined) ?? null,
    longTerm: snapshot.longTerm === true,
    secondaryPoint: typeof snapshot.secondaryPoint === 'string' ? snapshot.secondaryPoint : '',
    secondaryAward: typeof snapshot.secondaryAward === 'string' ? snapshot.secondaryAward : '',
    sort: 0,
  };
}

/** Issue 17, item 5 (docs/decisions/052): deals, their commission and its settlement. */
export function createDealService(deps: Deps) {
  const { db, deals, records, pictures } = deps;
  const requireProofPictures = proofPictureCheck(deps.uploads, records);
  const clock = deps.now ?? (() => new Date());

  function toDeal(row: DealRow, payments: PaymentRow[]): Deal {
    const d = row.deal;
    const owed = d.adjustedCommissionFen ?? d.commissionFen;
    const snapshot = (d.policySnapshot ?? {}) as Partial<NonNullable<Deal['policy']>> & { basis?: string; notes?: string[] };
    const policy: Deal['policy'] =
      snapshot.id === undefined
        ? null
        : {
            id: snapshot.id,
            policyStartDate: snapshot.policyStartDate ?? null,
            policyEndDate: snapshot.policyEndDate ?? null,
            longTerm: snapshot.longTerm ?? false,
            secondaryPoint: snapshot.secondaryPoint ?? '',
            secondaryAward: snapshot.secondaryAward ?? '',
          };
    return {
      id: d.id,
      recordId: d.recordId,
      houseName: row.houseName,
      customerName: row.customerName,
      reporterName: row.reporterName,
      building: d.building,
      room: d.room,
      floorArea: d.floorArea.toFixed(2),
      totalPriceFen: d.totalPriceFen,
      totalPrice: formatFen(d.totalPriceFen),
      signedOn: d.signedOn,
      contractPicture: pictures.sign(d.contractPicture),
      propertyType: d.propertyType,
      propertyTypeText: BUILDING_PROPERTIES[d.propertyType],
      policy,
      breakdown: {
        basis: snapshot.basis ?? '',
        baseFen: d.baseFen,
        incentiveFen: d.incentiveFen,
        totalFen: d.commissionFen,
        base: formatFen(d.baseFen),
        incentive: formatFen(d.incentiveFen),
        total: formatFen(d.commissionFen),
        notes: snapshot.notes ?? [],
      },
      adjustedCommissionFen: d.adjustedCommissionFen,
      adjustReason: d.adjustReason,
      commissionFen: owed,
      commission: formatFen(owed),
      paidFen: d.paidFen,
      paid: formatFen(d.paidFen),
      leftFen: Math.max(owed - d.paidFen, 0),
      left: formatFen(Math.max(owed - d.paidFen, 0)),
      settlementState: d.settlementState,
      settlementText: settlementText(d.settlementState),
      payments: payments.map((p) => ({
        id: p.payment.id,
        amountFen: p.payment.amountFen,
        amount: formatFen(p.payment.amountFen),
        paidOn: p.payment.paidOn,
        reference: p.payment.reference,
        invoiceNo: p.payment.invoiceNo,
        createdByName: p.createdByName,
        createdAt: formatShanghaiMinute(p.payment.createdAt),
        reversed: p.payment.reversedAt !== null,
        reverseReason: p.payment.reverseReason,
        reversedAt: p.payment.reversedAt ? formatShanghaiMinute(p.payment.reversedAt) : '',
      })),
      version: d.version,
      createdAt: formatShanghaiMinute(d.createdAt),
    };
  }

  async function dealAnswer(recordId: number, tx: Executor = db): Promise<Deal> {
    const row = await deals.dealOf(recordId, tx);
    if (!row) throw new NotFoundError(text.notFound);
    return toDeal(row, await deals.payments(row.deal.id, tx));
  }

  async function reportOrThrow(reach: DealReach, recordId: number) {
    const report = await deals.findReport(reach, recordId);
    if (!report) throw new NotFoundError(text.recordNotFound);
    return report;
  }

  /**
   * Records the deal of a report already locked in `tx` (the audit's status change to 成交 calls
   * it in its own transaction; submit-record-deal in one of its own). Every rule checked here.
   */
  async function recordIn(
    tx: Executor,
    actor: Actor,
    report: { id: number; companyId: number; houseId: number },
    status: RecordStatus,
    fields: DealFields,
    now: Date,
  ): Promise<void> {
    if (!DEAL_STATUSES.includes(status)) throw new ValidationError(text.notDealStatus);
    if (fields.signedOn > shanghaiDay(now)) throw new ValidationError(text.signedOnFuture);
    const contract = plainUploadUrl(fields.contractPicture);
    // The actor's own proof upload; an avatar or a console picture is public, never a contract (docs/decisions/062).
    await requireProofPictures(actor.companyId, actor.id, [contract], { field: '合同照片', notOwned: text.contractNotOwned }, tx);
    if (await deals.dealOf(report.id, tx)) throw new ConflictError(text.alreadyRecorded);
    const policies = await deals.policiesOf(report.houseId, tx);
    const policy = policyForDeal(policies, fields.propertyType, fields.signedOn);
    const breakdown = commissionOf(policy, fields.totalPrice);
    const id = await deals.insertDeal(
      {
        recordId: report.id,
        companyId: report.companyId,
        building: fields.building,
        room: fields.room,
        floorArea: fields.floorArea / 100,
        totalPriceFen: fields.totalPrice,
        signedOn: fields.signedOn,
        contractPicture: contract,
        propertyType: fields.propertyType,
        policyId: policy?.id ?? null,
        policySnapshot: snapshotOf(policy, breakdown),
        baseFen: breakdown.baseFen,
        incentiveFen: breakdown.incentiveFen,
        commissionFen: breakdown.totalFen,
        settlementState: 'PENDING',
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      },
      tx,
    );
    if (id === undefined) throw new ConflictError(text.alreadyRecorded);
    await deals.insertAuditLog(
      {
        companyId: report.companyId,
        actorId: actor.id,
        action: 'record.deal',
        entity: 'record',
        entityId: report.id,
        detail: { dealId: id, totalPriceFen: fields.totalPrice, signedOn: fields.signedOn, policyId: policy?.id ?? null, commissionFen: breakdown.totalFen },
      },
      tx,
    );
  }

  /** The report's deal under the report's lock (one deal's changes take turns), at `version` when one is named. */
  async function lockedDeal(tx: Executor, recordId: number, version?: number) {
    await deals.lockReport(recordId, tx);
    const row = await deals.dealOf(recordId, tx);
    if (!row) throw new ValidationError(text.notFound);
    if (version !== undefined && row.deal.version !== version) throw new ConflictError(text.staleVersion);
    return row.deal;
  }

  /**
   * One payment. `amount: 'pending'` (批量结佣) pays what is pending when the deal is locked, so
   * a payment that came first is never paid twice.
   */
  async function pay(reach: DealReach, actor: Actor, input: Omit<CommissionPaymentInput, 'amount'> & { amount: number | 'pending' }): Promise<Deal> {
    const report = await reportOrThrow(reach, input.id);
    const now = clock();
    if (input.paidOn > shanghaiDay(now)) throw new ValidationError(text.paidOnFuture);
    return db.transaction(async (tx) => {
      const d = await lockedDeal(tx, report.id);
      if (input.paidOn < d.signedOn) throw new ValidationError(text.paidOnBeforeSigned);
      const owed = d.adjustedCommissionFen ?? d.commissionFen;
      const amount = input.amount === 'pending' ? owed - d.paidFen : input.amount;
      if (input.amount === 'pending' && amount <= 0) throw new ValidationError(text.nothingPending);
      const problem = paymentProblem(owed, d.paidFen, amount);
      if (problem) throw new ValidationError(problem);
      const paidFen = d.paidFen + amount;
      const state: SettlementState = settlementState(owed, paidFen);
      const paymentId = await deals.addPayment(
        {
          dealId: d.id,
          companyId: d.companyId,
          amountFen: amount,
          paidOn: input.paidOn,
          reference: input.reference,
          invoiceNo: input.invoiceNo,
          createdBy: actor.id,
          createdAt: now,
          paidFen,
          settlementState: state,
          now,
        },
        tx,
      );
      await deals.insertAuditLog(
        {
          companyId: d.companyId,
          actorId: actor.id,
          action: 'record.commission-payment',
          entity: 'record',
          entityId: report.id,
          detail: { dealId: d.id, paymentId, amountFen: amount, paidOn: input.paidOn, reference: input.reference, invoiceNo: input.invoiceNo, from: d.settlementState, to: state },
        },
        tx,
      );
      await deps.notify?.(tx, {
        kind: 'COMMISSION',
        companyId: d.companyId,
        recordId: report.id,
        change: { type: 'PAID', amountFen: amount, paidFen, owedFen: owed },
        actorId: actor.id,
        now,
      });
      return dealAnswer(report.id, tx);
    });
  }

  /** The deal's columns an edit may change, by the input's names. */
  const EDITABLE = ['building', 'room', 'floorArea', 'totalPrice', 'signedOn', 'contractPicture', 'propertyType'] as const;

  /**
   * A correction of a recorded deal (issue 30, item 2; docs/decisions/080), with a reason, at the
   * version read. The commission is computed again: under the snapshot's policy when the property
   * type and signing date stay, else under the listing's policy valid for the new ones (as at
   * recording). An adjusted commission stays as adjusted. What is owed never falls below what was
   * paid (reverse a payment first). One audit row with every old and new value; the broker hears
   * of a changed commission.
   */
  async function edit(reach: DealReach, actor: Actor, input: DealEditInput): Promise<Deal> {
    const report = await reportOrThrow(reach, input.id);
    const now = clock();
    if (input.signedOn !== undefined && input.signedOn > shanghaiDay(now)) throw new ValidationError(text.signedOnFuture);
    return db.transaction(async (tx) => {
      const d = await lockedDeal(tx, report.id, input.version);
      const current = {
        building: d.building,
        room: d.room,
        floorArea: Math.round(d.floorArea * 100),
        totalPrice: d.totalPriceFen,
        signedOn: d.signedOn,
        contractPicture: d.contractPicture,
        propertyType: d.propertyType,
      };
      const next = { ...current };
      const changes: Record<string, { old: unknown; new: unknown }> = {};
      for (const field of EDITABLE) {
        const value = field === 'contractPicture' && input.contractPicture !== undefined ? plainUploadUrl(input.contractPicture) : input[field];
        if (value === undefined || value === current[field]) continue;
        Object.assign(next, { [field]: value });
        // The area in ㎡ as the form writes it (kept in hundredths while compared).
        changes[field] = field === 'floorArea' ? { old: current.floorArea / 100, new: (value as number) / 100 } : { old: current[field], new: value };
      }
      if (Object.keys(changes).length === 0) return dealAnswer(report.id, tx);
      if (changes.contractPicture) {
        await requireProofPictures(actor.companyId, actor.id, [next.contractPicture], { field: '合同照片', notOwned: text.contractNotOwned }, tx);
      }
      const reselect = changes.propertyType !== undefined || changes.signedOn !== undefined;
      const policy = reselect
        ? policyForDeal(await deals.policiesOf(report.houseId, tx), next.propertyType, next.signedOn)
        : policyOfSnapshot(d.policySnapshot, d.propertyType);
      const breakdown = commissionOf(policy, next.totalPrice);
      const owedBefore = d.adjustedCommissionFen ?? d.commissionFen;
      const owed = d.adjustedCommissionFen ?? breakdown.totalFen;
      if (owed < d.paidFen) throw new ValidationError(text.editBelowPaid(formatFen(d.paidFen)));
      if (breakdown.totalFen !== d.commissionFen) changes.commissionFen = { old: d.commissionFen, new: breakdown.totalFen };
      const state = settlementState(owed, d.paidFen);
      const saved = await deals.edit(
        d.id,
        input.version,
        {
          building: next.building,
          room: next.room,
          floorArea: next.floorArea / 100,
          totalPriceFen: next.totalPrice,
          signedOn: next.signedOn,
          contractPicture: next.contractPicture,
          propertyType: next.propertyType,
          ...(reselect ? { policyId: policy?.id ?? null } : {}),
          policySnapshot: snapshotOf(policy, breakdown),
          baseFen: breakdown.baseFen,
          incentiveFen: breakdown.incentiveFen,
          commissionFen: breakdown.totalFen,
          settlementState: state,
          updatedAt: now,
        },
        tx,
      );
      if (!saved) throw new ConflictError(text.staleVersion);
      await deals.insertAuditLog(
        { companyId: d.companyId, actorId: actor.id, action: 'record.deal-edit', entity: 'record', entityId: report.id, detail: { dealId: d.id, reason: input.reason, changes } },
        tx,
      );
      if (owed !== owedBefore) {
        await deps.notify?.(tx, { kind: 'COMMISSION', companyId: d.companyId, recordId: report.id, change: { type: 'ADJUSTED', amountFen: owed, reason: input.reason }, actorId: actor.id, now });
      }
      return dealAnswer(report.id, tx);
    });
  }

  /**
   * 冲销 (issue 30, item 2; docs/decisions/080): one payment reversed with a reason. It is kept,
   * marked, and no longer counted as paid; the settlement state follows. A payment is reversed
   * once; the report's lock orders it with payments and edits of the same deal.
   */
  async function reverse(reach: DealReach, actor: Actor, input: PaymentReverseInput): Promise<Deal> {
    const report = await reportOrThrow(reach, input.id);
    const now = clock();
    return db.transaction(async (tx) => {
      const d = await lockedDeal(tx, report.id);
      const payment = await deals.lockPayment(d.id, input.paymentId, tx);
      if (!payment) throw new ValidationError(text.paymentNotFound);
      if (payment.reversedAt) throw new ConflictError(text.paymentReversed);
      const owed = d.adjustedCommissionFen ?? d.commissionFen;
      const paidFen = d.paidFen - payment.amountFen;
      const state = settlementState(owed, paidFen);
      await deals.reversePayment({ dealId: d.id, paymentId: payment.id, reason: input.reason, by: actor.id, paidFen, settlementState: state, now }, tx);
      await deals.insertAuditLog(
        {
          companyId: d.companyId,
          actorId: actor.id,
          action: 'record.commission-reverse',
          entity: 'record',
          entityId: report.id,
          detail: { dealId: d.id, paymentId: payment.id, amountFen: payment.amountFen, reason: input.reason, from: d.settlementState, to: state },
        },
        tx,
      );
      await deps.notify?.(tx, {
        kind: 'COMMISSION',
        companyId: d.companyId,
        recordId: report.id,
        change: { type: 'REVERSED', amountFen: payment.amountFen, paidFen, owedFen: owed, reason: input.reason },
        actorId: actor.id,
        now,
      });
      return dealAnswer(report.id, tx);
    });
  }

  /** submit-record-deal's recording, in its own transaction under the report's lock (the status as it is then). */
  async function submit(reach: DealReach, actor: Actor, input: DealSubmitInput): Promise<Deal> {
    const report = await reportOrThrow(reach, input.id);
    const now = clock();
    return db.transaction(async (tx) => {
      await deals.lockReport(report.id, tx);
      // The status as it is under the lock, not as it was read before it.
      const locked = await deals.findReport(reach, report.id, tx);
      if (!locked) throw new NotFoundError(text.recordNotFound);
      await recordIn(tx, actor, locked, locked.status, input, now);
      return dealAnswer(report.id, tx);
    });
  }

  /** 调整佣金 with a reason at the version read, never below what was paid (decision 052); audited; the broker hears of it (079). */
  async function adjust(reach: DealReach, actor: Actor, input: CommissionAdjustInput): Promise<Deal> {
    const report = await reportOrThrow(reach, input.id);
    const now = clock();
    return db.transaction(async (tx) => {
      const d = await lockedDeal(tx, report.id, input.version);
      const problem = adjustProblem(input.adjustedCommission, d.paidFen);
      if (problem) throw new ValidationError(problem);
      const state = settlementState(input.adjustedCommission, d.paidFen);
      if (!(await deals.adjust(d.id, input.version, { adjustedCommissionFen: input.adjustedCommission, adjustReason: input.reason, settlementState: state, now }, tx))) {
        throw new ConflictError(text.staleVersion);
      }
      await deals.insertAuditLog(
        {
          companyId: d.companyId,
          actorId: actor.id,
          action: 'record.commission-adjust',
          entity: 'record',
          entityId: report.id,
          detail: { dealId: d.id, from: d.adjustedCommissionFen ?? d.commissionFen, to: input.adjustedCommission, reason: input.reason },
        },
        tx,
      );
      await deps.notify?.(tx, {
        kind: 'COMMISSION',
        companyId: d.companyId,
        recordId: report.id,
        change: { type: 'ADJUSTED', amountFen: input.adjustedCommission, reason: input.reason },
        actorId: actor.id,
        now,
      });
      return dealAnswer(report.id, tx);
    });
  }

  return {
    recordIn,

    submit: (viewer: SessionUser, input: DealSubmitInput) => submit({ viewer, kind: 'audit' }, viewer, input),
    /** The console operator records the deal of a 成交 report of the company (docs/decisions/085), by the same rules. */
    submitAsOperator: (actor: SessionUser, companyId: number, input: DealSubmitInput) => submit({ console: companyId }, actor, input),

    async get(viewer: SessionUser, recordId: number): Promise<{ deal: Deal | null }> {
      const report = await reportOrThrow({ viewer, kind: 'any' }, recordId);
      const row = await deals.dealOf(report.id);
      return { deal: row ? toDeal(row, await deals.payments(row.deal.id)) : null };
    },

    /** The console's read (docs/decisions/055): a report of the host's company, any status. */
    async getAsOperator(companyId: number, recordId: number): Promise<{ deal: Deal | null }> {
      const report = await reportOrThrow({ console: companyId }, recordId);
      const row = await deals.dealOf(report.id);
      return { deal: row ? toDeal(row, await deals.payments(row.deal.id)) : null };
    },

    adjust: (viewer: SessionUser, input: CommissionAdjustInput) => adjust({ viewer, kind: 'audit' }, viewer, input),
    /** The console operator's adjustment (docs/decisions/085): any report of the company, by the same rules. */
    adjustAsOperator: (actor: SessionUser, companyId: number, input: CommissionAdjustInput) => adjust({ console: companyId }, actor, input),

    /** The auditor admin's payment (the report's audit scope). */
    payAsAuditor: (viewer: SessionUser, input: CommissionPaymentInput) => pay({ viewer, kind: 'audit' }, viewer, input),

    /** Corrections (docs/decisions/080): the auditor admin in the report's audit scope, the console operator in the company. */
    editAsAuditor: (viewer: SessionUser, input: DealEditInput) => edit({ viewer, kind: 'audit' }, viewer, input),
    editAsOperator: (actor: SessionUser, companyId: number, input: DealEditInput) => edit({ console: companyId }, actor, input),
    reverseAsAuditor: (viewer: SessionUser, input: PaymentReverseInput) => reverse({ viewer, kind: 'audit' }, viewer, input),
    reverseAsOperator: (actor: SessionUser, companyId: number, input: PaymentReverseInput) => reverse({ console: companyId }, actor, input),

    /** The console operator's payment (any report of the host's company). */
    payAsOperator: (actor: SessionUser, companyId: number, input: CommissionPaymentInput) => pay({ console: companyId }, actor, input),
    /**
     * 批量结佣 (issue 30, item 3): every id the company's report (404 otherwise), then each deal's
     * whole pending commission paid as its own payment (its transaction, audit row and message);
     * a report without a deal, or with nothing pending, is that row's refusal.
     */
    async payPendingManyAsOperator(actor: SessionUser, companyId: number, input: BatchPayInput): Promise<BatchResult> {
      requireAll(input.ids, await deals.reportIdsOfCompany(companyId, input.ids), text.recordNotFound);
      return eachRow(input.ids, (id) => pay({ console: companyId }, actor, { id, paidOn: input.paidOn, reference: input.reference ?? '', invoiceNo: input.invoiceNo ?? '', amount: 'pending' }));
    },

    async list(viewer: SessionUser, body: { scope: 'own' | 'company'; settlementState?: SettlementState | undefined }, query: { page: number; pageSize: number }): Promise<DealList> {
      const { rows, total, sums } = await deals.list(viewer, body.scope, body.settlementState, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        list: rows.map((row) => {
          const { payments: _p, contractPicture: _c, policy: _policy, ...item } = toDeal(row, []);
          return item;
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
        sums: dealSumsOf(sums),
      };
    },
  };
}

export type DealService = ReturnType<typeof createDealService>;
