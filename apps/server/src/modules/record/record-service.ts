import { shopManagerOfReporter } from '@baobei/shared/rules/access';
import { randomUUID } from 'node:crypto';
import { messages } from '@baobei/shared/messages';
import { duplicateKey, phoneMatch } from '@baobei/shared/rules/duplicate-phone';
import { blockingReports, customerDisplayName, houseNotReportableMessage, validateCustomer, validateRecordSubmit } from '@baobei/shared/rules/record-submit';
import { plainUploadUrl } from '@baobei/shared/rules/upload-url';
import { formatShanghaiMinute, parseShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { isVisitTimeAllowed, visitTimeWindow } from '@baobei/shared/rules/visit-time';
import type { RecordSubmitInput } from '@baobei/shared/schemas/record';
import type { Db } from '../../db/client';
import { nameAnchor } from '../../lib/name-anchor';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import type { CompanyRow } from '../company/company-repository';
import type { RecordInsert, RecordRepository } from './record-repository';
import type { Notify } from '../message/message-service';
import type { Customers } from '../customer/customer-module';
import { proofPictureCheck, type PictureUploads } from './proof-pictures';

const recordServerText = messages.recordServer;

export interface SubmitResult {
  submissionId: string;
  recordIds: number[];
  msg: string;
  msgTitle: string;
}

export function createRecordService(deps: {
  db: Db;
  records: RecordRepository;
  /** The upload module's check of attached pictures (docs/decisions/062). */
  uploads: PictureUploads;
  now?: () => Date;
  /** Issue 17, item 4: the assigned auditor's RECORD_NEW message, in the submit's transaction (decision 054). */
  notify?: Notify;
  /** The customer module, the table's owner: the report's customers saved in the submit's transaction. */
  customers: Pick<Customers, 'saveForReport'>;
}) {
  const { db, records } = deps;
  const clock = deps.now ?? (() => new Date());
  const requireProofPictures = proofPictureCheck(deps.uploads, records);

  return {
    /**
     * Refuses (400) a customer's pictures that are not this user's own proofs: their uploads for a
     * proof, or their customers' images (docs/decisions/062). URLs plain ('/uploads/<key>').
     */
    async requireCustomerPictures(companyId: number, userId: number, urls: string[]): Promise<void> {
      await requireProofPictures(companyId, userId, urls, { field: '客户资质图片', notOwned: recordServerText.picNotOwned });
    },

    /** Part 1, section 5 'Report submit', then the server's own rules (DECISIONS.md). */
    async submit(company: CompanyRow, reporter: SessionUser, input: RecordSubmitInput): Promise<SubmitResult> {
      const houseIds = [...new Set(input.selectHouse)];
      const houses = await records.findHouses(company.id, houseIds);
      const failure = validateRecordSubmit(
        { ...input, selectHouse: input.selectHouse },
        { needsIdCard: houses.some((h) => h.isNeedIdCard), maxCustomers: company.maxCustomersPerReport },
      );
      if (failure) {
        if (failure.kind === 'message') throw new ValidationError(failure.message);
        throw new AppError(400, failure.message, { kind: failure.kind, names: failure.names }, failure.title);
      }
      if (houses.length !== houseIds.length) throw new NotFoundError(recordServerText.houseNotFound);
      // Sold-out and stopped listings cannot be reported (the shared rule).
      for (const h of houses) {
        const blocked = houseNotReportableMessage(h);
        if (blocked) throw new ValidationError(blocked);
      }

      const maskedAllowed = houses.every((h) => h.ruleTel === 'MASKED');
      // Pictures come back as the signed URLs they were shown with: stored as plain '/uploads/<key>' (decision 018).
      const customers = input.customerList.map((c) => ({
        ...c,
        name: c.name.trim(),
        phone: c.phone.trim(),
        customerPic: c.customerPic.map(plainUploadUrl),
      }));
      customers.forEach((c, i) => {
        const existingPhones = customers.filter((_, j) => j !== i).map((o) => o.phone);
        const bad = validateCustomer(c, { existingPhones, maskedAllowed });
        if (bad) throw new ValidationError(bad.message);
      });
      // 138****5678 and 13812345678 are one customer to the duplicate rule (decision 066): once per submit.
      const masks = customers.map((c) => duplicateKey(c.phone));
      if (customers.some((c, i) => customers.some((o, j) => j < i && phoneMatch(c.phone, o.phone) !== null))) {
        throw new ValidationError(recordServerText.duplicateInSubmit);
      }

      const now = clock();
      const visit = parseShanghaiMinute(input.visitingTime);
      const window = visitTimeWindow(now, Math.max(...houses.map((h) => h.reportLeadTime)));
      if (!visit || !isVisitTimeAllowed(visit, window)) {
        throw new ValidationError(recordServerText.visitTimeWindow(formatShanghaiMinute(window.earliest), formatShanghaiMinute(window.latest)));
      }

      const pics = [...new Set(customers.flatMap((c) => c.customerPic))];
      await requireProofPictures(company.id, reporter.id, pics, { field: '客户资质图片', notOwned: recordServerText.picNotOwned });

      const dkBlank = !input.dkStaffName && !input.dkStaffPhone;
      const dkName = dkBlank ? reporter.name : input.dkStaffName;
      const dkPhone = dkBlank ? reporter.phone : input.dkStaffPhone;
      const shopManagerId = shopManagerOfReporter(reporter);
      const submissionId = randomUUID();
      const byId = new Map(houses.map((h) => [h.id, h]));

      // 撞单's listing and customer, when the transaction below is refused by it.
      let refused: { houseId: number; mask: string } | null = null;
      const submitting = db.transaction(async (tx) => {
        // 撞单 under concurrency: one waiter at a time per (listing, masked phone), keys in order.
        // The lock is by the pattern, the coarser key: a whole number and a hidden one of it wait for each other.
        const pairs = houseIds
          .flatMap((houseId) => masks.map((mask, index) => ({ houseId, mask, phone: customers[index]!.phone })))
          .sort((a, b) => a.houseId - b.houseId || (a.mask < b.mask ? -1 : a.mask > b.mask ? 1 : 0));
        for (const p of pairs) await records.lockCustomerOfHouse(p.houseId, p.mask, tx);
        for (const p of pairs) {
          const h = byId.get(p.houseId)!;
          // 到访为王 (decision 053): other distributors' reports still waiting for the arrival do not block.
          const found = blockingReports(await records.findProtecting(company.id, p.houseId, p.phone, tx), reporter.distributorId, h.protectionMode);
          const first = found[0];
          if (!first) continue;
          const other = found.find((f) => f.distributorId !== reporter.distributorId);
          const blocking = other ?? first;
          const until = blocking.protectUntil ? formatShanghaiMinute(blocking.protectUntil) : null;
          const match = phoneMatch(p.phone, blocking.customerPhone) ?? 'pattern';
          refused = { houseId: p.houseId, mask: p.mask };
          throw new ConflictError((other ? recordServerText.duplicateOther : recordServerText.duplicateOwn)(h.name, p.mask, until, match));
        }

        const customerIds = [];
        for (const c of customers) {
          customerIds.push(
            await deps.customers.saveForReport(
              tx,
              {
                companyId: company.id,
                ownerId: reporter.id,
                distributorId: reporter.distributorId,
                name: c.name,
                sex: c.sex ?? 0,
                phone: c.phone,
                telType: c.telType,
                anchor: nameAnchor(c.name),
                pics: c.customerPic,
                consentedAt: now,
              },
            ),
          );
        }
        // Each report to the on-duty auditor with the fewest open reports (kept counts, decision
        // 030) among those whose audit scope covers its listing (decision 047), one by one; none
        // on duty: the first AUDITORADMIN. Picked last, by the report's
        // insert itself, because the pick holds that auditor's count row to the commit: a free
        // count near the fewest; for the first report, when every such count is held, the one
        // waited for, checked by the insert too (insertReportWaitingForAuditor).
        let admin: number | null | undefined;
        let picks = 0;
        const insert = async (values: Omit<RecordInsert, 'auditorId'>): Promise<number> => {
          if (admin === undefined) {
            const first = picks++ === 0;
            const free = await records.insertReportToFreeAuditor(values, reporter, tx);
            if (free !== null) return free;
            if (first) {
              const waited = await records.insertReportWaitingForAuditor(company.id, values, reporter, tx);
              if (waited !== null) return waited;
            } else {
              // It holds a count already: waiting could close a circle with another submit.
              const auditorId = await records.pickAuditor(company.id, values.houseId, 'no-wait', tx);
              if (auditorId !== null) return records.insertReport({ ...values, auditorId }, reporter, tx);
            }
            admin = await records.firstAuditorAdmin(company.id, tx);
          }
          if (admin === null) throw new ConflictError(recordServerText.noAuditor);
          return records.insertReport({ ...values, auditorId: admin }, reporter, tx);
        };
        const ids: number[] = [];
        for (const houseId of houseIds) {
          const h = byId.get(houseId)!;
          for (const [i, c] of customers.entries()) {
            ids.push(
              await insert({
                companyId: company.id,
                houseId,
                customerId: customerIds[i]!,
                customerName: customerDisplayName(c.name, c.sex),
                customerSex: c.sex ?? 0,
                customerPhone: c.phone,
                customerPhoneMasked: masks[i]!,
                customerTelType: c.telType,
                customerPics: c.customerPic,
                // The rules above refused pictures without the customer's consent (docs/decisions/095).
                picConsentAt: c.customerPic.length > 0 ? now : null,
                reporterId: reporter.id,
                distributorId: reporter.distributorId,
                shopManagerId,
                // The shop the report is made under, kept when the broker moves (issue 28, item 3).
                shopName: reporter.shopName,
                dkName,
                dkPhone,
                visitorNum: input.visitorNum ?? 1,
                reception: input.reception,
                remark: input.remark,
                estimatedVisitTime: visit,
                status: 'RECORDSTART',
                protectUntil: new Date(now.getTime() + h.reportProtectHours * 3_600_000),
                version: 1,
                submissionId,
              }),
            );
          }
        }
        for (const recordId of ids) await deps.notify?.(tx, { kind: 'RECORD_NEW', companyId: company.id, recordId, actorId: reporter.id, now });
        return ids;
      });
      const recordIds = await submitting.catch(async (error: unknown) => {
        const found = refused as { houseId: number; mask: string } | null;
        if (found && error instanceof ConflictError) {
          // Kept after the rollback, so the refusal changes nothing of the submit; 数据驾驶舱 counts it.
          await records.insertRefusal({
            companyId: company.id,
            houseId: found.houseId,
            reporterId: reporter.id,
            distributorId: reporter.distributorId,
            shopManagerId,
            customerPhoneMasked: found.mask,
            createdAt: now,
          });
        }
        throw error;
      });

      const lines: string[] = [recordServerText.submitSuccess];
      for (const houseId of houseIds) {
        for (const [i, c] of customers.entries()) {
          lines.push(recordServerText.submitLine(byId.get(houseId)!.name, customerDisplayName(c.name, c.sex), masks[i]!));
        }
      }
      lines.push(recordServerText.visitLine(input.visitingTime));
      return { submissionId, recordIds, msg: lines.join('\n'), msgTitle: recordServerText.submitSuccessTitle };
    },
  };
}

export type RecordService = ReturnType<typeof createRecordService>;
